# Every test runs under ctest, registered in the build tree that builds what it runs
# (CMakePresets.json; scripts/test.sh builds the trees and runs them all):
#   native  build/native       unit.native, cli.*, serve.*, docs.*
#   asan    build/native-asan  unit.asan, cli.asan_replay (CZARY_SANITIZE)
#   fuzz    build/fuzz         fuzz.* (CZARY_FUZZ)
#   wasm    build/wasm         unit.wasm, imgui.patches_apply, host.*, browser.* (Emscripten)
enable_testing()
set(cli_files ${CMAKE_SOURCE_DIR}/tests/cli)

if(CZARY_FUZZ)
  # Short, bounded fuzzing runs from a seed corpus, and every crash found so far as a regression
  # (tests/fuzz/regressions/<harness>/). Longer runs: scripts/fuzz.sh.
  foreach(harness session actions store)
    add_test(NAME fuzz.${harness}
             COMMAND ${CMAKE_COMMAND} -DFUZZER=$<TARGET_FILE:fuzz_${harness}> -DHARNESS=${harness}
                     -DSOURCE=${CMAKE_SOURCE_DIR} -DWORK=${CMAKE_BINARY_DIR}/fuzz-work -DSECONDS=20
                     -P ${CMAKE_SOURCE_DIR}/tests/fuzz/run.cmake)
    set_tests_properties(fuzz.${harness} PROPERTIES TIMEOUT 300)
  endforeach()

elseif(CZARY_SANITIZE)
  # The unit tests and a replay under AddressSanitizer + UBSan.
  add_test(NAME unit.asan COMMAND czary_tests)
  add_test(NAME cli.asan_replay COMMAND czary-cli replay ${cli_files}/fight.json)
  set_tests_properties(unit.asan cli.asan_replay PROPERTIES ENVIRONMENT "ASAN_OPTIONS=detect_leaks=1;UBSAN_OPTIONS=print_stacktrace=1")

elseif(EMSCRIPTEN)
  # The unit tests in wasm under node, and the browser tests on this tree's site (dist/).
  find_program(CZARY_NODE node REQUIRED)
  set(CZARY_ARTIFACTS ${CMAKE_SOURCE_DIR}/build/artifacts CACHE PATH "where browser tests save screenshots")
  # Node's global fetch makes Emscripten 3.1.6's loader fetch the .wasm by path: switch it off.
  add_test(NAME unit.wasm COMMAND ${CZARY_NODE} --no-experimental-fetch $<TARGET_FILE:czary_tests>)
  # The live table's host with phones as Node clients (its core: the target czary-table-core).
  file(GLOB host_tests CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/host/*.test.mjs)
  foreach(test_file IN LISTS host_tests)
    get_filename_component(name ${test_file} NAME_WE)
    add_test(NAME host.${name} COMMAND ${CZARY_NODE} --test --test-reporter=spec ${test_file})
    set_tests_properties(host.${name} PROPERTIES ENVIRONMENT "CZARY_TABLE_CORE=${CMAKE_BINARY_DIR}/host" TIMEOUT 300)
  endforeach()
  if(TARGET web-dist)
    # Each patch of ImGui's own files still finds its text (scripts/imgui-patches.cmake).
    add_test(NAME imgui.patches_apply COMMAND ${CMAKE_COMMAND} -DIMGUI=${CZARY_IMGUI_DIR}
                                              -P ${CMAKE_SOURCE_DIR}/scripts/imgui-patches.cmake)
    file(GLOB browser_tests CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/browser/*.test.mjs)
    # Firefox and WebKitGTK draw WebGL only on an X display: the cross-engine suite and the live
    # table over TLS (its Firefox and WebKit phones) run on one of their own (Chromium's tests run
    # headless).
    find_program(CZARY_XVFB_RUN xvfb-run REQUIRED)
    foreach(test_file IN LISTS browser_tests)
      get_filename_component(name ${test_file} NAME_WE)
      set(display "")
      if(name STREQUAL "engines" OR name STREQUAL "tls-table")
        set(display ${CZARY_XVFB_RUN} --auto-servernum "--server-args=-screen 0 1280x1024x24")
      endif()
      add_test(NAME browser.${name} COMMAND ${display} ${CZARY_NODE} --test --test-reporter=spec ${test_file})
      set_tests_properties(browser.${name} PROPERTIES
        ENVIRONMENT "CZARY_WEB_DIST=${CMAKE_BINARY_DIR}/dist;CZARY_TABLE_CORE=${CMAKE_BINARY_DIR}/host;CZARY_ARTIFACTS=${CZARY_ARTIFACTS}"
        TIMEOUT 600)
    endforeach()
  endif()

else()
  add_test(NAME unit.native COMMAND czary_tests)

  add_test(NAME cli.version COMMAND czary-cli --version)
  set_tests_properties(cli.version PROPERTIES PASS_REGULAR_EXPRESSION "^czary-cli ${PROJECT_VERSION}\n")
  add_test(NAME cli.spells COMMAND czary-cli spells)
  set_tests_properties(cli.spells PROPERTIES PASS_REGULAR_EXPRESSION "\"Błyskawica\".*\"wskrzeszenie\"")

  function(czary_cli_test name exit_code pattern)
    add_test(NAME cli.${name} COMMAND ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:czary-cli>;${ARGN}"
             -DEXPECT_EXIT=${exit_code} "-DEXPECT_OUTPUT=${pattern}" -P ${CMAKE_SOURCE_DIR}/tests/cli/check.cmake)
  endfunction()
  # An unknown command: exit 2 (usage), not any failure (a crash would also fail).
  czary_cli_test(unknown_command 2 "unknown command or wrong arguments: 'no-such-command'" no-such-command)
  # A refused cast (10.4: Curvenol in the first rank) and an allowed one, with table dice.
  czary_cli_test(replay 0 "\"code\": \"not_second_rank\".*\"source\": \"table\".*\"state\"" replay ${cli_files}/fight.json)
  czary_cli_test(replay_truncated 2 "czary-cli: session: not valid JSON" replay ${cli_files}/truncated.json)
  czary_cli_test(replay_future_version 2 "version 9 is newer than this program reads" replay ${cli_files}/future-version.json)
  czary_cli_test(replay_missing_file 2 "cannot read" replay ${cli_files}/no-such-file.json)
  # Files past the limits of docs/session-format.md, made here rather than kept in the repository:
  # nested 100,000 deep inside "meta", "format" or an action (a stack overflow in czary-cli before),
  # and larger than 2 MB. Each is refused with a message and exit 2. So is an endless stream
  # (/dev/zero): czary-cli reads no further than the limit (it read to the end to say the size).
  set(cli_made ${CMAKE_BINARY_DIR}/cli-files)
  if(NOT EXISTS ${cli_made}/too-large-2mb.json)
    string(REPEAT "{\"a\": " 100000 deep_open)
    string(REPEAT "}" 100000 deep_close)
    set(deep "${deep_open}1${deep_close}")
    file(WRITE ${cli_made}/deep-meta.json "{\"format\": \"czary-session\", \"version\": 1, \"meta\": {\"x\": ${deep}}, \"actions\": []}")
    file(WRITE ${cli_made}/deep-format.json "{\"format\": ${deep}, \"version\": 1}")
    file(WRITE ${cli_made}/deep-action.json "{\"format\": \"czary-session\", \"version\": 1, \"actions\": [{\"type\": \"next_phase\", \"x\": ${deep}}]}")
    string(REPEAT " " 2098000 padding)  # past 2 MB (2,097,152 bytes)
    file(WRITE ${cli_made}/too-large-2mb.json "{\"format\": \"czary-session\", \"version\": 1, \"actions\": []}${padding}")
  endif()
  foreach(place meta format action)
    czary_cli_test(replay_deep_${place} 2 "czary-cli: session: nested deeper than 64 levels" replay ${cli_made}/deep-${place}.json)
  endforeach()
  czary_cli_test(replay_too_large 2 "czary-cli: session: larger than 2048 KB" replay ${cli_made}/too-large-2mb.json)
  czary_cli_test(replay_endless 2 "czary-cli: session: larger than 2048 KB" replay /dev/zero)
  set_tests_properties(cli.replay_endless PROPERTIES TIMEOUT 120)
  czary_cli_test(legal 0 "\"spell\": \"blyskawica\"" legal ${cli_files}/fight.json c1)
  czary_cli_test(legal_unknown_character 2 "no figure 'c9'" legal ${cli_files}/fight.json c9)
  czary_cli_test(odds 0 "\"kill\"" odds ${cli_files}/fight.json c1 blyskawica m4)
  # 9.3: the troll alone in front of the party's first rank: any of its figures, by the die.
  czary_cli_test(target_roll 0 "\"faces\".*\"roll\": true" target-roll ${cli_files}/fight.json m4)
  czary_cli_test(target_roll_not_monster 2 "not a figure of the monsters' side" target-roll ${cli_files}/fight.json c1)

  # scripts/serve.sh and the static server (no build needed): --lan, its binding and printing
  # (serve.lan); no request crashes it (serve.requests); --allow-origin and --table-days reach the
  # table host (serve.options); scripts/keep-serving.sh starts it again when it dies (serve.restart);
  # publish.sh --table-server bakes the table service into the page and remakes the worker (serve.publish).
  foreach(serve_test lan requests options restart publish)
    add_test(NAME serve.${serve_test} COMMAND node --test --test-reporter=spec ${CMAKE_SOURCE_DIR}/tests/serve/${serve_test}.test.mjs)
    set_tests_properties(serve.${serve_test} PROPERTIES TIMEOUT 120)
  endforeach()

  # The example sessions of docs/examples: each replays to exactly its committed output
  # (docs/examples/output/), and the README's generated blocks are what scripts/examples_readme.py
  # makes of those outputs. scripts/update-examples.sh rewrites both after an intended change.
  file(GLOB doc_examples CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/docs/examples/[0-9][0-9]-*.json)
  foreach(example IN LISTS doc_examples)
    get_filename_component(name ${example} NAME_WE)
    string(SUBSTRING ${name} 0 2 number)
    add_test(NAME docs.example.${number}
             COMMAND ${CMAKE_COMMAND} -DCLI=$<TARGET_FILE:czary-cli> -DSOURCE=${CMAKE_SOURCE_DIR} -DNAME=${name}
                     -DWORK=${CMAKE_BINARY_DIR}/docs-examples -P ${CMAKE_SOURCE_DIR}/tests/docs/check-example.cmake)
  endforeach()
  find_program(CZARY_PYTHON3 python3)
  if(CZARY_PYTHON3)
    add_test(NAME docs.examples_readme COMMAND ${CZARY_PYTHON3} ${CMAKE_SOURCE_DIR}/scripts/examples_readme.py --check)
  endif()
endif()
