# Library.Install: checks what `cmake --install` put in a fresh prefix, runs examples/sort_buffer
# built against it through find_package(shadersort) alone, and checks that pkg-config finds
# shadersort.pc. The pixel-sort library (test_install_pixel.cmake): its exports, and pixel_consumer
# built against the prefix through find_package (beside libshadersort) and through
# `pkg-config --static shadersort-pixel`, each giving `shadersort run --out`'s picture. The fixture
# library_static (library_test_build.cmake, FORM=static) installed the archive build into
# WORK_DIR/prefix and built the example in WORK_DIR/example and pixel_consumer in WORK_DIR/consumer.
#   cmake -DSOURCE_DIR=<repository> -DWORK_DIR=<the fixture's folder> -DCXX=<compiler>
#         -DSHADERSORT=<the shadersort binary> -DPICTURE_TO_PAM=<tests/picture_to_pam>
#         [-DLAUNCHER=<compiler launcher>] -P cmake/test_install.cmake
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/test_install_pixel.cmake)

set(prefix ${WORK_DIR}/prefix)
foreach(installed include/shadersort/gpu_sorter.h include/shadersort/pixel_sort.h lib/libshadersort.a
                  lib/libshadersort_pixel.a lib/cmake/shadersort/shadersortConfig.cmake
                  lib/cmake/shadersort/shadersortConfigVersion.cmake lib/pkgconfig/shadersort.pc
                  lib/pkgconfig/shadersort-pixel.pc)
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

check_pixel_exports(${prefix}/lib/libshadersort_pixel.a --extern-only)
set(pixel_dir ${WORK_DIR}/pixel)
make_pixel_reference(${SHADERSORT} ${PICTURE_TO_PAM} ${SOURCE_DIR} ${pixel_dir})
check_pixel_consumer(${WORK_DIR}/consumer/pixel_consumer ${pixel_dir})
build_pixel_consumer_with_pkg_config(${CXX} ${SOURCE_DIR} ${WORK_DIR}/consumer ${prefix} ${pixel_dir} --static)
check_pixel_consumer(${pixel_dir}/pixel_consumer_pkgconfig ${pixel_dir})
file(REMOVE_RECURSE ${pixel_dir})
