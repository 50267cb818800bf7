#!/bin/bash -eu
# Builds every cargo-fuzz target of ttrules for ClusterFuzzLite / OSS-Fuzz, as the Rust builder
# image runs it: $SRC holds the checkout (the Dockerfile's WORKDIR, $SRC/ttrules), and $OUT
# receives, per target in fuzz/fuzz_targets/: the binary, <target>_seed_corpus.zip made from
# fuzz/corpus/<target>/, and <target>.dict when fuzz/<target>.dict exists.
# `.ci/clusterfuzzlite-build` runs this script on every CI run, outside Docker.

if [ ! -f fuzz/Cargo.toml ]; then
  cd "$SRC/ttrules"
fi

cargo fuzz build -O

bin_dir="${CARGO_TARGET_DIR:-target}/x86_64-unknown-linux-gnu/release"
for source in fuzz/fuzz_targets/*.rs; do
  target=$(basename "$source" .rs)
  cp "$bin_dir/$target" "$OUT/$target"
  if [ -d "fuzz/corpus/$target" ]; then
    rm -f "$OUT/${target}_seed_corpus.zip"
    (cd "fuzz/corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
  if [ -f "fuzz/$target.dict" ]; then
    cp "fuzz/$target.dict" "$OUT/$target.dict"
  fi
done
