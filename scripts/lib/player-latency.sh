# Sourced by scripts/bench-player.sh and scripts/bench-app.sh: the terminal player's key → DAC
# latency, measured through tmux (scripts/bench-player-keys.py). Uses $bin (sharp9), $work (with
# track.wav, on the private PulseAudio server of scripts/lib/private-pulse.sh, whose pid is
# ${pids[0]}), when set, $latency_results (a JSON-lines file the summary appends to) and
# $player_args (more of `sharp9 play`'s arguments, unquoted: `--input pulse` for a duplex stream).
threads() {  # threads PID: each thread's scheduling class (TS normal, FF/RR real-time) and name
  ps -L -o cls=,rtprio=,comm= -p "$1" 2>/dev/null | sort | uniq -c | tr -s ' ' | paste -sd';'
}
player_latency_run() {  # player_latency_run LABEL
  tmux -L sharp9bench new-session -d -s bench -x 100 -y 30 \
    "'$bin' play '$work/track.wav' --db '$work/db.sqlite' --device pulse --new ${player_args:-} \
     --latency-log '$work/latency.txt' >/dev/null 2>&1; sleep 30"
  sleep 2
  python3 scripts/bench-player-keys.py drive sharp9bench bench "$work/sent.txt"
  local player device_ms
  player=$(pgrep -f -- "sharp9 play $work/track.wav" | head -1)
  echo "  $1: sharp9 play threads: $(threads "$player")"
  echo "  $1: PulseAudio server threads: $(threads "${pids[0]}")"
  device_ms=$(tmux -L sharp9bench capture-pane -p -t bench | sed -n 's/.*device pulse (\([0-9.]*\) ms).*/\1/p')
  tmux -L sharp9bench send-keys -t bench q
  for _ in $(seq 50); do [[ -s $work/latency.txt ]] && break; sleep 0.1; done
  tmux -L sharp9bench kill-session -t bench
  python3 scripts/bench-player-keys.py summary "$work/latency.txt" "$work/sent.txt" "$device_ms" "$1" \
    ${latency_results:+"$latency_results"}
  rm -f "$work/latency.txt"
}
