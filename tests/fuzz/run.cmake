# One bounded fuzzing run (ctest fuzz.<harness>): first every saved regression input, then
# SECONDS of fuzzing from the seed corpus. A crash fails the test and leaves its input in WORK.
# cmake -DFUZZER=<binary> -DHARNESS=session|actions -DSOURCE=<repo> -DWORK=<dir> -DSECONDS=20 -P run.cmake
file(MAKE_DIRECTORY ${WORK}/${HARNESS}-corpus)
file(GLOB regressions ${SOURCE}/tests/fuzz/regressions/${HARNESS}/*)
if(regressions)
  execute_process(COMMAND ${FUZZER} ${regressions} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "a saved regression input of ${HARNESS} fails again")
  endif()
endif()
if(HARNESS STREQUAL "session")
  file(GLOB seeds ${SOURCE}/docs/examples/*.json ${SOURCE}/tests/cli/*.json)
else()
  file(GLOB seeds ${SOURCE}/tests/fuzz/seeds/actions/*.json)
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
