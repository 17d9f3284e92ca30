# The viewer script of `genokit view` (viewer/: page code + three.js), built at build time and
# embedded into the view module as a generated source (so an installed genokit binary can write
# pages):
#   npm ci --ignore-scripts   the packages pinned by viewer/package-lock.json, into <build>/viewer
#   node viewer/build.mjs     esbuild bundles and minifies src/main.js with three.js -> viewer.js
#   GenokitEmbed.cmake        viewer.js -> viewer_bundle.cpp (a byte array)
# GENOKIT_VIEWER: AUTO (default for the top-level project: build it when node and npm are found,
# else embed an empty script and warn), ON (node and npm required), OFF (never; the default when
# genokit is a subproject). GENOKIT_VIEWER_BUNDLE: embed this prebuilt viewer.js instead (no npm).
# With an empty script, `genokit view` stops with view.no-viewer and the browser test skips.
if(PROJECT_IS_TOP_LEVEL)
  set(_viewer_default AUTO)
else()
  set(_viewer_default OFF)
endif()
set(GENOKIT_VIEWER "${_viewer_default}" CACHE STRING "Build the viewer script with npm: AUTO, ON or OFF")
set_property(CACHE GENOKIT_VIEWER PROPERTY STRINGS AUTO ON OFF)
set(GENOKIT_VIEWER_BUNDLE "" CACHE FILEPATH "A prebuilt viewer script (viewer.js) to embed instead of building it")

function(genokit_viewer_sources target)
  set(_src "${PROJECT_SOURCE_DIR}/viewer")
  set(_out "${PROJECT_BINARY_DIR}/viewer")
  set(_cpp "${_out}/viewer_bundle.cpp")
  set(_embed "${PROJECT_SOURCE_DIR}/cmake/GenokitEmbed.cmake")
  file(MAKE_DIRECTORY "${_out}")
  find_program(GENOKIT_NPM_EXECUTABLE npm)
  find_program(GENOKIT_NODE_EXECUTABLE NAMES node nodejs)
  set(_script "")
  if(GENOKIT_VIEWER_BUNDLE)
    set(_script "${GENOKIT_VIEWER_BUNDLE}")
    set(_how "the prebuilt ${GENOKIT_VIEWER_BUNDLE}")
  elseif(GENOKIT_VIEWER STREQUAL "OFF")
    set(_how "none (GENOKIT_VIEWER=OFF)")
  elseif(GENOKIT_NPM_EXECUTABLE AND GENOKIT_NODE_EXECUTABLE)
    set(_stamp "${_out}/npm-ci.stamp")
    add_custom_command(OUTPUT "${_stamp}"
      COMMAND "${CMAKE_COMMAND}" -E copy "${_src}/package.json" "${_src}/package-lock.json" "${_out}/"
      COMMAND "${GENOKIT_NPM_EXECUTABLE}" ci --ignore-scripts --no-audit --no-fund --loglevel=error
      COMMAND "${CMAKE_COMMAND}" -E touch "${_stamp}"
      DEPENDS "${_src}/package.json" "${_src}/package-lock.json"
      WORKING_DIRECTORY "${_out}"
      COMMENT "viewer: npm ci (three.js, esbuild; pinned by viewer/package-lock.json)" VERBATIM)
    file(GLOB _js CONFIGURE_DEPENDS "${_src}/src/*")
    add_custom_command(OUTPUT "${_out}/viewer.js"
      COMMAND "${GENOKIT_NODE_EXECUTABLE}" "${_src}/build.mjs" --modules "${_out}" --out "${_out}/viewer.js"
      DEPENDS "${_stamp}" "${_src}/build.mjs" ${_js}
      WORKING_DIRECTORY "${_out}"
      COMMENT "viewer: bundling the page script (esbuild)" VERBATIM)
    set(_script "${_out}/viewer.js")
    set(_how "built with npm (${GENOKIT_NPM_EXECUTABLE})")
  elseif(GENOKIT_VIEWER STREQUAL "ON")
    message(FATAL_ERROR "GENOKIT_VIEWER=ON but node/npm were not found (install nodejs and npm: scripts/install-deps.sh)")
  else()
    set(_how "none: node/npm not found")
    message(WARNING "genokit: node/npm not found, so `genokit view` will not be able to write pages "
      "(install nodejs and npm, e.g. with scripts/install-deps.sh, and reconfigure)")
  endif()
  if(_script)
    add_custom_command(OUTPUT "${_cpp}"
      COMMAND "${CMAKE_COMMAND}" "-DIN=${_script}" "-DOUT=${_cpp}" -P "${_embed}"
      DEPENDS "${_script}" "${_embed}"
      COMMENT "viewer: embedding the page script" VERBATIM)
  else()
    execute_process(COMMAND "${CMAKE_COMMAND}" "-DOUT=${_cpp}" -P "${_embed}")
  endif()
  target_sources(${target} PRIVATE "${_cpp}")
  set(GENOKIT_VIEWER_BUILT "${_script}" CACHE INTERNAL "The viewer script embedded in genokit (empty: none)")
  message(STATUS "genokit: viewer script: ${_how}")
endfunction()

# The page in a real browser (tests/viewer/browser_test.py): Debian's chromium, chromium-driver and
# python3-selenium, run with Debian's /usr/bin/python3. Skips (exit 77) when they or the viewer
# script are missing, unless GENOKIT_REQUIRE_BROWSER=1 (scripts/test.sh). Release tree only: the
# page does not depend on how genokit was instrumented.
function(genokit_add_viewer_browser_test)
  find_program(GENOKIT_DEBIAN_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
  if(NOT GENOKIT_DEBIAN_PYTHON)
    find_program(GENOKIT_DEBIAN_PYTHON python3)
  endif()
  add_test(NAME viewer_browser
    COMMAND "${GENOKIT_DEBIAN_PYTHON}" "${PROJECT_SOURCE_DIR}/tests/viewer/browser_test.py"
            --genokit "$<TARGET_FILE:genokit-cli>" --source "${PROJECT_SOURCE_DIR}"
            --work "${PROJECT_BINARY_DIR}/viewer-browser-test")
  # Alone, so that the logged timings are not those of a machine busy with other tests.
  set_tests_properties(viewer_browser PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 RUN_SERIAL TRUE)
endfunction()
