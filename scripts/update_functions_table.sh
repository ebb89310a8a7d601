#!/bin/sh
# Rewrites the README's table of modelled functions from `weft functions`.
set -eu
cd "$(dirname "$0")/.."
cargo build --release -q -p weft
python3 - <<'PY'
import re, subprocess
table = subprocess.run(["target/release/weft", "functions"], capture_output=True, text=True, check=True).stdout
s = open("README.md").read()
s = re.sub(r"<!-- functions:begin -->\n.*?<!-- functions:end -->", lambda m: "<!-- functions:begin -->\n" + table + "<!-- functions:end -->", s, flags=re.S)
open("README.md", "w").write(s)
PY
