# The architecture's layers, in one table (docs/ARCHITECTURE.md: Layout). CMakeLists.txt builds one static
# library shadersort_<layer> per row, linking the rows under USES and the libraries under PUBLIC
# and PRIVATE, and nothing else; cmake/check_layers.cmake (the Layering.Includes test, and a build
# step) fails when a file includes a header of a layer or of a library that its row does not reach.
#
#   shadersort_layer(NAME [FOLDER folder] [FILES name...] [USES layer...] [PUBLIC lib...] [PRIVATE lib...])
#
# A row holds the files of app/FOLDER (FOLDER defaults to NAME), or with FILES only those (names
# without extension); a folder's other files belong to the row named after the folder. A layer may
# include its own headers, those of the layers under USES and of the layers those use, and the
# headers of its libraries and of the PUBLIC libraries of the layers it uses. PUBLIC: a library
# the layer's own headers include; PRIVATE: one only its .cpp files include. A row may use only
# rows above it, so the table reads from the bottom layer up and can hold no cycle.

set(SHADERSORT_LAYERS "")
set(SHADERSORT_LIBRARIES "")

# A third-party library: its name in the table, the CMake target to link, and a regular
# expression matching its headers as they are included.
function(shadersort_library name target header_regex)
  set(SHADERSORT_LIBRARIES ${SHADERSORT_LIBRARIES} ${name} PARENT_SCOPE)
  set(SHADERSORT_LIBRARY_${name}_TARGET ${target} PARENT_SCOPE)
  set(SHADERSORT_LIBRARY_${name}_HEADERS "${header_regex}" PARENT_SCOPE)
endfunction()

function(shadersort_layer name)
  cmake_parse_arguments(PARSE_ARGV 1 row "" "FOLDER" "FILES;USES;PUBLIC;PRIVATE")
  if(row_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cmake/layers.cmake: layer ${name}: unknown arguments ${row_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT row_FOLDER)
    set(row_FOLDER ${name})
  endif()
  foreach(use IN LISTS row_USES)
    if(NOT use IN_LIST SHADERSORT_LAYERS)
      message(FATAL_ERROR "cmake/layers.cmake: layer ${name} uses ${use}, which is not a row above it")
    endif()
  endforeach()
  foreach(library IN LISTS row_PUBLIC row_PRIVATE)
    if(NOT library IN_LIST SHADERSORT_LIBRARIES)
      message(FATAL_ERROR "cmake/layers.cmake: layer ${name} links ${library}, which is not in the library table")
    endif()
  endforeach()
  set(SHADERSORT_LAYERS ${SHADERSORT_LAYERS} ${name} PARENT_SCOPE)
  set(SHADERSORT_LAYER_${name}_FOLDER ${row_FOLDER} PARENT_SCOPE)
  set(SHADERSORT_LAYER_${name}_FILES ${row_FILES} PARENT_SCOPE)
  set(SHADERSORT_LAYER_${name}_USES ${row_USES} PARENT_SCOPE)
  set(SHADERSORT_LAYER_${name}_PUBLIC ${row_PUBLIC} PARENT_SCOPE)
  set(SHADERSORT_LAYER_${name}_PRIVATE ${row_PRIVATE} PARENT_SCOPE)
endfunction()

#                  name    target              headers
shadersort_library(glad    glad                "^glad/")
shadersort_library(glfw    glfw                "^GLFW/")
shadersort_library(imgui   PkgConfig::IMGUI    "^(imgui|imstb|imconfig|backends/imgui)")
shadersort_library(stb     PkgConfig::STB      "^stb_")
shadersort_library(gif     PkgConfig::GIF      "^gif_lib\\.h$")
shadersort_library(webp    PkgConfig::WEBP     "^webp/")
shadersort_library(cli11   shadersort_cli11    "^CLI/")
shadersort_library(toml    PkgConfig::TOMLPP   "^toml\\+\\+/")
# FFmpeg: its headers only; app/video opens the libraries on first use (video/ffmpeg_functions.h).
shadersort_library(ffmpeg  shadersort_ffmpeg_headers "^lib(avformat|avcodec|swscale|avutil)/")
shadersort_library(sndfile PkgConfig::SNDFILE  "^sndfile\\.h")
# SDL2: its headers only; app/audio/audio_player.cpp opens the library when sound first plays.
shadersort_library(sdl2    shadersort_sdl2_headers "^SDL")

#                layer     rows it uses                                       libraries
shadersort_layer(core)
shadersort_layer(gl        USES core                                         PUBLIC glad)
shadersort_layer(platform  USES core gl)
# platform/window.* is a layer of its own: what needs only the headless EGL context (the sort tests) links no GLFW.
shadersort_layer(window    FOLDER platform FILES window USES core gl platform PRIVATE glfw)
shadersort_layer(sort      USES core gl)
# The library's public face (include/shadersort/): sorts the caller's GL buffers in place.
shadersort_layer(lib       USES core gl sort)
shadersort_layer(data      USES core sort                                    PRIVATE stb webp)
shadersort_layer(render    USES core gl sort data                            PRIVATE gif)
shadersort_layer(bench     USES core gl sort data lib)
# Video in and out through FFmpeg: frames as RGBA8 pictures, audio copied as packets.
shadersort_layer(video     USES core data render                             PRIVATE ffmpeg)
# Pixel-sort art: paths, spans, keys and the pipeline that packs spans for any sorter.
shadersort_layer(art       USES core gl sort data render                     PRIVATE toml)
# The library's pixel-sort (include/shadersort/pixel_sort.h): the art pipeline for the caller's pictures.
shadersort_layer(pixel     FOLDER lib FILES pixel_sort pixel_state_guard USES core gl sort data render art lib)
# Sound: each pass's chord (sort/ states to tones to samples), WAV files and playback.
shadersort_layer(audio     USES core sort                                    PRIVATE sndfile sdl2)
shadersort_layer(ui        USES core gl window sort data render video art audio PUBLIC imgui PRIVATE glfw)
shadersort_layer(cli       USES core gl platform sort data render bench video art audio ui PRIVATE cli11)

# The layer a file under app/ belongs to ("sort/verify.h" -> sort, "platform/window.cpp" ->
# window, "sort/compute/kernel.h" -> sort: a subfolder belongs to its folder's row), or "" where
# no row holds it.
function(shadersort_layer_of path out)
  string(REGEX MATCH "^([^/]+)/([^/]+/)*([^/.]+)[^/]*$" whole "${path}")
  set(layer "")
  if(whole)
    set(folder ${CMAKE_MATCH_1})
    set(stem ${CMAKE_MATCH_3})
    foreach(candidate IN LISTS SHADERSORT_LAYERS)
      if(SHADERSORT_LAYER_${candidate}_FOLDER STREQUAL folder)
        if(stem IN_LIST SHADERSORT_LAYER_${candidate}_FILES)
          set(layer ${candidate})
          break()
        elseif(NOT SHADERSORT_LAYER_${candidate}_FILES AND NOT layer)
          set(layer ${candidate})
        endif()
      endif()
    endforeach()
  endif()
  set(${out} "${layer}" PARENT_SCOPE)
endfunction()

# Of `files` (absolute paths), those under app/ that belong to `layer`.
function(shadersort_layer_files layer app_dir files out)
  set(result "")
  foreach(file IN LISTS files)
    file(RELATIVE_PATH relative ${app_dir} ${file})
    shadersort_layer_of(${relative} owner)
    if(owner STREQUAL layer)
      list(APPEND result ${file})
    endif()
  endforeach()
  set(${out} ${result} PARENT_SCOPE)
endfunction()

# The layers that code linking `layers` may include (them, and every layer they use, through
# every row), and the libraries whose headers it may include (their PUBLIC libraries; a layer's
# own files may also include its PRIVATE ones).
function(shadersort_reach layers layers_out libraries_out)
  set(reached "")
  set(libraries "")
  set(pending ${layers})
  while(pending)
    list(POP_FRONT pending layer)
    if(NOT layer IN_LIST reached)
      list(APPEND reached ${layer})
      list(APPEND pending ${SHADERSORT_LAYER_${layer}_USES})
      list(APPEND libraries ${SHADERSORT_LAYER_${layer}_PUBLIC})
    endif()
  endwhile()
  list(REMOVE_DUPLICATES libraries)
  set(${layers_out} ${reached} PARENT_SCOPE)
  set(${libraries_out} ${libraries} PARENT_SCOPE)
endfunction()
