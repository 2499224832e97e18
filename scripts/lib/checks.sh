# Sourced by the end-to-end test scripts (test-player.sh, test-package.sh, test-app-audio.sh): one
# `ok`/`FAIL` line per check, counted, and the closing "N passed, N failed" line.
passed=0
failed=0

check() { # check NAME COMMAND...: runs COMMAND quietly; one result line
  # A name no caller uses: bash's locals are seen by the functions COMMAND calls.
  local check_label=$1
  shift
  if "$@" >/dev/null 2>&1; then
    passed=$((passed + 1))
    echo "ok   $check_label"
  else
    failed=$((failed + 1))
    echo "FAIL $check_label"
  fi
}

checks_summary() { # prints "N passed, N failed"; returns 1 when any check failed
  echo "$passed passed, $failed failed"
  [[ $failed -eq 0 ]]
}

check_heard() { # check_heard RENDER TEE CAPTURE: the render (32-bit float WAV) equals the tee bit
  # for bit, and the device's capture (parec, raw) aligned: identical, or >= 120 dB SER with the
  # silence the device inserted at underruns skipped (scripts/player-audio.py compare)
  local tee_result device_result
  tee_result=$(python3 scripts/player-audio.py compare "$1" "$2")
  echo "     render vs tee: $tee_result"
  check "render == tee, bit for bit" bash -c "[[ '$tee_result' == identical* ]]"
  device_result=$(python3 scripts/player-audio.py compare "$1" "$3")
  echo "     render vs device (parec): $device_result"
  check "render == device output (identical or >= 120 dB SER; silence the device inserted at underruns skipped)" bash -c \
    "[[ '$device_result' == identical* ]] || awk '{ exit !(\$1 == \"ser\" && \$2 >= 120) }' <<<'$device_result'"
}
