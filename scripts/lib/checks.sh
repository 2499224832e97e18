# Sourced by the end-to-end test scripts (test-player.sh, test-package.sh): one `ok`/`FAIL` line
# per check, counted, and the closing "N passed, N failed" line.
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
