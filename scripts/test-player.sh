#!/usr/bin/env bash
# The live player end to end, on a fresh machine: a private PulseAudio server with a float32 null
# sink at the track's rate, parec capturing its monitor, `sharp9 play` in tmux driven by keys.
# Checks the screen after each step, the actions in the log, the render of the session against
# the tee (bit for bit) and against what the device received (aligned: identical, or >= 120 dB
# SER), the lock, continuing a session, SIGTERM and errors restoring the terminal, a device that
# stops calling back, an unreadable file and a missing device. Ends with "N passed, N failed" (exit 1 on any failure).
#
# The release build: a debug build's stretcher is slower than real time.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$(bash scripts/build-release.sh) || exit 1
work=$(mktemp -d)
# A tmux server of this run's own: two runs at once (CI and a developer's) must not share one.
tmux_socket=sharp9test-$$
pids=()
cleanup() {
  tmux -L $tmux_socket kill-server 2>/dev/null
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  [[ -n ${KEEP_WORK:-} ]] && echo "kept $work" || rm -rf "$work"
}
trap cleanup EXIT

source scripts/lib/checks.sh

screen() { tmux -L $tmux_socket capture-pane -p -t play; }
shows() { # shows TEXT: the screen shows it within 5 s (a loaded machine may draw late)
  for _ in $(seq 50); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  return 1
}
key() {  # key KEYS [SECONDS]: send, then let the player draw
  tmux -L $tmux_socket send-keys -t play "$1"
  sleep "${2:-0.6}"
}
wait_for() {  # wait_for FILE: until it exists (10 s at most)
  for _ in $(seq 100); do [[ -s $1 ]] && return 0; sleep 0.1; done
  return 1
}

# The device: a null sink at the track's rate, float32, and its monitor captured raw.
source scripts/lib/private-pulse.sh
start_private_pulse "$work"
check "private PulseAudio server is up" pactl info
python3 scripts/player-audio.py track "$work/track.wav" 20
capture_monitor "$work/capture.f32"

check "sharp9 devices lists pulse" bash -c "'$bin' devices | grep -q pulse"
# The ALSA "pulse" device records the server's default source: the null sink's monitor.
check "sharp9 devices lists pulse as an input too" \
  bash -c "'$bin' devices | grep -Eq '^[* ] +pulse +input '"

db="$work/sessions.sqlite"
tmux -L $tmux_socket new-session -d -s play -x 100 -y 30 \
  "'$bin' play '$work/track.wav' --db '$db' --tee '$work/tee.wav' --device pulse \
   >'$work/out.txt' 2>'$work/err.txt'; echo \$? >'$work/exit.txt'; stty -a >'$work/stty.txt'; sleep 60"
sleep 2
check "start: paused at 0 of 20 s" shows "❚❚ paused   00:00.00 / 00:20.00"
check "start: key help line" shows "Space play"
check "start: the terminal reports clicks and drags (button-event mouse mode)" \
  bash -c "[[ \$(tmux -L $tmux_socket display -p -t play '#{mouse_button_flag}') == 1 ]]"
key Space 1.5
check "Space: playing" shows "▶ playing"
key a 0.8
check "a: A set" bash -c "! tmux -L $tmux_socket capture-pane -p -t play | grep -qF 'A --:--.--'"
key b
check "b: B set" bash -c "! tmux -L $tmux_socket capture-pane -p -t play | grep -qF 'B --:--.--'"
key l
check "l: loop on" shows "loop on"
# The beat grid's keys: four taps set a tempo, the metronome clicks on it, a one-bar count-in
# before every pass; the render below must still equal the tee and the null sink's capture.
key t 0.45
key t 0.45
key t 0.45
key t
check "t t t t: a tempo on the screen" shows "BPM   metronome"
key k
check "k: metronome on" shows "Metronome 50 %"
key i
check "i: a one-bar count-in" shows "Count-in 4 beats"
key I
check "I: before every pass" shows "count-in 4 every pass"
key "?"
check "?: the help's two columns show the new keys" shows "tap tempo (4 taps on)"
key "?"
key - 0.3
key -
check "- -: speed 0.90 x" shows "speed 0.90 x"
key . 0.3
check ".: speed 0.91 x (a 1 % step)" shows "speed 0.91 x"
key ,
check ",: speed 0.90 x" shows "speed 0.90 x"
# Loop practice: the trainer's steps are speed changes made on the audio thread.
key w
check "w: the speed trainer on from 0.90 x" shows "Speed trainer 0.90 x to 1.00 x"
check "w: the plan on the screen" shows "trainer 0.90 x → 1.00 x, +0.05 every 2"
for _ in $(seq 300); do screen | grep -qF "speed 1.00 x" && break; sleep 0.1; done
check "the trainer steps to 1.00 x at the loop's wraps" shows "speed 1.00 x"
key w
check "w: the trainer off" shows "Speed trainer off"
# The loop is short: its toast "Stop after 1 pass" may give way to the stop's before a look.
key p 0.1
check "p: the last of 1 pass stops at A" shows "Played 1 pass"
check "stopped: paused" shows "❚❚ paused"
key p 0.3
key p 0.3
key p 0.3
key p
check "p four more times: loop until stopped" shows "Loop until stopped"
key Space
check "Space: playing again" shows "▶ playing"
key - 0.3
key -
check "- -: speed 0.90 x again" shows "speed 0.90 x"
key "]"
check "]: pitch +1.00 st" shows "pitch +1.00 st"
key s
check "s: the loop saved as Loop 1" shows "Saved Loop 1"
key n
check "n: Loop 1 recalled" shows "Recalled Loop 1"
key m
check "m: a marker, toast" bash -c "tmux -L $tmux_socket capture-pane -p -t play | grep -qF 'markers 1' && tmux -L $tmux_socket capture-pane -p -t play | grep -qF 'Mark added'"
key u
check "u: undone" bash -c "tmux -L $tmux_socket capture-pane -p -t play | grep -qF 'markers 0' && tmux -L $tmux_socket capture-pane -p -t play | grep -qF 'Undo'"
key N 0.3
check "N: the typing line opens for a section's name" shows ":section ▌"
tmux -L $tmux_socket send-keys -t play -l "Verse"
key Enter
check "N Verse Return: the section named at the playhead" shows "Section Verse"
check "the title names the section the playhead is in" shows "§ Verse"
key : 0.3
tmux -L $tmux_socket send-keys -t play -l "speed 0.73"
key Enter
# A speed change while transposed: the render must still equal the tee bit for bit.
check ":speed 0.73 Return: a typed speed" shows "speed 0.73 x"
key : 0.3
tmux -L $tmux_socket send-keys -t play -l "speed fast"
key Enter
check ":speed fast: the line says why it did nothing" shows "Type a speed: speed 0.75 or speed 75%"
key Right 1
check "→: still playing inside the loop" shows "▶ playing"
check "meters move while playing" bash -c "tmux -L $tmux_socket capture-pane -p -t play | grep -E '^ L ' | grep -qv -- '-60 dB'"
key "?"
check "?: help" shows "Keys (? closes)"
key "?"
key Space 1
check "Space: paused" shows "❚❚ paused"
key L
check "L: locked" shows "LOCKED"
key Space
check "locked: Space ignored" shows "❚❚ paused"
key L 0.1
key L 0.1
key L
check "L L L: unlocked" shows "unlocked"

# The mouse, in the X10 reports ncurses enables for tmux (ESC [ M, then 32 + button, 32 + column,
# 32 + row; button 0 is the left press, 32 + 0 motion with it held, 3 the release, 32 + 3 motion
# with no button held). At 100×30 the
# overview is rows 2-7 and its 98 cells from column 2 span the 20 s track: column 51 is 10.0 s,
# 39 is 7.55 s, 27 is 5.10 s. In loop mode a tap seeks.
mouse() {  # mouse BUTTON COLUMN ROW
  tmux -L $tmux_socket send-keys -t play -H 1b 5b 4d \
    "$(printf %x $((32 + $1)))" "$(printf %x $((32 + $2)))" "$(printf %x $((32 + $3)))"
  sleep 0.6
}
mouse 0 51 4
check "mouse click: playhead at 00:10.00" shows "❚❚ paused   00:10.00 / 00:20.00"
mouse 32 39 4
mouse 32 27 4
mouse 3 27 4
mouse 35 60 4
sleep 0.4
check "mouse drag: playhead at 00:05.10, motion after the release ignored" \
  shows "❚❚ paused   00:05.10 / 00:20.00"

# Resizing: the screen is drawn again at the new size, every row in its place.
at_size() {  # at_size ROWS: title first, key help on row ROWS, one L and one R meter ending in dB
  local text
  text=$(tmux -L $tmux_socket capture-pane -p -t play)
  [[ $(sed -n 1p <<<"$text") == " sharp9 play · track.wav"* ]] &&
    [[ $(sed -n "${1}p" <<<"$text") == " Space play"* ]] &&
    [[ $(grep -c '^ L .* dB *$' <<<"$text") -eq 1 && $(grep -c '^ R .* dB *$' <<<"$text") -eq 1 ]] &&
    [[ $(grep -c 'paused   00:05.10 / 00:20.00' <<<"$text") -eq 1 ]]
}
tmux -L $tmux_socket resize-window -t play -x 80 -y 24
sleep 1
check "resize to 80×24: drawn again at the new size" at_size 24
tmux -L $tmux_socket resize-window -t play -x 100 -y 30
sleep 1
check "resize back to 100×30: drawn again at the new size" at_size 30
key q
wait_for "$work/exit.txt"
check "q: exit 0" grep -qx 0 "$work/exit.txt"
check "q: terminal restored" grep -Eq '(^| )icanon( |$)' "$work/stty.txt"
check "q: mouse reporting off" \
  bash -c "[[ \$(tmux -L $tmux_socket display -p -t play '#{mouse_any_flag}') == 0 ]]"
check "q: standard output is the two closing lines alone" \
  bash -c "[[ \$(wc -l <'$work/out.txt') -eq 2 ]] && ! grep -q \$'\\e' '$work/out.txt'"
session=$(sed -n 's/^session //p' "$work/out.txt")
check "q: prints the session id" test -n "$session"
check "q: prints the render command" grep -qF "sharp9 render $session" "$work/out.txt"
tmux -L $tmux_socket kill-session -t play

"$bin" log --db "$db" "$session" | grep -v ' tick ' | sed 's/^ *[0-9]* *[0-9:.]* *//' >"$work/log.txt"
expected='open|loaded|play/pause|set A|set B|loop on|speed -0.05|speed -0.05|speed +0.01|speed -0.01|play/pause|speed -0.05|speed -0.05|pitch +1|save loop|recall loop|mark now|undo|skip|play/pause|lock|unlock'
check "log: the actions in order" bash -c "grep -Eo '^(open|loaded|play/pause|set A|set B|loop on|speed -0.05|speed [-+]0.01|pitch \+1|save loop|recall loop|mark now|undo|skip|lock|unlock)' '$work/log.txt' | paste -sd'|' | grep -qxF '$expected'"
logged_times() {  # logged_times TEXT: the times of the session's TEXT events, in seconds
  "$bin" log --db "$db" "$session" | grep -oE "$1 [0-9]+:[0-9]+\.[0-9]+" |
    awk '{ split($NF, t, ":"); print t[1] * 60 + t[2] }'
}
within() {  # within A B: A and B (seconds) at most one overview column (20 s / 98) apart
  awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && a - b <= 20 / 98 && b - a <= 20 / 98) }'
}
check "log: click = tapWaveform at 10.0 s ± one column" within "$(logged_times 'tap waveform at')" 10.0
check "log: drag = two dragScrub events (none after the release)" bash -c \
  "[[ \$(wc -l <<<'$(logged_times 'scrub to')') -eq 2 ]]"
check "log: first scrub at 7.55 s" within "$(logged_times 'scrub to' | sed -n 1p)" 7.551
check "log: last scrub at 5.10 s" within "$(logged_times 'scrub to' | sed -n 2p)" 5.102
check "log: the trainer's steps, recorded as the engine reported them" bash -c \
  "'$bin' log --db '$db' '$session' | grep -qF 'speed trainer: 0.95 x' && '$bin' log --db '$db' '$session' | grep -qF 'speed trainer: 1.00 x'"
check "log: the stop after the last pass" bash -c \
  "'$bin' log --db '$db' '$session' | grep -qF 'stop after 1 pass' && '$bin' log --db '$db' '$session' | grep -qF 'loop passes done'"
check "log: the section and the typed speed recorded" bash -c \
  "grep -q '^name section \"Verse\" at ' '$work/log.txt' && grep -q '^speed = 0.73 x' '$work/log.txt'"
check "log: ticks recorded" bash -c "'$bin' log --db '$db' '$session' | grep -q ' tick '"
check "log: the analysed grid and four taps recorded" bash -c \
  "'$bin' log --db '$db' '$session' | grep -q 'beat grid: ' &&
   [[ \$('$bin' log --db '$db' '$session' | grep -c 'tap tempo') -eq 4 ]]"
check "log: metronome and count-in recorded" bash -c \
  "'$bin' log --db '$db' '$session' | grep -q 'metronome on' &&
   '$bin' log --db '$db' '$session' | grep -q 'count-in 4 beats, every pass'"

"$bin" render "$session" --db "$db" --sample float -o "$work/render.wav" >/dev/null
check_heard "$work/render.wav" "$work/tee.wav" "$work/capture.f32"

# Continuing the session: loop, speed and pitch as left, and the render of the continued part
# equals its tee; SIGTERM restores the terminal.
first_end=$("$bin" log --db "$db" "$session" | tail -1 | awk '{ print $2 }')
rm -f "$work/exit.txt" "$work/stty.txt"
tmux -L $tmux_socket new-session -d -s play -x 100 -y 30 \
  "'$bin' play '$work/track.wav' --db '$db' --session '$session' --device pulse \
   --tee '$work/tee2.wav' >'$work/out2.txt' 2>&1; echo \$? >'$work/exit.txt'; stty -a >'$work/stty.txt'; sleep 60"
sleep 2
check "--session: loop and speed as left" bash -c "tmux -L $tmux_socket capture-pane -p -t play | grep -qF 'loop on' && tmux -L $tmux_socket capture-pane -p -t play | grep -qF 'speed 0.73 x'"
key Space 2
kill -TERM "$(pgrep -f -- "sharp9 play .*--session $session" | head -1)"
wait_for "$work/exit.txt"
check "SIGTERM: terminal restored" grep -Eq '(^| )icanon( |$)' "$work/stty.txt"
check "SIGTERM: session id printed" grep -qF "session $session" "$work/out2.txt"
"$bin" render "$session" --db "$db" --sample float --from "$first_end" -o "$work/render2.wav" >/dev/null
continued_result=$(python3 scripts/player-audio.py compare "$work/render2.wav" "$work/tee2.wav")
echo "     continued part, render vs tee: $continued_result"
check "continued session: render == tee, bit for bit" bash -c "[[ '$continued_result' == identical* ]]"
tmux -L $tmux_socket kill-session -t play

# A song played to its end (on the null clock): paused there, and Space plays it from the start.
python3 scripts/player-audio.py track "$work/short.wav" 2
rm -f "$work/exit.txt"
tmux -L $tmux_socket new-session -d -s play -x 100 -y 30 \
  "'$bin' play '$work/short.wav' --db '$work/end.sqlite' --no-device >'$work/out4.txt' 2>&1; \
   echo \$? >'$work/exit.txt'; sleep 60"
sleep 2
key Space 3
check "played to the end: paused at the end" shows "❚❚ paused   00:02.00 / 00:02.00"
key Space 0.3
check "played to the end, Space: playing from the start" shows "▶ playing"
key q
wait_for "$work/exit.txt"
end_session=$(sed -n 's/^session //p' "$work/out4.txt")
check "played to the end: recorded, then play" bash -c \
  "'$bin' log --db '$work/end.sqlite' '$end_session' | grep -v -e ' tick ' -e 'toast timer' -e 'beat grid' | grep -A1 'played to the end' | grep -q 'play/pause  → seek 00:00.00; play'"
tmux -L $tmux_socket kill-session -t play

# An error while playing (the session deleted under the player): one line, terminal restored.
rm -f "$work/exit.txt" "$work/stty.txt"
tmux -L $tmux_socket new-session -d -s play -x 100 -y 30 \
  "'$bin' play '$work/track.wav' --db '$db' --session '$session' --device pulse \
   >'$work/out3.txt' 2>'$work/err3.txt'; echo \$? >'$work/exit.txt'; stty -a >'$work/stty.txt'; sleep 60"
sleep 2
"$bin" delete --db "$db" "$session" >/dev/null 2>&1
key Space
wait_for "$work/exit.txt"
check "error: non-zero exit" bash -c "! grep -qx 0 '$work/exit.txt'"
check "error: one line" bash -c "[[ \$(wc -l <'$work/err3.txt') -eq 1 ]] && grep -q '^sharp9: error: ' '$work/err3.txt'"
check "error: terminal restored" grep -Eq '(^| )icanon( |$)' "$work/stty.txt"
tmux -L $tmux_socket kill-session -t play

# A device that stops calling back (the sound server stopped, SIGSTOP): the device line says so
# within 2 s of silence; once the server goes on (SIGCONT) the device calls back, the line goes,
# and q ends the session normally.
rm -f "$work/exit.txt"
tmux -L $tmux_socket new-session -d -s play -x 100 -y 30 \
  "'$bin' play '$work/track.wav' --db '$work/stall.sqlite' --device pulse >'$work/out5.txt' 2>&1; \
   echo \$? >'$work/exit.txt'; sleep 60"
sleep 2
key Space 1
kill -STOP "${pids[0]}"
check "device stopped: the device line says so" shows "the device stopped calling back"
kill -CONT "${pids[0]}"
check "device stopped, then calling back: the line goes" bash -c "for _ in \$(seq 50); do
  tmux -L $tmux_socket capture-pane -p -t play | grep -q 'stopped calling back' || exit 0
  sleep 0.1; done; exit 1"
key q
wait_for "$work/exit.txt"
check "device stopped, then calling back: q ends normally" grep -qx 0 "$work/exit.txt"
tmux -L $tmux_socket kill-session -t play

# A file that is not audio: one error, exit 65 as peaks and stretch say, no session (no database
# even).
printf 'not audio' >"$work/bad.wav"
"$bin" play "$work/bad.wav" --db "$work/bad.sqlite" >/dev/null 2>"$work/bad.txt"
code=$?
check "not audio: exit 65, one error line" bash -c "[[ $code -eq 65 && \$(wc -l <'$work/bad.txt') -eq 1 ]]"
check "not audio: no session" test ! -e "$work/bad.sqlite"

# No usable device: one line saying what to do, exit 69, no session.
"$bin" play "$work/track.wav" --db "$work/nodev.sqlite" --device no-such-device >/dev/null 2>"$work/nodev.txt"
code=$?
check "no device: exit 69" test "$code" -eq 69
check "no device: says what to do" grep -q "sharp9 devices" "$work/nodev.txt"
check "no device: no session" test ! -e "$work/nodev.sqlite"

# An input that does not exist: one line naming --input, exit 69, no session.
"$bin" play "$work/track.wav" --db "$work/noin.sqlite" --device pulse --input no-such-input \
  >/dev/null 2>"$work/noin.txt"
code=$?
check "no such input: exit 69, one error line" \
  bash -c "[[ $code -eq 69 && \$(wc -l <'$work/noin.txt') -eq 1 ]]"
check "no such input: says what to do" grep -q -- "--input NAME" "$work/noin.txt"
check "no such input: no session" test ! -e "$work/noin.sqlite"

checks_summary
