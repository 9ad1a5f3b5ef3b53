# install_shared_library(BUILD PREFIX): installs libshadersort.so and libshadersort_pixel.so from
# the archive build BUILD into PREFIX, as a -DBUILD_SHARED_LIBS=ON build installs them (the
# shared_library_check component: CMakeLists.txt), for the tests of the shared libraries
# (library_test_build.cmake).
include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

function(install_shared_library build prefix)
  run(${CMAKE_COMMAND} --install ${build} --component shared_library_check --prefix ${prefix})
endfunction()
