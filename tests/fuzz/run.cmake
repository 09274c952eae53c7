# One bounded fuzzing run (ctest fuzz.<harness>): first every saved regression input, then
# SECONDS of fuzzing from the seed corpus. A crash fails the test and leaves its input in WORK.
# The seeds: tests/fuzz/seeds/<harness>/, the saved regressions (so fuzzing starts from the inputs
# that once failed), and for the session harness the example files and the CLI's test files.
# cmake -DFUZZER=<binary> -DHARNESS=session|actions|store -DSOURCE=<repo> -DWORK=<dir> -DSECONDS=20 -P run.cmake
file(MAKE_DIRECTORY ${WORK}/${HARNESS}-corpus)
file(GLOB regressions ${SOURCE}/tests/fuzz/regressions/${HARNESS}/*)
if(regressions)
  execute_process(COMMAND ${FUZZER} ${regressions} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "a saved regression input of ${HARNESS} fails again")
  endif()
endif()
file(GLOB seeds ${SOURCE}/tests/fuzz/seeds/${HARNESS}/*)
list(APPEND seeds ${regressions})
if(HARNESS STREQUAL "session")
  file(GLOB examples ${SOURCE}/docs/examples/*.json ${SOURCE}/tests/cli/*.json)
  list(APPEND seeds ${examples})
endif()
file(COPY ${seeds} DESTINATION ${WORK}/${HARNESS}-seeds)
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
          -artifact_prefix=${WORK}/${HARNESS}- ${WORK}/${HARNESS}-corpus ${WORK}/${HARNESS}-seeds
  RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "fuzzing ${HARNESS} found a failure: its input is in ${WORK} (crash-*, timeout-*, leak-*); "
                      "add it to tests/fuzz/regressions/${HARNESS}/ with a unit test once fixed")
endif()
