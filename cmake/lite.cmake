# Helpers for lite/: op families and tests.
#
# lite_add_op_family(<family> SOURCES <op .cc files> TESTS <test .cc files>
#                    [LIBS <extra libraries>])
#   Builds the family's ops/kernels into the OBJECT library lite_ops_<family>
#   (linked into paddle_lite_static / the shared API library), and its tests
#   into one executable lite_<family>_test registered with CTest (label: ops).
function(lite_add_op_family family)
  cmake_parse_arguments(ARG "" "" "SOURCES;TESTS;LIBS" ${ARGN})
  add_library(lite_ops_${family} OBJECT ${ARG_SOURCES})
  target_link_libraries(lite_ops_${family} PUBLIC lite_core ${ARG_LIBS})
  target_compile_options(lite_ops_${family} PRIVATE ${PROJECT_WARNING_FLAGS})
  set_property(GLOBAL APPEND PROPERTY LITE_OP_FAMILY_TARGETS lite_ops_${family})
  set_property(GLOBAL APPEND PROPERTY LITE_OP_FAMILY_LIBS ${ARG_LIBS})
  if(ARG_TESTS)
    lite_add_test(lite_${family}_test LABEL ops SOURCES ${ARG_TESTS})
  endif()
endfunction()

# lite_add_test(<name> [LABEL <label>] SOURCES <files> [LIBS <libs>])
#   A GoogleTest executable linked with the whole static framework.
#   Tests that read ../shared/models get PADDLE_LITE_MODELS_DIR from CMake.
function(lite_add_test name)
  cmake_parse_arguments(ARG "" "LABEL" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE paddle_lite_static GTest::gtest GTest::gtest_main ${ARG_LIBS})
  target_compile_options(${name} PRIVATE ${PROJECT_WARNING_FLAGS})
  if(NOT ARG_LABEL)
    set(ARG_LABEL lite)
  endif()
  gtest_discover_tests(${name}
    PROPERTIES LABELS ${ARG_LABEL}
               ENVIRONMENT "PADDLE_LITE_MODELS_DIR=${PADDLE_LITE_MODELS_DIR}"
    DISCOVERY_TIMEOUT 60)
endfunction()
