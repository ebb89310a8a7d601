#!/usr/bin/env bash
# Quick start, command 2: set up and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo test --workspace --release "$@"
