# Defines genokit::ode, the link target for the Open Dynamics Engine, unless it exists already.
# Used by the build and, installed beside genokitConfig.cmake, by every consumer of the package, so
# both pick ODE the same way.
#
# GENOKIT_STATIC_ODE (default ON): link Debian's libode.a (plus libccd, which it needs) when both are
# present. genokit calls ODE once per object it creates, and a static link makes those direct calls
# instead of calls through the PLT (instantiating the PyBrain models: about 5 % faster). Turn off to
# link libode.so, e.g. for a shared library.
if(TARGET genokit::ode)
  return()
endif()

find_package(PkgConfig QUIET)
if(NOT PKG_CONFIG_FOUND)
  message(FATAL_ERROR "genokit: pkg-config is needed to find ODE (Debian: pkg-config)")
endif()
find_package(Threads REQUIRED)
if(NOT TARGET PkgConfig::ODE)
  pkg_check_modules(ODE REQUIRED IMPORTED_TARGET GLOBAL ode)
endif()
if(NOT DEFINED GENOKIT_STATIC_ODE)
  set(GENOKIT_STATIC_ODE ON)
endif()

add_library(genokit::ode INTERFACE IMPORTED GLOBAL)
set(_genokit_ode_static OFF)
if(GENOKIT_STATIC_ODE)
  find_library(GENOKIT_ODE_STATIC_LIBRARY NAMES libode.a HINTS ${ODE_LIBRARY_DIRS})
  if(NOT TARGET PkgConfig::CCD)
    pkg_check_modules(CCD QUIET IMPORTED_TARGET GLOBAL ccd)
  endif()
  if(GENOKIT_ODE_STATIC_LIBRARY AND TARGET PkgConfig::CCD)
    set(_genokit_ode_static ON)
  endif()
endif()
if(_genokit_ode_static)
  set_target_properties(genokit::ode PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${ODE_INCLUDE_DIRS}"
    INTERFACE_COMPILE_OPTIONS "${ODE_CFLAGS_OTHER}"
    INTERFACE_LINK_LIBRARIES
      "$<IF:$<IN_LIST:$<TARGET_PROPERTY:TYPE>,SHARED_LIBRARY;MODULE_LIBRARY>,PkgConfig::ODE,${GENOKIT_ODE_STATIC_LIBRARY};PkgConfig::CCD;Threads::Threads;m>")
  message(STATUS "genokit: ODE linked statically (${GENOKIT_ODE_STATIC_LIBRARY})")
else()
  set_target_properties(genokit::ode PROPERTIES INTERFACE_LINK_LIBRARIES PkgConfig::ODE)
  message(STATUS "genokit: ODE linked as a shared library")
endif()
unset(_genokit_ode_static)
