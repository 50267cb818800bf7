#!/bin/bash
# The figures of docs/src/reports/datasets.md, measured again (a measurement, not a test: it
# asserts nothing but the Dask table's equality, and prints what the page's tables hold).
#
# usage: scripts/datasets-measure.sh WORK_DIR [STEP...]
#   STEP: records (sizes, callgrind, time on the records folder), generate (the million-record
#   collection), million (one process: --jsonl | wc -c, --parquet, --parquet --moves), dask
#   (2 workers), threads (the serial part of a --sgf-column run, callgrind); all but threads
#   when none is named.
#
# Run from the repository root after
#   cargo build --release --bin ttrules
#   cargo build --release -p ttrules-bench --example collection
# and, for the dask step, the Python package with a release extension importable by $PYTHON
# (default target/python-venv/bin/python, which has the pinned test requirements), e.g.
#   cargo build --release -p ttrules-python
#   mkdir -p WORK_DIR/py && cp -r python/ttrules WORK_DIR/py/
#   cp target/release/lib_ttrules.so WORK_DIR/py/ttrules/_ttrules.abi3.so
#   PYTHONPATH=WORK_DIR/py scripts/datasets-measure.sh WORK_DIR dask
# Environment: BIN (the ttrules to measure, default target/release/ttrules), RECORDS (default
# ../shared/records), GAMES and REPEAT (random games, and how many
# times the records' UTF-8 files are repeated: 899536 and 48 make 1,000,000 rows of
# ../shared/records), PARTS (16), SEED (1). WORK_DIR needs about 2.5 GB; delete it afterwards.
set -eu
work=$1
shift
steps=${*:-records generate million dask}
records=${RECORDS:-../shared/records}
games=${GAMES:-899536}
repeat=${REPEAT:-48}
parts=${PARTS:-16}
seed=${SEED:-1}
python=${PYTHON:-target/python-venv/bin/python}
bin=${BIN:-$PWD/target/release/ttrules}
mkdir -p "$work"
work=$(cd "$work" && pwd)
records=$(cd "$records" && pwd)

# `replay` exits 2 when a record is refused (the shared records hold malformed ones): that is a
# finished run; anything else stops the script.
run() {
  "$@" || [ $? -eq 2 ]
}

# /usr/bin/time -v's figures of the command, on one line.
timed() {
  local tag=$1
  shift
  run /usr/bin/time -v "$@" 2> "$work/$tag.time"
  awk -v tag="$tag" -F': ' '
    /User time/ {u=$2} /System time/ {s=$2} /Elapsed/ {e=$2} /Maximum resident/ {m=$2}
    END {printf "%s: %s wall, %.2f s CPU (user %s, sys %s), peak %.0f MB\n", tag, e, u+s, u, s, m/1024}
  ' "$work/$tag.time" >&2
}

callgrind() {
  local tag=$1
  shift
  RAYON_NUM_THREADS=1 run valgrind --tool=callgrind --callgrind-out-file="$work/$tag.callgrind" \
    "$bin" replay "$records" "$@" > /dev/null 2> "$work/$tag.valgrind"
  echo "$tag: $(grep -o 'Collected : [0-9]*' "$work/$tag.valgrind") instructions (one thread)"
}

for step in $steps; do
  echo "== $step ($(date -u +%H:%M) UTC, $(uptime | sed 's/.*load/load/'))"
  case $step in
    records)
      cd "$work"
      rm -rf pq pqh cg-*
      run "$bin" replay "$records" --jsonl > all.jsonl 2> /dev/null
      gzip -6 -k -f all.jsonl
      run "$bin" replay "$records" --parquet pq --moves 2> /dev/null
      run "$bin" replay "$records" --parquet pqh --moves --hashes 2> /dev/null
      wc -c all.jsonl all.jsonl.gz pq/games.parquet pq/moves.parquet pqh/moves.parquet
      callgrind cg-jsonl --jsonl
      callgrind cg-parquet --parquet cg-parquet
      callgrind cg-moves --parquet cg-moves --moves
      for i in 1 2 3; do
        timed "time-jsonl-$i" "$bin" replay "$records" --jsonl > /dev/null
        timed "time-parquet-$i" "$bin" replay "$records" --parquet t-parquet
        timed "time-moves-$i" "$bin" replay "$records" --parquet t-moves --moves
      done
      cd - > /dev/null
      ;;
    generate)
      rm -rf "$work/ds"
      timed generate target/release/examples/collection "$work/ds" "$games" "$records" \
        "$repeat" "$parts" "$seed"
      du -sb "$work/ds"
      ;;
    million)
      cd "$work"
      rm -rf out-games out-moves
      echo "million-jsonl: $(timed million-jsonl "$bin" replay --sgf-column sgf --id-column id \
        ds/part-*.parquet --jsonl | wc -c) bytes"
      timed million-games "$bin" replay --sgf-column sgf --id-column id ds/part-*.parquet \
        --parquet out-games
      timed million-moves "$bin" replay --sgf-column sgf --id-column id ds/part-*.parquet \
        --parquet out-moves --moves
      grep 'games per second' million-*.time
      wc -c out-games/games.parquet out-moves/games.parquet out-moves/moves.parquet
      cd - > /dev/null
      ;;
    dask)
      rm -rf "$work/dask"
      timed dask "$python" scripts/datasets-dask.py "$work/ds" "$work/out-games/games.parquet" \
        "$work/dask"
      # The command line on the partition the script breaks down, one thread.
      last=$(ls "$work"/ds/*.parquet | tail -n 1)
      rm -rf "$work/one-part"
      RAYON_NUM_THREADS=1 timed one-part "$bin" replay --sgf-column sgf --id-column id "$last" \
        --parquet "$work/one-part"
      ;;
    threads)
      # The serial part of a --sgf-column run: one part of the same mix, one pool thread, each
      # thread's instructions apart (thread 1 reads and writes, thread 2 replays).
      rm -rf "$work/one" "$work/one-out" "$work"/threads.callgrind*
      target/release/examples/collection "$work/one" 9000 "$records" 1 1 "$seed"
      RAYON_NUM_THREADS=1 run valgrind --tool=callgrind --separate-threads=yes \
        --callgrind-out-file="$work/threads.callgrind" "$bin" replay --sgf-column sgf \
        --id-column id "$work/one/part-00000.parquet" --parquet "$work/one-out" 2> /dev/null
      grep -H '^summary' "$work"/threads.callgrind-*
      ;;
    *)
      echo "unknown step $step" >&2
      exit 2
      ;;
  esac
done
