# libshadersort.a's one object: partial-links (ld -r) the installed library's objects, glad's
# among them, into one relocatable object, then makes local every strong symbol they define with
# hidden visibility (everything but SHADERSORT_API; they are built with -fvisibility=hidden). A
# program or plug-in that links the archive then sees only the public API: glad's symbols can
# neither clash with its own glad nor take the place of its function pointers.
#   cmake -DOBJECTS_FILE=<file, one object a line> -DOUTPUT=<object> -DLINKER=<ld> -DREADELF=<readelf>
#         -DOBJCOPY=<objcopy> -P cmake/localize_library.cmake
#
# Not objcopy --localize-hidden: weak hidden definitions (inline functions and template code, the
# standard library's too, under -fvisibility-inlines-hidden) lie in COMDAT groups, which the final
# link deduplicates by name; a local copy whose group loses to the caller's equal one leaves
# references into a discarded section, and the link fails. Kept global (and hidden), they merge.
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

file(STRINGS ${OBJECTS_FILE} objects)
set(whole ${OUTPUT}.whole.o)
run(${LINKER} -r -o ${whole} ${objects})

execute_process(COMMAND ${READELF} --syms --wide ${whole} OUTPUT_FILE ${OUTPUT}.symbols.txt
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${READELF} --syms ${whole} failed (${result})")
endif()
# readelf's columns: Num: Value Size Type Bind Vis Ndx Name. Defined (Ndx not UND), GLOBAL, HIDDEN.
file(STRINGS ${OUTPUT}.symbols.txt hidden REGEX "^ *[0-9]+: [0-9a-f]+ +[^ ]+ [A-Z_]+ +GLOBAL +HIDDEN +[0-9A-Z]+ ")
list(FILTER hidden EXCLUDE REGEX " UND ")
list(TRANSFORM hidden REPLACE "^ *[0-9]+: [0-9a-f]+ +[^ ]+ [A-Z_]+ +GLOBAL +HIDDEN +[0-9A-Z]+ +" "")
list(JOIN hidden "\n" hidden_lines)
file(WRITE ${OUTPUT}.localized.txt "${hidden_lines}\n")
list(LENGTH hidden count)
if(count EQUAL 0)
  message(FATAL_ERROR "no hidden symbols in ${whole}: were its objects built with -fvisibility=hidden?")
endif()

run(${OBJCOPY} --localize-symbols=${OUTPUT}.localized.txt ${whole} ${OUTPUT}.tmp.o)
file(RENAME ${OUTPUT}.tmp.o ${OUTPUT})
file(REMOVE ${whole} ${OUTPUT}.symbols.txt)
message(STATUS "${OUTPUT}: ${count} hidden symbols made local")
