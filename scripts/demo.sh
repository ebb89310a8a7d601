#!/usr/bin/env bash
# Quick start, command 1: set up, build, and run weft on a bundled example
# with a real bug (a lost update on an unlocked counter).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release -q -p weft
set +e
target/release/weft check examples/lost_update.c
code=$?
set -e
echo "(weft exited with code $code; 42 means a bug was found)"
[ "$code" -eq 42 ]
