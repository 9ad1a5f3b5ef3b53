# Library.Install: checks what `cmake --install` put in a fresh prefix, runs examples/sort_buffer
# built against it through find_package(shadersort) alone, and checks that pkg-config finds
# shadersort.pc. The fixture library_static (library_test_build.cmake, FORM=static) installed the
# archive build into WORK_DIR/prefix and built the example in WORK_DIR/example.
#   cmake -DWORK_DIR=<the fixture's folder> -P cmake/test_install.cmake
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

set(prefix ${WORK_DIR}/prefix)
foreach(installed include/shadersort/gpu_sorter.h lib/libshadersort.a lib/cmake/shadersort/shadersortConfig.cmake
                  lib/cmake/shadersort/shadersortConfigVersion.cmake lib/pkgconfig/shadersort.pc)
  if(NOT EXISTS ${prefix}/${installed})
    message(FATAL_ERROR "cmake --install left out ${installed}")
  endif()
endforeach()

run(${WORK_DIR}/example/sort_buffer)
message(STATUS "${last_output}")

find_program(PKG_CONFIG pkg-config REQUIRED)
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
run(${PKG_CONFIG} --cflags --libs shadersort)
string(REGEX MATCH "-I([^ \n]+)" include_flag "${last_output}")
if(NOT EXISTS "${CMAKE_MATCH_1}/shadersort/gpu_sorter.h" OR NOT last_output MATCHES "-lshadersort")
  message(FATAL_ERROR "pkg-config --cflags --libs shadersort gave: ${last_output}")
endif()
