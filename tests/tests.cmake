# Every test runs under ctest: native unit tests, the CLI, and, when the web build is given
# (CZARY_WASM_BUILD_DIR), the same unit tests in wasm under node and the browser tests.
enable_testing()

add_test(NAME unit.native COMMAND czary_tests)

add_test(NAME cli.version COMMAND czary-cli --version)
set_tests_properties(cli.version PROPERTIES PASS_REGULAR_EXPRESSION "^czary-cli ${PROJECT_VERSION}\n")
add_test(NAME cli.spells COMMAND czary-cli spells)
set_tests_properties(cli.spells PROPERTIES PASS_REGULAR_EXPRESSION "\"Błyskawica\".*\"wskrzeszenie\"")
add_test(NAME cli.unknown_command COMMAND czary-cli no-such-command)
set_tests_properties(cli.unknown_command PROPERTIES WILL_FAIL TRUE)

set(CZARY_WASM_BUILD_DIR "" CACHE PATH "the em++ build folder (scripts/build-web.sh)")
set(CZARY_ARTIFACTS ${CMAKE_SOURCE_DIR}/build/artifacts CACHE PATH "where browser tests save screenshots")
if(CZARY_WASM_BUILD_DIR)
  # Node's global fetch makes Emscripten 3.1.6's loader fetch the .wasm by path: switch it off.
  add_test(NAME unit.wasm COMMAND node --no-experimental-fetch ${CZARY_WASM_BUILD_DIR}/czary_tests.js)
  file(GLOB browser_tests CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/browser/*.test.mjs)
  foreach(test_file IN LISTS browser_tests)
    get_filename_component(name ${test_file} NAME_WE)
    add_test(NAME browser.${name} COMMAND node --test --test-reporter=spec ${test_file})
    set_tests_properties(browser.${name} PROPERTIES
      ENVIRONMENT "CZARY_WEB_DIST=${CZARY_WASM_BUILD_DIR}/dist;CZARY_ARTIFACTS=${CZARY_ARTIFACTS}"
      TIMEOUT 600)
  endforeach()
endif()
