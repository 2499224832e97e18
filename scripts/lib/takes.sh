# Sourced by scripts/test-record.sh and scripts/test-app-audio.sh: a session's takes as their
# checks read them.

session_takes() { # session_takes BIN SESSION DB OUT: one line a take in OUT, each also printed
  # (sha256 startFrame endFrame dropouts latencyFrames, from `sharp9 state --json`)
  "$1" state "$2" --db "$3" --json 2>/dev/null | python3 -c '
import json, sys
for take in json.load(sys.stdin)["recording"]["takes"]:
    t = take["recording"]
    print(t["sha256"], t["startFrame"], t["endFrame"], t["dropouts"], t["latencyFrames"])
' >"$4"
  local sha start end dropouts latency
  while read -r sha start end dropouts latency; do
    echo "     take: frames $start-$end, dropouts $dropouts, round trip subtracted $latency frames"
  done <"$4"
}

takes_in_library() { # takes_in_library TAKES N FOLDER: N takes, each FOLDER/<sha256>.flac
  [[ $(wc -l <"$1") == "$2" ]] || return 1
  local sha rest
  while read -r sha rest; do
    [[ $(sha256sum "$3/$sha.flac" | cut -d' ' -f1) == "$sha" ]] || return 1
  done <"$1"
}

lines_up_within_1ms() { # lines_up_within_1ms RESULT: record-audio.py align's "offset N frames …"
  # with |N| at most 44 frames (1 ms at 44.1 kHz)
  [[ $1 =~ ^offset\ (-?[0-9]+)\  ]] && (( ${BASH_REMATCH[1]#-} <= 44 ))
}

exact_take() { # exact_take BIN ID DB TEE TAKES OUT: renders session ID's takes alone into OUT
  # and compares each take listed in TAKES (session_takes lines) with TEE, printing each result;
  # returns 0 at the first that is what was played, to 24 bits, and lines up within 1 ms, with
  # its fields in sha, start, end, dropouts and latency, record-audio.py's line in result and its
  # status in code (else 1, those of the last take tried). A server may move the round trip by
  # less than sharp9 notices (4.5 ms: 196 frames were seen, 2026-11-28) while a take is
  # recorded, so each take without a dropout is tried, not only the first.
  result= code=1
  # A render never replaces a file: OUT from an earlier call goes first.
  rm -f "$6"
  "$1" render "$2" --db "$3" --takes-only --sample float -o "$6" >/dev/null
  while read -r sha start end dropouts latency; do
    result=$(python3 scripts/record-audio.py align "$4" "$6" "$start" "$end")
    code=$?
    echo "     take (frames $start-$end) vs tee: $result"
    (( code == 0 )) && lines_up_within_1ms "$result" && return 0
  done <"$5"
  return 1
}
