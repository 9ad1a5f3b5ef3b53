# Library.ArchiveInPlugin, Library.OwnGladArchive, Library.OwnGladShared: installs libshadersort.a
# (FORM=static) or libshadersort.so (FORM=shared, as a -DBUILD_SHARED_LIBS=ON build installs it)
# from the archive build BUILD_DIR into a fresh prefix, checks with nm that the library makes none of glad's
# symbols and none of its internals global, builds tests/library_consumer against it (a user with
# a glad of its own, GL 4.6 core) and runs TARGET: own_glad_consumer, the program, or plugin_host,
# which dlopens the plug-in that links the library into a shared object.
#   cmake -DFORM=static|shared -DTARGET=<own_glad_consumer|plugin_host> -DSOURCE_DIR=<repository>
#         -DWORK_DIR=<scratch folder> -DCC=<C compiler> -DCXX=<compiler> -DNM=<nm>
#         -DBUILD_DIR=<archive build> [-DLAUNCHER=<compiler launcher>]
#         -P cmake/test_library_consumer.cmake
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/shared_library_build.cmake)

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${prefix} ${WORK_DIR}/consumer)
if(FORM STREQUAL "static")
  run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
  set(library ${prefix}/lib/libshadersort.a)
  set(nm_symbols --extern-only)
elseif(FORM STREQUAL "shared")
  install_shared_library(${BUILD_DIR} ${prefix})
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

# The consumer, with its own glad, against the prefix alone.
set(launchers "")
if(LAUNCHER)
  set(launchers -DCMAKE_C_COMPILER_LAUNCHER=${LAUNCHER} -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/library_consumer -B ${WORK_DIR}/consumer -G Ninja
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_C_COMPILER=${CC} -DCMAKE_CXX_COMPILER=${CXX}
    -DCMAKE_BUILD_TYPE=RelWithDebInfo ${launchers})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer --target ${TARGET})
unset(ENV{LD_LIBRARY_PATH})  # the build RPATH finds libshadersort.so
run(${WORK_DIR}/consumer/${TARGET})
message(STATUS "${last_output}")
file(REMOVE_RECURSE ${prefix} ${WORK_DIR}/consumer)
