# Library.BuildArchive and Library.BuildShared: the shared setup of the library tests (ctest
# fixtures library_static and library_shared, CMakeLists.txt). Installs libshadersort.a and
# libshadersort_pixel.a (FORM=static) or the two .so files (FORM=shared, as a
# -DBUILD_SHARED_LIBS=ON build installs them: shared_library_build.cmake) from the archive build BUILD_DIR into WORK_DIR/prefix, then builds
# against that prefix alone, once for all the tests of that form:
#   WORK_DIR/example   examples/sort_buffer through find_package(shadersort), as a user would;
#   WORK_DIR/consumer  tests/library_consumer: own_glad_consumer, pixel_consumer (both libraries)
#                      and, from the archive, plugin_host.
# The tests check and run what it built (test_install.cmake, test_install_shared.cmake,
# test_library_consumer.cmake). Each build configures a project and generates and compiles a glad,
# about 12 s of CPU; the five tests each built their own before (63 s of CPU against 56 now).
#   cmake -DFORM=static|shared -DSOURCE_DIR=<repository> -DBUILD_DIR=<archive build>
#         -DWORK_DIR=<scratch folder> -DCC=<C compiler> -DCXX=<compiler> [-DLAUNCHER=<compiler launcher>]
#         -P cmake/library_test_build.cmake
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/shared_library_build.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
if(FORM STREQUAL "static")
  run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
  set(consumer_targets own_glad_consumer pixel_consumer plugin_host)
elseif(FORM STREQUAL "shared")
  install_shared_library(${BUILD_DIR} ${prefix})
  set(consumer_targets own_glad_consumer pixel_consumer)
else()
  message(FATAL_ERROR "FORM must be static or shared, not '${FORM}'")
endif()

set(options -G Ninja -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_C_COMPILER=${CC} -DCMAKE_CXX_COMPILER=${CXX}
    -DCMAKE_BUILD_TYPE=RelWithDebInfo)
if(LAUNCHER)
  list(APPEND options -DCMAKE_C_COMPILER_LAUNCHER=${LAUNCHER} -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/sort_buffer -B ${WORK_DIR}/example ${options})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/example)
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/library_consumer -B ${WORK_DIR}/consumer ${options})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer --target ${consumer_targets})
message(STATUS "built examples/sort_buffer and ${consumer_targets} against ${prefix}")
