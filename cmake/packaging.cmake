# How other builds find the installed library: SONAME versions of the shared
# libraries, a CMake package (find_package(PaddleLite)) and pkg-config files.
# The library list below is the one table: the CMake package and the
# pkg-config files are generated from it.
include(CMakePackageConfigHelpers)

# 0.x: every minor release may change the ABI, so the SONAME carries both.
set(PADDLE_LITE_SOVERSION "${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}")
# target  |  pkg-config module  |  what it is
set(PADDLE_LITE_PACKAGE_LIBRARIES
  "paddle_full_api_shared|paddle-lite|full C++ API: loads and optimizes Paddle models (CxxConfig), runs .nb (MobileConfig)"
  "paddle_light_api_shared|paddle-lite-light|light C++ API: runs optimized .nb models (MobileConfig)"
  "paddle_lite_c|paddle-lite-c|C API (paddle_c_api.h)"
  "nnadapter|nnadapter|NNAdapter C API (nnadapter/nnadapter.h)")

set(PADDLE_LITE_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/PaddleLite")
set(PADDLE_LITE_IMPORTED_TARGETS "")
foreach(entry ${PADDLE_LITE_PACKAGE_LIBRARIES})
  string(REPLACE "|" ";" fields "${entry}")
  list(GET fields 0 target)
  list(GET fields 1 module)
  list(GET fields 2 description)
  set_target_properties(${target} PROPERTIES VERSION ${PROJECT_VERSION}
                        SOVERSION ${PADDLE_LITE_SOVERSION})
  string(APPEND PADDLE_LITE_IMPORTED_TARGETS "paddle_lite_import(${target})\n")
  set(PC_NAME ${module})
  set(PC_DESCRIPTION "${description}")
  set(PC_LIBRARY ${target})
  configure_file(${PROJECT_SOURCE_DIR}/cmake/package/paddle-lite.pc.in
                 ${PROJECT_BINARY_DIR}/package/${module}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/package/${module}.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/package/PaddleLiteConfig.cmake.in
  ${PROJECT_BINARY_DIR}/package/PaddleLiteConfig.cmake
  INSTALL_DESTINATION ${PADDLE_LITE_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/PaddleLiteConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/PaddleLiteConfig.cmake
              ${PROJECT_BINARY_DIR}/package/PaddleLiteConfigVersion.cmake
        DESTINATION ${PADDLE_LITE_CMAKE_DIR})
