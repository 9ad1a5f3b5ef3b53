# Library.InstallShared: checks libshadersort.so as a -DBUILD_SHARED_LIBS=ON build installs it
# (shared_library_build.cmake) in a fresh prefix: the files, the SONAME and the exports; runs
# examples/sort_buffer built against it through find_package(shadersort) (the installed
# RPATH-less library found through the example's build RPATH, as CMake gives a user); builds it
# again through pkg-config (found through LD_LIBRARY_PATH) and runs it; and checks that both load
# libshadersort.so under its SONAME. The same for libshadersort_pixel.so (test_install_pixel.cmake):
# its files, SONAME and exports, and pixel_consumer built against the prefix through find_package
# (loading both libraries) and through `pkg-config shadersort-pixel` (the library alone on its link
# line: it links its image libraries itself), each giving `shadersort run --out`'s picture. The
# fixture library_shared (library_test_build.cmake, FORM=shared) installed the archive build's
# shared libraries into WORK_DIR/prefix and built the example in WORK_DIR/example and
# pixel_consumer in WORK_DIR/consumer.
#   cmake -DSOURCE_DIR=<repository> -DWORK_DIR=<the fixture's folder> -DCXX=<compiler>
#         -DSHADERSORT=<the shadersort binary> -DPICTURE_TO_PAM=<tests/picture_to_pam>
#         [-DLAUNCHER=<compiler launcher>]
#         -P cmake/test_install_shared.cmake
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/test_install_pixel.cmake)

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR}/example_pkgconfig)

file(STRINGS ${SOURCE_DIR}/CMakeLists.txt project_line REGEX "^project\\(shadersort VERSION")
string(REGEX MATCH "VERSION ([0-9]+)\\.([0-9]+)\\.([0-9]+)" version "${project_line}")
set(version ${CMAKE_MATCH_1}.${CMAKE_MATCH_2}.${CMAKE_MATCH_3})
set(soversion ${CMAKE_MATCH_1}.${CMAKE_MATCH_2})
if(CMAKE_MATCH_1 GREATER 0)
  set(soversion ${CMAKE_MATCH_1})
endif()
set(soname libshadersort.so.${soversion})
set(pixel_soname libshadersort_pixel.so.${soversion})
foreach(installed include/shadersort/gpu_sorter.h include/shadersort/pixel_sort.h
                  lib/libshadersort.so lib/${soname} lib/libshadersort.so.${version}
                  lib/libshadersort_pixel.so lib/${pixel_soname} lib/libshadersort_pixel.so.${version}
                  lib/cmake/shadersort/shadersortConfig.cmake lib/pkgconfig/shadersort.pc
                  lib/pkgconfig/shadersort-pixel.pc)
  if(NOT EXISTS ${prefix}/${installed})
    message(FATAL_ERROR "cmake --install left out ${installed}")
  endif()
endforeach()
foreach(archive libshadersort.a libshadersort_pixel.a)
  if(EXISTS ${prefix}/lib/${archive})
    message(FATAL_ERROR "a BUILD_SHARED_LIBS=ON install holds ${archive}")
  endif()
endforeach()

# The SONAMEs, and the exports: the public API, not glad or the library's internals (the
# Library.OwnGlad* tests check libshadersort's glad symbols).
foreach(library libshadersort libshadersort_pixel)
  run(readelf --dynamic --wide ${prefix}/lib/${library}.so.${version})
  if(NOT last_output MATCHES "\\(SONAME\\)[^\n]*\\[${library}\\.so\\.${soversion}\\]")
    message(FATAL_ERROR "${library}.so's SONAME is not ${library}.so.${soversion}:\n${last_output}")
  endif()
endforeach()
check_pixel_exports(${prefix}/lib/libshadersort_pixel.so.${version} --dynamic)
run(nm --dynamic --defined-only --demangle ${prefix}/lib/libshadersort.so.${version})
set(exports "${last_output}")
foreach(expected "shadersort::GpuSorter::sort\\(" "shadersort::GpuSorter::GpuSorter\\(" "typeinfo for shadersort::SortError")
  if(NOT exports MATCHES "${expected}")
    message(FATAL_ERROR "libshadersort.so does not export ${expected}")
  endif()
endforeach()
string(REGEX MATCHALL "[^\n]*shadersort::[^\n]*" shadersort_exports "${exports}")
list(FILTER shadersort_exports EXCLUDE REGEX "shadersort::(GpuSorter|SortError)")
if(shadersort_exports)
  list(JOIN shadersort_exports "\n" shown)
  message(FATAL_ERROR "libshadersort.so exports more than its public API:\n${shown}")
endif()

function(check_loads binary)
  run(ldd ${binary})
  string(REGEX MATCH "[^\n]*libshadersort[^\n]*" line "${last_output}")
  string(STRIP "${line}" line)
  string(FIND "${line}" "${soname} => ${prefix}/lib/${soname} " at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "${binary} does not load ${prefix}/lib/${soname}; ldd:\n${last_output}")
  endif()
  message(STATUS "ldd ${binary}: ${line}")
  run(${binary})
  message(STATUS "${last_output}")
endfunction()

# find_package(shadersort): CMake gave the example a build RPATH naming the prefix's lib.
unset(ENV{LD_LIBRARY_PATH})
check_loads(${WORK_DIR}/example/sort_buffer)

# pkg-config, by hand, as a Makefile would: no RPATH, so LD_LIBRARY_PATH.
find_program(PKG_CONFIG pkg-config REQUIRED)
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
run(${PKG_CONFIG} --cflags --libs shadersort)
separate_arguments(flags UNIX_COMMAND "${last_output}")
file(MAKE_DIRECTORY ${WORK_DIR}/example_pkgconfig)
# The example's own glad, as its CMake build generated and compiled it.
run(${CXX} -std=c++20 -O1 -o ${WORK_DIR}/example_pkgconfig/sort_buffer -isystem ${WORK_DIR}/example/glad/include
    ${SOURCE_DIR}/examples/sort_buffer/sort_buffer.cpp ${WORK_DIR}/example/libsort_buffer_glad.a ${flags})
set(ENV{LD_LIBRARY_PATH} ${prefix}/lib)
check_loads(${WORK_DIR}/example_pkgconfig/sort_buffer)
file(REMOVE_RECURSE ${WORK_DIR}/example_pkgconfig)

# The pixel-sort consumers, each loading libshadersort_pixel.so from the prefix under its SONAME.
function(check_loads_pixel_library binary)
  run(ldd ${binary})
  string(REGEX MATCH "${pixel_soname} => ([^ ]+) " line "${last_output}")
  if(NOT CMAKE_MATCH_1 STREQUAL "${prefix}/lib/${pixel_soname}")
    message(FATAL_ERROR "${binary} does not load ${prefix}/lib/${pixel_soname}; ldd:\n${last_output}")
  endif()
endfunction()
set(pixel_dir ${WORK_DIR}/pixel)
make_pixel_reference(${SHADERSORT} ${PICTURE_TO_PAM} ${SOURCE_DIR} ${pixel_dir})
unset(ENV{LD_LIBRARY_PATH})
check_loads_pixel_library(${WORK_DIR}/consumer/pixel_consumer)
run(ldd ${WORK_DIR}/consumer/pixel_consumer)
if(NOT last_output MATCHES "${soname} => ${prefix}/lib/${soname} ")
  message(FATAL_ERROR "pixel_consumer does not load ${prefix}/lib/${soname} beside the pixel library; ldd:\n${last_output}")
endif()
check_pixel_consumer(${WORK_DIR}/consumer/pixel_consumer ${pixel_dir})
build_pixel_consumer_with_pkg_config(${CXX} ${SOURCE_DIR} ${WORK_DIR}/consumer ${prefix} ${pixel_dir})
set(ENV{LD_LIBRARY_PATH} ${prefix}/lib)
check_loads_pixel_library(${pixel_dir}/pixel_consumer_pkgconfig)
check_pixel_consumer(${pixel_dir}/pixel_consumer_pkgconfig ${pixel_dir})
file(REMOVE_RECURSE ${pixel_dir})
