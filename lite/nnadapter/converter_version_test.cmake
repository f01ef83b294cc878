# CTest lite_converter_version_test: the converter version compiled into the
# library (BUILT, the generated converter_version.h) is the digest of the
# current converter sources, and editing one converter changes it.
# Arguments: SOURCES ('|'-separated), BUILT, TMP (a scratch folder), SCRIPT
# (converter_version.cmake).
file(REMOVE_RECURSE "${TMP}")
file(MAKE_DIRECTORY "${TMP}/src")
execute_process(COMMAND ${CMAKE_COMMAND} "-DSOURCES=${SOURCES}" "-DOUT=${TMP}/now.h" -P "${SCRIPT}"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "converter_version.cmake failed (${rc})")
endif()
file(READ "${BUILT}" built)
file(READ "${TMP}/now.h" now)
if(NOT built STREQUAL now)
  message(FATAL_ERROR "the built converter version differs from the digest of the current "
                      "converter sources:\n built: ${built}\n now:   ${now}")
endif()
# A copy of the sources with one byte more in the first converter.
string(REPLACE "|" ";" list "${SOURCES}")
set(copies "")
foreach(f IN LISTS list)
  get_filename_component(n "${f}" NAME)
  file(COPY "${f}" DESTINATION "${TMP}/src")
  list(APPEND copies "${TMP}/src/${n}")
endforeach()
list(GET copies 0 first)
file(APPEND "${first}" "// edited\n")
string(REPLACE ";" "|" arg "${copies}")
execute_process(COMMAND ${CMAKE_COMMAND} "-DSOURCES=${arg}" "-DOUT=${TMP}/edited.h" -P "${SCRIPT}")
file(READ "${TMP}/edited.h" edited)
if(edited STREQUAL now)
  message(FATAL_ERROR "editing ${first} did not change the converter version: ${now}")
endif()
string(REGEX MATCH "converters-[0-9a-f]+" v_now "${now}")
string(REGEX MATCH "converters-[0-9a-f]+" v_edited "${edited}")
if(NOT v_now OR NOT v_edited)
  message(FATAL_ERROR "no converters-<digest> in the generated header: ${now}")
endif()
message(STATUS "converter version ${v_now}; after editing one converter ${v_edited}")
file(REMOVE_RECURSE "${TMP}")
