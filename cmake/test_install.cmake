# Library.Install: installs the build into a fresh prefix, builds examples/sort_buffer against it
# through find_package(shadersort) alone, runs it, and checks that pkg-config finds shadersort.pc.
#   cmake -DBUILD_DIR=<build> -DSOURCE_DIR=<repository> -DWORK_DIR=<scratch folder> -DCXX=<compiler> -P cmake/test_install.cmake
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(installed include/shadersort/gpu_sorter.h lib/libshadersort.a lib/cmake/shadersort/shadersortConfig.cmake
                  lib/cmake/shadersort/shadersortConfigVersion.cmake lib/pkgconfig/shadersort.pc)
  if(NOT EXISTS ${prefix}/${installed})
    message(FATAL_ERROR "cmake --install left out ${installed}")
  endif()
endforeach()

run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/sort_buffer -B ${WORK_DIR}/example -G Ninja
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_BUILD_TYPE=RelWithDebInfo)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/example)
run(${WORK_DIR}/example/sort_buffer)
message(STATUS "${last_output}")

find_program(PKG_CONFIG pkg-config REQUIRED)
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
run(${PKG_CONFIG} --cflags --libs shadersort)
string(REGEX MATCH "-I([^ \n]+)" include_flag "${last_output}")
if(NOT EXISTS "${CMAKE_MATCH_1}/shadersort/gpu_sorter.h" OR NOT last_output MATCHES "-lshadersort")
  message(FATAL_ERROR "pkg-config --cflags --libs shadersort gave: ${last_output}")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
