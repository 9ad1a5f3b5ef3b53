# Library.ArchiveInPlugin, Library.OwnGladArchive, Library.OwnGladShared: check with nm that the
# installed libshadersort.a (FORM=static) or libshadersort.so (FORM=shared) makes none of glad's
# symbols and none of its internals global, and run TARGET of tests/library_consumer built against
# it (a user with a glad of its own, GL 4.6 core): own_glad_consumer, the program, or plugin_host,
# which dlopens the plug-in that links the library into a shared object. The fixtures
# library_static and library_shared (library_test_build.cmake) installed the library into
# WORK_DIR/prefix and built the consumer in WORK_DIR/consumer.
#   cmake -DFORM=static|shared -DTARGET=<own_glad_consumer|plugin_host> -DWORK_DIR=<the fixture's folder>
#         -DNM=<nm> -P cmake/test_library_consumer.cmake
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

set(prefix ${WORK_DIR}/prefix)
if(FORM STREQUAL "static")
  set(library ${prefix}/lib/libshadersort.a)
  set(nm_symbols --extern-only)
elseif(FORM STREQUAL "shared")
  set(library ${prefix}/lib/libshadersort.so)
  set(nm_symbols --dynamic)
else()
  message(FATAL_ERROR "FORM must be static or shared, not '${FORM}'")
endif()
if(NOT EXISTS ${library})
  message(FATAL_ERROR "cmake --install left out ${library}")
endif()
if(EXISTS ${prefix}/include/shadersort/third_party)
  message(FATAL_ERROR "glad's headers are installed, though glad is the library's own")
endif()

# Global, defined: glad's symbols (glad_gl*, gladLoadGL, GLAD_GL_VERSION_*) must be none of them,
# and the only strong ones (not weak template or inline code) those of the public API.
run(${NM} ${nm_symbols} --defined-only --demangle ${library})
string(REGEX MATCHALL "[^\n]* [A-Za-z] [^\n]*" symbols "${last_output}")
set(glad_symbols ${symbols})
list(FILTER glad_symbols INCLUDE REGEX " [A-Za-z] [^ ]*[Gg][Ll][Aa][Dd]")
if(glad_symbols)
  list(LENGTH glad_symbols count)
  list(SUBLIST glad_symbols 0 10 shown)
  list(JOIN shown "\n" shown)
  message(FATAL_ERROR "${library} makes ${count} of glad's symbols global, among them:\n${shown}")
endif()
set(strong ${symbols})
list(FILTER strong INCLUDE REGEX " [ABCDGRST] ")
list(FILTER strong EXCLUDE REGEX " [ABCDGRST] (typeinfo for |typeinfo name for |vtable for )?shadersort::(GpuSorter|SortError)([:( ]|$)")
list(FILTER strong EXCLUDE REGEX " [ABCDGRST] (_init|_fini)$")
if(strong)
  list(JOIN strong "\n" shown)
  message(FATAL_ERROR "${library} makes more than its public API global:\n${shown}")
endif()
message(STATUS "${library}: no global glad symbol, nothing strong but the public API")

# The consumer, with its own glad, built against the prefix alone.
unset(ENV{LD_LIBRARY_PATH})  # the build RPATH finds libshadersort.so
run(${WORK_DIR}/consumer/${TARGET})
message(STATUS "${last_output}")
