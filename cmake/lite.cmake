# Helpers for lite/: op families and tests.
#
# lite_add_op_family(<family> [LIBS <libraries>] [TEST_LABEL <label>]
#                    [TEST_LIBS <libraries the tests also need>])
#   Builds every *.cc of the calling folder but *_test.cc and *_bench.cc (the
#   family's ops, kernels and helpers) into the OBJECT library
#   lite_ops_<family> (linked into paddle_lite_static and the API libraries),
#   and every *_test.cc into one executable lite_<family>_test registered
#   with CTest (label TEST_LABEL, default "ops"). Adding an op or a test to a
#   family needs no CMake edit.
function(lite_add_op_family family)
  cmake_parse_arguments(ARG "" "TEST_LABEL" "LIBS;TEST_LIBS" ${ARGN})
  if(NOT ARG_TEST_LABEL)
    set(ARG_TEST_LABEL ops)
  endif()
  file(GLOB ARG_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cc)
  list(FILTER ARG_SOURCES EXCLUDE REGEX "_(test|bench)\\.cc$")
  file(GLOB ARG_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*_test.cc)
  add_library(lite_ops_${family} OBJECT ${ARG_SOURCES})
  target_link_libraries(lite_ops_${family} PUBLIC lite_core ${ARG_LIBS})
  target_compile_options(lite_ops_${family} PRIVATE ${PROJECT_WARNING_FLAGS})
  set_property(GLOBAL APPEND PROPERTY LITE_OP_FAMILY_TARGETS lite_ops_${family})
  set_property(GLOBAL APPEND PROPERTY LITE_OP_FAMILY_LIBS ${ARG_LIBS})
  if(ARG_TESTS)
    lite_add_test(lite_${family}_test LABEL ${ARG_TEST_LABEL} SOURCES ${ARG_TESTS}
                  LIBS ${ARG_TEST_LIBS})
  endif()
endfunction()

# lite_add_test(<name> [LABEL <label>] SOURCES <files> [LIBS <libs>])
#   A GoogleTest executable linked with the whole static framework.
#   Tests that read ../shared/models get PADDLE_LITE_MODELS_DIR from CMake.
function(lite_add_test name)
  # PROPERTIES: extra CTest properties for every test of the executable
  # (e.g. RUN_SERIAL TRUE for a test that needs most of the machine's memory).
  cmake_parse_arguments(ARG "" "LABEL" "SOURCES;LIBS;PROPERTIES" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE paddle_lite_static GTest::gtest GTest::gtest_main ${ARG_LIBS})
  target_compile_options(${name} PRIVATE ${PROJECT_WARNING_FLAGS})
  if(NOT ARG_LABEL)
    set(ARG_LABEL lite)
  endif()
  gtest_discover_tests(${name}
    PROPERTIES LABELS ${ARG_LABEL}
               ENVIRONMENT "PADDLE_LITE_MODELS_DIR=${PADDLE_LITE_MODELS_DIR}"
               ${ARG_PROPERTIES}
    DISCOVERY_TIMEOUT 60)
endfunction()
