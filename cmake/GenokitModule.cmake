# Helpers that keep modules self-contained: adding a source, test, fuzzer or benchmark file
# needs no edit of any CMakeLists.txt (the globs are re-checked at build time).

# genokit_module(NAME [DEPS module...] [LIBS target...])
#   Builds src/NAME/*.cpp into the static library genokit_NAME.
function(genokit_module name)
  cmake_parse_arguments(M "" "" "DEPS;LIBS" ${ARGN})
  file(GLOB _src CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/${name}/*.cpp")
  add_library(genokit_${name} STATIC ${_src})
  target_include_directories(genokit_${name}
    PUBLIC "${CMAKE_SOURCE_DIR}/include"
    PRIVATE "${CMAKE_SOURCE_DIR}/src")
  foreach(_d IN LISTS M_DEPS)
    target_link_libraries(genokit_${name} PUBLIC genokit_${_d})
  endforeach()
  target_link_libraries(genokit_${name} PUBLIC ${M_LIBS})
  set(GENOKIT_MODULES ${GENOKIT_MODULES} ${name} CACHE INTERNAL "")
endfunction()

# tests/<module>/*.cpp -> one GoogleTest program test_<module>, linked with genokit_<module>
# (or everything, for tests/cli and folders that are not a module).
function(genokit_add_tests)
  file(GLOB _dirs LIST_DIRECTORIES true "${CMAKE_SOURCE_DIR}/tests/*")
  foreach(_dir IN LISTS _dirs)
    if(NOT IS_DIRECTORY "${_dir}")
      continue()
    endif()
    get_filename_component(_name "${_dir}" NAME)
    file(GLOB _src CONFIGURE_DEPENDS "${_dir}/*.cpp")
    if(NOT _src)
      continue()
    endif()
    add_executable(test_${_name} ${_src})
    target_include_directories(test_${_name} PRIVATE "${CMAKE_SOURCE_DIR}/src" "${CMAKE_SOURCE_DIR}/tests")
    if(TARGET genokit_${_name})
      target_link_libraries(test_${_name} PRIVATE genokit_${_name})
    else()
      target_link_libraries(test_${_name} PRIVATE genokit)
    endif()
    target_link_libraries(test_${_name} PRIVATE GTest::gtest_main GTest::gmock nlohmann_json::nlohmann_json)
    target_compile_definitions(test_${_name} PRIVATE
      GENOKIT_SHARED_DIR="${GENOKIT_SHARED_DIR}"
      GENOKIT_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
      GENOKIT_BINARY_DIR="${CMAKE_BINARY_DIR}"
      GENOKIT_CLI="$<TARGET_FILE:genokit-cli>")
    add_dependencies(test_${_name} genokit-cli)
    gtest_discover_tests(test_${_name} DISCOVERY_TIMEOUT 60
      PROPERTIES ENVIRONMENT "GENOKIT_SHARED_DIR=${GENOKIT_SHARED_DIR}")
  endforeach()
endfunction()

# fuzz/<name>.cpp -> libFuzzer program fuzz_<name>; fuzz/seeds/<name>/ is replayed once as a test.
function(genokit_add_fuzzers)
  file(GLOB _src CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/fuzz/*.cpp")
  foreach(_f IN LISTS _src)
    get_filename_component(_name "${_f}" NAME_WE)
    add_executable(fuzz_${_name} "${_f}")
    target_include_directories(fuzz_${_name} PRIVATE "${CMAKE_SOURCE_DIR}/src")
    target_link_libraries(fuzz_${_name} PRIVATE genokit)
    target_compile_options(fuzz_${_name} PRIVATE -fsanitize=fuzzer)
    target_link_options(fuzz_${_name} PRIVATE -fsanitize=fuzzer)
    set(_seeds "${CMAKE_SOURCE_DIR}/fuzz/seeds/${_name}")
    if(GENOKIT_TESTS AND IS_DIRECTORY "${_seeds}")
      add_test(NAME fuzz_replay_${_name}
        COMMAND fuzz_${_name} -runs=0 -detect_leaks=1 "${_seeds}")
    endif()
  endforeach()
endfunction()

# bench/<name>.cpp -> Google Benchmark program bench_<name>.
function(genokit_add_benchmarks)
  file(GLOB _src CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/bench/*.cpp")
  foreach(_f IN LISTS _src)
    get_filename_component(_name "${_f}" NAME_WE)
    add_executable(bench_${_name} "${_f}")
    target_include_directories(bench_${_name} PRIVATE "${CMAKE_SOURCE_DIR}/src" "${CMAKE_SOURCE_DIR}/bench")
    target_link_libraries(bench_${_name} PRIVATE genokit benchmark::benchmark)
    target_compile_definitions(bench_${_name} PRIVATE
      GENOKIT_SHARED_DIR="${GENOKIT_SHARED_DIR}" GENOKIT_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  endforeach()
endfunction()
