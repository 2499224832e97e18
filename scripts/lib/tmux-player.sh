# Sourced by scripts/test-record.sh and scripts/bench-take-alignment.sh: `sharp9 play` in panes of
# a tmux server of the caller's own ($tmux_socket), keys sent to the pane in $pane, the screen
# read back. The caller sets $bin (the sharp9 binary) and $work (a scratch folder).

shows() { # shows TEXT [SECONDS]: the screen shows it within SECONDS (5); if not, the screen is
  # kept in $work/screen.txt for check_shows to print
  for _ in $(seq $(( ${2:-5} * 10 ))); do
    tmux -L "$tmux_socket" capture-pane -p -t "${pane:-rec}" | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  tmux -L "$tmux_socket" capture-pane -p -t "${pane:-rec}" >"$work/screen.txt"
  return 1
}
key() { tmux -L "$tmux_socket" send-keys -t "${pane:-rec}" "$1"; sleep "${2:-0.6}"; }
start_player() { # start_player PANE DIR ARGUMENTS…: `sharp9 play ARGUMENTS…` in a new tmux pane
  # PANE (the one keys go to from now on), its standard output, standard error and exit status
  # in DIR/out.txt, err.txt and exit.txt; with $player_env (VAR=VALUE …) in its environment
  local name=$1 dir=$2
  shift 2
  mkdir -p "$dir"
  pane=$name
  tmux -L "$tmux_socket" new-session -d -s "$name" -x 100 -y 30 \
    "${player_env:+env $player_env }$(printf '%q ' "$bin" play "$@")>'$dir/out.txt' \
     2>'$dir/err.txt'; echo \$? >'$dir/exit.txt'; sleep 60"
}
quit_player() { # quit_player DIR: q, then waits up to 10 s for the player to exit; prints the
  # session it names
  key q 2
  for _ in $(seq 100); do [[ -s $1/exit.txt ]] && break; sleep 0.1; done
  sed -n 's/^session //p' "$1/out.txt"
}
