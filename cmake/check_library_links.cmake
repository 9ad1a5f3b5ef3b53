# Fails when the library's link closure (LINKS: every target and library that linking
# shadersort_library pulls in, comma-separated, worked out by CMakeLists.txt) holds one of the
# app's windowing, GUI, image or command-line libraries: a user's program links the library
# with glad and the system's libdl, nothing more.
#   cmake -DLINKS=a,b,c -P cmake/check_library_links.cmake
cmake_minimum_required(VERSION 3.25)
string(REPLACE "," ";" LINKS "${LINKS}")
set(forbidden "")
foreach(item IN LISTS LINKS)
  if(item MATCHES "glfw|IMGUI|imgui|STB|stb|GIF|gif|TOMLPP|toml|cli11|shadersort_(platform|window|data|render|bench|art|ui|cli)$")
    list(APPEND forbidden ${item})
  endif()
endforeach()
if(forbidden)
  message(FATAL_ERROR "the library links ${forbidden} (its link closure: ${LINKS})")
endif()
message(STATUS "library link closure: ${LINKS}")
