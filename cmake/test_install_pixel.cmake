# The pixel-sort library's part of Library.Install and Library.InstallShared (test_install.cmake,
# test_install_shared.cmake): checks that the installed libshadersort_pixel makes nothing global but
# the pixel-sort API (no glad, no GpuSorter: a program may link libshadersort beside it), and that
# pixel_consumer (tests/library_consumer/pixel_consumer.cpp), built against the prefix, gives
# `shadersort run --out`'s picture byte for byte. Both sides' pictures are compared as PAM files
# (raw RGBA), which tests/picture_to_pam.cpp writes with shadersort's decoder, so that the consumer
# needs no image library.
include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

# The options pixel_consumer.cpp sets, as `shadersort run` takes them.
set(kRunOptions --path angle:30 --spans threshold --lower 0.25 --key lightness)
list(JOIN kRunOptions " " kRunOptionsText)
set(kPicture assets/default_input.png)  # 256x192, small enough to cost the suite little

# Fails unless `library` (read by nm with `nm_symbols`: --extern-only for an archive, --dynamic for
# a shared library) defines the pixel-sort API and makes no other strong symbol and no glad symbol
# global (weak ones are inline and template code, which merges).
function(check_pixel_exports library nm_symbols)
  run(nm ${nm_symbols} --defined-only --demangle ${library})
  if(NOT last_output MATCHES " T shadersort::PixelSorter::sort\\(")
    message(FATAL_ERROR "${library} does not define shadersort::PixelSorter::sort")
  endif()
  string(REGEX MATCHALL "[^\n]* [A-Za-z] [^\n]*" symbols "${last_output}")
  set(glad_symbols ${symbols})
  list(FILTER glad_symbols INCLUDE REGEX " [A-Za-z] [^ ]*[Gg][Ll][Aa][Dd]")
  set(strong ${symbols})
  list(FILTER strong INCLUDE REGEX " [ABCDGRST] ")
  list(FILTER strong EXCLUDE REGEX
       " [ABCDGRST] (typeinfo for |typeinfo name for |vtable for )?shadersort::(PixelSorter|PixelSortError|SettingsError)([:( ]|$)")
  list(FILTER strong EXCLUDE REGEX " [ABCDGRST] (_init|_fini)$")
  set(unwanted ${glad_symbols} ${strong})
  if(unwanted)
    list(LENGTH unwanted count)
    list(SUBLIST unwanted 0 10 shown)
    list(JOIN shown "\n" shown)
    message(FATAL_ERROR "${library} makes ${count} symbols global beyond the pixel-sort API, among them:\n${shown}")
  endif()
  message(STATUS "${library}: nothing strong global but the pixel-sort API, no glad symbol")
endfunction()

# `shadersort run kPicture kRunOptions --out`'s picture, and kPicture, as PAM files in `dir`
# (expected.pam, input.pam).
function(make_pixel_reference shadersort picture_to_pam source_dir dir)
  file(REMOVE_RECURSE ${dir})
  file(MAKE_DIRECTORY ${dir})
  run(${shadersort} run ${source_dir}/${kPicture} ${kRunOptions} --out ${dir}/expected.png)
  run(${picture_to_pam} ${dir}/expected.png ${dir}/expected.pam)
  run(${picture_to_pam} ${source_dir}/${kPicture} ${dir}/input.pam)
endfunction()

# Runs `consumer` on `dir`/input.pam and fails unless its picture equals `dir`/expected.pam.
function(check_pixel_consumer consumer dir)
  file(REMOVE ${dir}/sorted.pam)
  run(${consumer} ${dir}/input.pam ${dir}/sorted.pam)
  message(STATUS "${last_output}")
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${dir}/sorted.pam ${dir}/expected.pam RESULT_VARIABLE differ)
  if(NOT differ EQUAL 0)
    message(FATAL_ERROR "${consumer}'s picture differs from `shadersort run ${kPicture} ${kRunOptionsText} --out`'s")
  endif()
  message(STATUS "${consumer}: the picture of `shadersort run ${kRunOptionsText}`, byte for byte")
endfunction()

# pixel_consumer.cpp, pixel-sort only, built by hand as a Makefile would through `pkg-config
# --cflags shadersort-pixel` and `pkg-config [further arguments] --libs shadersort-pixel` (--static
# for the archive: its Libs.private), with the glad that the fixture's consumer build generated
# and compiled, into `dir`/pixel_consumer_pkgconfig. The compile goes through LAUNCHER (ccache)
# where the script was given one: most of this check's time otherwise.
function(build_pixel_consumer_with_pkg_config cxx source_dir consumer_build prefix dir)
  find_program(PKG_CONFIG pkg-config REQUIRED)
  set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
  run(${PKG_CONFIG} --cflags shadersort-pixel)
  separate_arguments(cflags UNIX_COMMAND "${last_output}")
  run(${PKG_CONFIG} ${ARGN} --libs shadersort-pixel)
  separate_arguments(libs UNIX_COMMAND "${last_output}")
  message(STATUS "pkg-config --cflags shadersort-pixel: ${cflags}; pkg-config ${ARGN} --libs shadersort-pixel: ${libs}")
  run(${LAUNCHER} ${cxx} -std=c++20 -O1 -DCONSUMER_PIXEL_ONLY -isystem ${consumer_build}/glad/include ${cflags}
      -c ${source_dir}/tests/library_consumer/pixel_consumer.cpp -o ${dir}/pixel_consumer_pkgconfig.o)
  run(${cxx} -o ${dir}/pixel_consumer_pkgconfig ${dir}/pixel_consumer_pkgconfig.o ${consumer_build}/libconsumer_glad.a ${libs})
endfunction()
