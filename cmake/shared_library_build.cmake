# install_shared_library(BUILD PREFIX): configures BUILD with -DBUILD_SHARED_LIBS=ON from
# SOURCE_DIR, builds only the library (not the app or the tests) through LAUNCHER, and installs it
# into PREFIX, for the tests of libshadersort.so (test_install_shared.cmake,
# test_library_consumer.cmake). BUILD is kept between runs, and the tests that share it hold the
# same RESOURCE_LOCK, so that a second run rebuilds nothing. Needs SOURCE_DIR, CC, CXX and LAUNCHER.
include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

function(install_shared_library build prefix)
  set(launchers "")
  if(LAUNCHER)
    set(launchers -DCMAKE_C_COMPILER_LAUNCHER=${LAUNCHER} -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
  endif()
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${build} -G Ninja -DBUILD_SHARED_LIBS=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
      -DCMAKE_C_COMPILER=${CC} -DCMAKE_CXX_COMPILER=${CXX} ${launchers})
  run(${CMAKE_COMMAND} --build ${build} --target shadersort_installed --parallel 2)  # CI has 2 cores
  run(${CMAKE_COMMAND} --install ${build} --prefix ${prefix})
endfunction()
