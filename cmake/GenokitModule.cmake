# Helpers that keep modules self-contained: adding a source, test, fuzzer or benchmark file
# needs no edit of any CMakeLists.txt (the globs are re-checked at build time).

# genokit_module(NAME [DEPS module...] [LIBS target...] [PRIVATE_LIBS target...])
#   Builds src/NAME/*.cpp into the static library genokit_NAME (genokit::NAME, exported and
#   installed under that name). DEPS are genokit modules whose public headers NAME's public headers
#   use; LIBS are other public link dependencies; PRIVATE_LIBS are used only by NAME's sources (a
#   header-only one, like nlohmann_json, wrapped in $<BUILD_INTERFACE:...> so the package does not
#   carry it). Tests, benches, fuzzers and the CLI see src/ and get the PRIVATE_LIBS too.
function(genokit_module name)
  cmake_parse_arguments(M "" "" "DEPS;LIBS;PRIVATE_LIBS" ${ARGN})
  file(GLOB _src CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/src/${name}/*.cpp")
  set(_t genokit_${name})
  add_library(${_t} STATIC ${_src})
  add_library(genokit::${name} ALIAS ${_t})
  set_target_properties(${_t} PROPERTIES EXPORT_NAME ${name})
  target_compile_features(${_t} PUBLIC cxx_std_20)
  target_include_directories(${_t}
    PUBLIC "$<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>"
           "$<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>"
           "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>"
    PRIVATE "${PROJECT_SOURCE_DIR}/src")
  foreach(_d IN LISTS M_DEPS)
    target_link_libraries(${_t} PUBLIC genokit_${_d})
  endforeach()
  target_link_libraries(${_t} PUBLIC ${M_LIBS} PRIVATE ${M_PRIVATE_LIBS})
  set_property(GLOBAL APPEND PROPERTY GENOKIT_MODULES ${name})
  set_property(GLOBAL PROPERTY GENOKIT_MODULE_DEPS_${name} ${M_DEPS})
  set_property(GLOBAL PROPERTY GENOKIT_MODULE_PRIVATE_LIBS_${name} ${M_PRIVATE_LIBS})
endfunction()

# Defines genokit (genokit::genokit: every module) and genokit_internal (genokit plus src/ and
# every module's private libraries: for the CLI, tests, benches and fuzzers, which use internals).
function(genokit_add_library_targets)
  get_property(_mods GLOBAL PROPERTY GENOKIT_MODULES)
  add_library(genokit INTERFACE)
  add_library(genokit::genokit ALIAS genokit)
  add_library(genokit_internal INTERFACE)
  target_include_directories(genokit_internal INTERFACE "${PROJECT_SOURCE_DIR}/src")
  target_link_libraries(genokit_internal INTERFACE genokit)
  foreach(_m IN LISTS _mods)
    target_link_libraries(genokit INTERFACE genokit_${_m})
    get_property(_priv GLOBAL PROPERTY GENOKIT_MODULE_PRIVATE_LIBS_${_m})
    target_link_libraries(genokit_internal INTERFACE ${_priv})
  endforeach()
endfunction()

# Module names ordered for a static link line: every module before the modules it depends on.
function(genokit_link_order out)
  get_property(_mods GLOBAL PROPERTY GENOKIT_MODULES)
  set_property(GLOBAL PROPERTY _GENOKIT_SEEN "")
  set_property(GLOBAL PROPERTY _GENOKIT_POSTORDER "")
  foreach(_m IN LISTS _mods)
    _genokit_visit(${_m})
  endforeach()
  get_property(_order GLOBAL PROPERTY _GENOKIT_POSTORDER)
  list(REVERSE _order)
  set(${out} ${_order} PARENT_SCOPE)
endfunction()

function(_genokit_visit m)
  get_property(_seen GLOBAL PROPERTY _GENOKIT_SEEN)
  if(m IN_LIST _seen)
    return()
  endif()
  set_property(GLOBAL APPEND PROPERTY _GENOKIT_SEEN ${m})
  get_property(_deps GLOBAL PROPERTY GENOKIT_MODULE_DEPS_${m})
  foreach(_d IN LISTS _deps)
    _genokit_visit(${_d})
  endforeach()
  set_property(GLOBAL APPEND PROPERTY _GENOKIT_POSTORDER ${m})
endfunction()

# tests/<module>/*.cpp -> one GoogleTest program test_<module>, linked with genokit_<module>
# (or everything, for tests/cli and folders that are not a module). A folder with its own
# CMakeLists.txt (tests/package: a consumer project) is not a GoogleTest folder.
function(genokit_add_tests)
  file(GLOB _dirs LIST_DIRECTORIES true "${PROJECT_SOURCE_DIR}/tests/*")
  foreach(_dir IN LISTS _dirs)
    if(NOT IS_DIRECTORY "${_dir}" OR EXISTS "${_dir}/CMakeLists.txt")
      continue()
    endif()
    get_filename_component(_name "${_dir}" NAME)
    file(GLOB _src CONFIGURE_DEPENDS "${_dir}/*.cpp")
    if(NOT _src)
      continue()
    endif()
    add_executable(test_${_name} ${_src})
    target_include_directories(test_${_name} PRIVATE "${PROJECT_SOURCE_DIR}/src" "${PROJECT_SOURCE_DIR}/tests")
    if(TARGET genokit_${_name})
      get_property(_priv GLOBAL PROPERTY GENOKIT_MODULE_PRIVATE_LIBS_${_name})
      target_link_libraries(test_${_name} PRIVATE genokit_${_name} ${_priv})
    else()
      target_link_libraries(test_${_name} PRIVATE genokit_internal)
    endif()
    target_link_libraries(test_${_name} PRIVATE GTest::gtest_main GTest::gmock nlohmann_json::nlohmann_json)
    target_compile_definitions(test_${_name} PRIVATE
      GENOKIT_SHARED_DIR="${GENOKIT_SHARED_DIR}"
      GENOKIT_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
      GENOKIT_BINARY_DIR="${PROJECT_BINARY_DIR}"
      GENOKIT_CLI="$<TARGET_FILE:genokit-cli>")
    add_dependencies(test_${_name} genokit-cli)
    # The tests read $GENOKIT_SHARED_DIR at run time when it is set (tests/common/test_paths.hpp),
    # else the folder configured here.
    gtest_discover_tests(test_${_name} DISCOVERY_TIMEOUT 60)
  endforeach()
endfunction()

# fuzz/<name>.cpp -> libFuzzer program fuzz_<name>; fuzz/seeds/<name>/ is replayed once as a test.
function(genokit_add_fuzzers)
  file(GLOB _src CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/fuzz/*.cpp")
  foreach(_f IN LISTS _src)
    get_filename_component(_name "${_f}" NAME_WE)
    add_executable(fuzz_${_name} "${_f}")
    target_link_libraries(fuzz_${_name} PRIVATE genokit_internal)
    target_compile_options(fuzz_${_name} PRIVATE -fsanitize=fuzzer)
    target_link_options(fuzz_${_name} PRIVATE -fsanitize=fuzzer)
    set(_seeds "${PROJECT_SOURCE_DIR}/fuzz/seeds/${_name}")
    if(GENOKIT_TESTS AND IS_DIRECTORY "${_seeds}")
      add_test(NAME fuzz_replay_${_name}
        COMMAND fuzz_${_name} -runs=0 -detect_leaks=1 "${_seeds}")
    endif()
  endforeach()
endfunction()

# bench/<name>.cpp -> Google Benchmark program bench_<name>.
function(genokit_add_benchmarks)
  file(GLOB _src CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/bench/*.cpp")
  foreach(_f IN LISTS _src)
    get_filename_component(_name "${_f}" NAME_WE)
    add_executable(bench_${_name} "${_f}")
    target_include_directories(bench_${_name} PRIVATE "${PROJECT_SOURCE_DIR}/bench")
    target_link_libraries(bench_${_name} PRIVATE genokit_internal benchmark::benchmark)
    target_compile_definitions(bench_${_name} PRIVATE
      GENOKIT_SHARED_DIR="${GENOKIT_SHARED_DIR}" GENOKIT_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  endforeach()
endfunction()
