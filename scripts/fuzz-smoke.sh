#!/usr/bin/env bash
# Runs one libFuzzer target for a few seconds from an empty corpus.
# Exit 77 (CTest: skipped) when the clang fuzz build is not there.
set -u
fuzzer=$1
seconds=${2:-5}
if [ ! -x "$fuzzer" ]; then echo "SKIP: $fuzzer not built (make build-fuzz needs clang)"; exit 77; fi
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
exec "$fuzzer" -max_total_time="$seconds" -print_final_stats=1 "$corpus"
