#!/usr/bin/env bash
# Keeps a server running: runs COMMAND, and when it dies on its own starts it again after a second,
# saying so in the terminal in English and Polish. scripts/serve.sh runs the static server (the
# site and the live tables) through it (issue 47: a table's host must not stay down).
# Usage: scripts/keep-serving.sh COMMAND [ARGUMENTS...]
#   Stops for good, with the command's status, when the command
#     - exits 0 (it was stopped: Ctrl-C or SIGTERM, which the static server turns into exit 0),
#     - exits 1 or 2 (it could not start: the port is taken, a wrong argument; it said why),
#     - is killed by SIGHUP, SIGINT or SIGTERM (someone stopped it);
#   and stops it and itself (status 0) on Ctrl-C, SIGTERM or SIGHUP.
#   Anything else is a death (the static server's uncaught error is status 70; SIGKILL, an abort
#   or a crash of node are signals): started again, unless it died 5 times within 60 seconds,
#   when it gives up (status 1) rather than spin.
set -uo pipefail
if [[ $# -eq 0 ]]; then
  echo "usage: $0 COMMAND [ARGUMENTS...]" >&2
  exit 2
fi

# The limits, which the tests may shorten.
DELAY=${CZARY_RESTART_DELAY:-1}      # seconds before starting it again
DEATHS=${CZARY_RESTART_DEATHS:-5}    # deaths within WINDOW seconds that make it give up
WINDOW=${CZARY_RESTART_WINDOW:-60}

child=
sleeper=
stopping=
stop() {
  stopping=1
  if [[ -n $child ]]; then kill -TERM "$child" 2>/dev/null; fi
  if [[ -n $sleeper ]]; then kill -TERM "$sleeper" 2>/dev/null; fi
}
trap stop INT TERM HUP

deaths=()
restarts=0
while :; do
  "$@" &
  child=$!
  if [[ -n $stopping ]]; then kill -TERM "$child" 2>/dev/null; fi  # a signal just before $! was known
  if (( restarts > 0 )); then
    echo "Czary server restarted (it had died: $why; restart $restarts)."
    echo "Serwer Czarów uruchomiony ponownie (zatrzymał się: $dlaczego; ponowne uruchomienie nr $restarts)."
  fi
  # A trapped signal ends `wait` early: wait again until the command itself has ended.
  while :; do
    wait "$child"
    status=$?
    kill -0 "$child" 2>/dev/null || break
  done
  child=
  if [[ -n $stopping ]]; then exit 0; fi
  case $status in
    0 | 1 | 2) exit "$status" ;;
    129 | 130 | 143) exit 0 ;;
  esac
  if (( status > 128 )); then
    signal=$(kill -l $((status - 128)) 2>/dev/null || echo $((status - 128)))
    why="killed by signal $signal"
    dlaczego="zabity sygnałem $signal"
  else
    why="exit status $status"
    dlaczego="kod wyjścia $status"
  fi
  now=$SECONDS
  recent=()
  for at in "${deaths[@]}"; do
    if (( now - at < WINDOW )); then recent+=("$at"); fi
  done
  deaths=("${recent[@]}" "$now")
  if (( ${#deaths[@]} >= DEATHS )); then
    echo "Czary server died $DEATHS times within $WINDOW s ($why the last time); not starting it again." >&2
    echo "Serwer Czarów zatrzymał się $DEATHS razy w ciągu $WINDOW s (ostatnio: $dlaczego); nie uruchamiam go ponownie." >&2
    exit 1
  fi
  # Asleep in the background, so that Ctrl-C or SIGTERM still stops it at once.
  sleep "$DELAY" &
  sleeper=$!
  wait "$sleeper"
  sleeper=
  if [[ -n $stopping ]]; then exit 0; fi
  restarts=$((restarts + 1))
done
