# `cmake --install` rules (GNUInstallDirs layout): public headers (with the generated version.hpp),
# every module library, the CLI as bin/genokit, the CMake package (genokitConfig.cmake,
# genokitConfigVersion.cmake, genokitTargets.cmake, GenokitODE.cmake) and genokit.pc.
include(CMakePackageConfigHelpers)

function(genokit_install)
  get_property(_mods GLOBAL PROPERTY GENOKIT_MODULES)
  set(_targets genokit)
  foreach(_m IN LISTS _mods)
    list(APPEND _targets genokit_${_m})
  endforeach()
  install(TARGETS ${_targets} EXPORT genokitTargets
    ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
    LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}")
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/genokit" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
    FILES_MATCHING PATTERN "*.hpp")
  install(FILES "${PROJECT_BINARY_DIR}/include/genokit/version.hpp"
    DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/genokit")
  if(TARGET genokit-cli AND GENOKIT_CLI)
    install(TARGETS genokit-cli RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
  endif()

  set(_cmake_dir "${CMAKE_INSTALL_LIBDIR}/cmake/genokit")
  install(EXPORT genokitTargets NAMESPACE genokit:: DESTINATION "${_cmake_dir}")
  configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/genokitConfig.cmake.in"
    "${PROJECT_BINARY_DIR}/genokitConfig.cmake" INSTALL_DESTINATION "${_cmake_dir}")
  # 0.x: a minor version may break the API, so only the same MAJOR.MINOR is compatible.
  write_basic_package_version_file("${PROJECT_BINARY_DIR}/genokitConfigVersion.cmake"
    VERSION "${PROJECT_VERSION}" COMPATIBILITY SameMinorVersion)
  install(FILES "${PROJECT_BINARY_DIR}/genokitConfig.cmake" "${PROJECT_BINARY_DIR}/genokitConfigVersion.cmake"
    "${PROJECT_SOURCE_DIR}/cmake/GenokitODE.cmake" DESTINATION "${_cmake_dir}")

  # genokit.pc, relocatable: paths relative to the .pc file's own folder when the layout allows.
  set(_pc_dir "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
  if(IS_ABSOLUTE "${_pc_dir}")
    set(GENOKIT_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  else()
    file(RELATIVE_PATH _up "/genokit-prefix/${_pc_dir}" "/genokit-prefix")
    string(REGEX REPLACE "/$" "" _up "${_up}")
    set(GENOKIT_PC_PREFIX "\${pcfiledir}/${_up}")
  endif()
  foreach(_v LIBDIR INCLUDEDIR)
    if(IS_ABSOLUTE "${CMAKE_INSTALL_${_v}}")
      set(GENOKIT_PC_${_v} "${CMAKE_INSTALL_${_v}}")
    else()
      set(GENOKIT_PC_${_v} "\${prefix}/${CMAKE_INSTALL_${_v}}")
    endif()
  endforeach()
  genokit_link_order(_order)
  set(GENOKIT_PC_LIBS "")
  foreach(_m IN LISTS _order)
    string(APPEND GENOKIT_PC_LIBS " -lgenokit_${_m}")
  endforeach()
  string(STRIP "${GENOKIT_PC_LIBS}" GENOKIT_PC_LIBS)
  configure_file("${PROJECT_SOURCE_DIR}/cmake/genokit.pc.in" "${PROJECT_BINARY_DIR}/genokit.pc" @ONLY)
  install(FILES "${PROJECT_BINARY_DIR}/genokit.pc" DESTINATION "${_pc_dir}")
endfunction()
