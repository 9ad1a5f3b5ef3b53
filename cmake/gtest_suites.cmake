# Writes OUTPUT, a CTest file with one test per gtest suite of BINARY (a suite of more than CHUNK
# tests becomes several, CHUNK tests each), each running its tests in one process:
#   cmake -DBINARY=<test binary> -DOUTPUT=<file> -DCHUNK=<n> -DENVIRONMENT=<VAR=value>
#         [-DALONE=<Suite.Test,...>] -P cmake/gtest_suites.cmake
# The tests in ALONE run in a process of their own, named Suite.Test: they measure a child's
# peak memory, and Linux counts in a child's peak (wait4's ru_maxrss) what its parent held when it
# forked, which grows as a process runs test after test.
# Run after each link of BINARY (tests/CMakeLists.txt). One process per suite rather than per
# test: a process of the app tests costs about 0.3 s before its first test (163 shared libraries,
# an llvmpipe context with debug output), which over about 980 tests was a quarter of the
# suite's time on two cores. Tests in one process share the GL context as they always did within
# a binary; the GL error check still judges each test on its own (tests/gl_test_environment.cpp).
# A failing entry's output names the failing tests, and `ctest -R Suite` runs one suite; for one
# test, run the binary with --gtest_filter=Suite.Test.
cmake_minimum_required(VERSION 3.25)

execute_process(COMMAND ${BINARY} --gtest_list_tests OUTPUT_VARIABLE listing ERROR_VARIABLE errors
                RESULT_VARIABLE result TIMEOUT 60)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${BINARY} --gtest_list_tests failed (${result}): ${errors}")
endif()

# gtest's listing: a suite "Suite." (value-parameterized: "Prefix/Suite.") at the start of a line,
# its tests indented below it; typed and parameterized ones end in "  # GetParam() = ...".
string(REPLACE ";" "\\;" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")
set(suites "")
set(suite "")
string(REPLACE "," ";" alone "${ALONE}")
set(alone_found "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE " *#.*$" "" line "${line}")
  if(line MATCHES "^([^ ].*)\\.$")
    set(suite "${CMAKE_MATCH_1}")
    string(MAKE_C_IDENTIFIER "${suite}" id)
    list(APPEND suites "${suite}")
    set(tests_${id} "")
  elseif(line MATCHES "^  ([^ ]+)$" AND NOT suite STREQUAL "")
    set(test "${CMAKE_MATCH_1}")
    # gtest skips DISABLED_ tests; some are children other tests start on purpose.
    if(suite MATCHES "(^|/)DISABLED_" OR test MATCHES "^DISABLED_")
    elseif("${suite}.${test}" IN_LIST alone)
      list(APPEND alone_found "${suite}.${test}")
    else()
      list(APPEND tests_${id} "${test}")
    endif()
  endif()
endforeach()

set(content "# Written by cmake/gtest_suites.cmake from ${BINARY} --gtest_list_tests; do not edit.\n")
foreach(suite IN LISTS suites)
  string(MAKE_C_IDENTIFIER "${suite}" id)
  list(LENGTH tests_${id} count)
  if(count EQUAL 0)
    continue()
  endif()
  # Entries of at most CHUNK tests, the sizes as even as they can be.
  math(EXPR parts "(${count} + ${CHUNK} - 1) / ${CHUNK}")
  set(first 0)
  foreach(part RANGE 1 ${parts})
    math(EXPR last "${count} * ${part} / ${parts}")
    math(EXPR length "${last} - ${first}")
    list(SUBLIST tests_${id} ${first} ${length} chunk)
    set(first ${last})
    if(parts EQUAL 1)
      set(name "${suite}")
      set(filter "${suite}.*")
    else()
      set(name "${suite}:${part}of${parts}")
      list(TRANSFORM chunk PREPEND "${suite}.")
      list(JOIN chunk ":" filter)
    endif()
    # The cost orders a fresh run (no timings yet) longest first, so that no long suite starts last.
    string(APPEND content "add_test([=[${name}]=] [=[${BINARY}]=] [=[--gtest_filter=${filter}]=])\n"
                          "set_tests_properties([=[${name}]=] PROPERTIES ENVIRONMENT [=[${ENVIRONMENT}]=]"
                          " COST ${length})\n")
  endforeach()
endforeach()

foreach(test IN LISTS alone)
  if(NOT test IN_LIST alone_found)
    message(FATAL_ERROR "${BINARY} has no test ${test} (ALONE, tests/CMakeLists.txt)")
  endif()
endforeach()
foreach(test IN LISTS alone_found)
  string(APPEND content "add_test([=[${test}]=] [=[${BINARY}]=] [=[--gtest_filter=${test}]=])\n"
                        "set_tests_properties([=[${test}]=] PROPERTIES ENVIRONMENT [=[${ENVIRONMENT}]=] COST 1)\n")
endforeach()

file(WRITE ${OUTPUT}.tmp "${content}")
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
