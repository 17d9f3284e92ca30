# The package consumer test (ctest: package_consumer). Installs the build tree into a fresh prefix
# under WORK, then builds and runs tests/package/consumer.cpp three ways:
#   1. CMake find_package(genokit) against the installed prefix;
#   2. pkg-config (genokit.pc from the installed prefix) and a bare compiler call;
#   3. FetchContent of the source tree (genokit as a subproject), unless FETCHCONTENT=OFF: a smaller
#      program on genokit::core (see CMakeLists.txt here).
# Every run must print the expected lines; the installed bin/genokit must report the same version.
#
# cmake -DSOURCE_DIR=.. -DBINARY_DIR=.. -DWORK=.. -DCXX=.. -DGENERATOR=.. -DVERSION=..
#       [-DLAUNCHER=ccache] [-DFETCHCONTENT=ON] -P run.cmake
cmake_minimum_required(VERSION 3.22)

set(_here "${CMAKE_CURRENT_LIST_DIR}")
set(_prefix "${WORK}/prefix")
set(_expected "f0: 2 parts, 1 joint, valid\nf1 XX: 3 parts, 2 joints\ngenokit ${VERSION} (${VERSION})\n")

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${_rc}):\n${_out}")
  endif()
  set(run_output "${_out}" PARENT_SCOPE)
endfunction()

# Seconds since the previous call (the cost of each step, printed with its result).
function(elapsed out)
  string(TIMESTAMP _now "%s")
  get_property(_then GLOBAL PROPERTY _genokit_step_start)
  if(NOT _then)
    set(_then ${_now})
  endif()
  math(EXPR _d "${_now} - ${_then}")
  set_property(GLOBAL PROPERTY _genokit_step_start ${_now})
  set(${out} ${_d} PARENT_SCOPE)
endfunction()
elapsed(_ignored)

function(check_consumer what exe)
  if(ARGC GREATER 2)
    set(_expected "${ARGV2}")
  endif()
  execute_process(COMMAND "${exe}" RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0 OR NOT _out STREQUAL _expected)
    message(FATAL_ERROR "${what}: the consumer exited with ${_rc} and printed\n${_out}${_err}\n"
                        "expected\n${_expected}")
  endif()
  elapsed(_s)
  message(STATUS "${what}: ok (${_s} s)")
endfunction()

set(_launcher "")
if(LAUNCHER)
  set(_launcher "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}")
endif()

# 0. Install into a fresh prefix, so nothing stale can stand in for a missing file (the FetchContent
#    build is kept: it only rebuilds what changed).
file(REMOVE_RECURSE "${_prefix}" "${WORK}/find_package" "${WORK}/pkg-config")
run("cmake --install" "${CMAKE_COMMAND}" --install "${BINARY_DIR}" --prefix "${_prefix}")
foreach(_f bin/genokit include/genokit/genokit.hpp include/genokit/version.hpp)
  if(NOT EXISTS "${_prefix}/${_f}")
    message(FATAL_ERROR "cmake --install did not install ${_f}")
  endif()
endforeach()
run("installed genokit --version" "${_prefix}/bin/genokit" --version)
if(NOT run_output MATCHES "^genokit ${VERSION}\n")
  message(FATAL_ERROR "installed genokit --version printed:\n${run_output}")
endif()
elapsed(_s)
message(STATUS "cmake --install into ${_prefix}: ok (${_s} s)")

# 1. find_package(genokit).
set(_b "${WORK}/find_package")
run("configure (find_package)" "${CMAKE_COMMAND}" -S "${_here}" -B "${_b}" -G "${GENERATOR}"
    -DCMAKE_CXX_COMPILER=${CXX} ${_launcher} -DCMAKE_BUILD_TYPE=Release
    -DGENOKIT_CONSUME=package "-DCMAKE_PREFIX_PATH=${_prefix}")
run("build (find_package)" "${CMAKE_COMMAND}" --build "${_b}")
check_consumer("find_package(genokit)" "${_b}/consumer")

# 2. pkg-config.
find_program(_pkg_config pkg-config REQUIRED)
file(GLOB_RECURSE _pc "${_prefix}/*/genokit.pc")
if(NOT _pc)
  message(FATAL_ERROR "cmake --install did not install genokit.pc")
endif()
get_filename_component(_pc_dir "${_pc}" DIRECTORY)
set(ENV{PKG_CONFIG_PATH} "${_pc_dir}")
run("pkg-config" "${_pkg_config}" --cflags --libs genokit)
separate_arguments(_flags UNIX_COMMAND "${run_output}")
file(MAKE_DIRECTORY "${WORK}/pkg-config")
# Compile and link apart (ccache caches only the former), splitting the flags as a Makefile would.
set(_cflags "")
set(_libs "")
foreach(_f IN LISTS _flags)
  if(_f MATCHES "^-(I|D|std=|pthread$)")
    list(APPEND _cflags "${_f}")
  endif()
  if(NOT _f MATCHES "^-(I|D|std=)")
    list(APPEND _libs "${_f}")
  endif()
endforeach()
run("compile (pkg-config)" ${LAUNCHER} "${CXX}" -std=c++20 -O1 ${_cflags} -c "${_here}/consumer.cpp"
    -o "${WORK}/pkg-config/consumer.o")
run("link (pkg-config)" "${CXX}" "${WORK}/pkg-config/consumer.o" ${_libs} -o "${WORK}/pkg-config/consumer")
check_consumer("pkg-config genokit" "${WORK}/pkg-config/consumer")

# 3. FetchContent of the source tree.
if(FETCHCONTENT)
  set(_b "${WORK}/fetchcontent")
  run("configure (FetchContent)" "${CMAKE_COMMAND}" -S "${_here}" -B "${_b}" -G "${GENERATOR}"
      -DCMAKE_CXX_COMPILER=${CXX} ${_launcher} -DGENOKIT_CONSUME=fetchcontent
      "-DGENOKIT_SOURCE=${SOURCE_DIR}")
  run("build (FetchContent)" "${CMAKE_COMMAND}" --build "${_b}" --target consumer)
  check_consumer("FetchContent genokit" "${_b}/consumer"
                 "f.txt:2:3: error: a sentence [demo.code]\ngenokit ${VERSION}\n")
endif()
