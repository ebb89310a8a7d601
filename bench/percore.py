#!/usr/bin/env python3
"""Per-core cost of weft's exploration, in instructions per event.

For each (program, N) it runs ``weft check PROGRAM -j 1 --json -- -DN=n``
under ``valgrind --tool=callgrind``, collecting only inside the explorer
(``--toggle-collect`` on ``weft_explore::explorer::run``: no compile, no
IR loading), and prints a Markdown table: the executions and events (the
exact counts of the main benchmark), the instructions executed per event,
and how they split between the parts of one event's work:

- *interpreter*: code of ``weft_exec`` (running a thread to its next
  visible event: the LLVM instructions between, copy-on-write of thread
  state, which threads are enabled);
- *trace*: ``weft_explore::trace`` and ``weft_explore::race``
  (happens-before clocks, dependencies, the C11 race detector, the
  per-word summaries, undoing them on backtrack);
- *DPOR*: ``weft_explore::dpor``, ``wakeup`` and ``footprint`` (race
  reversal, wakeup-tree insertion, sleep sets, snapshots);
- *events*: ``weft_core`` (event footprints);
- *allocation*: the allocator and ``memcpy``/``memmove``;
- *other*: the rest (standard-library code the compiler did not inline
  into one of the above, hash maps, small vectors).

Each instruction is counted once, in the function that executed it (its
*self* cost), classified by the crate its function belongs to; a
standard-library function instantiated for a weft type (``drop_in_place``
of a ``Machine``, say) counts for that type's crate.

Instruction counts do not depend on what else the machine runs (unlike
seconds), so this table shows where the per-core target (3 million events
per second, about 1,000 instructions per event at 3 instructions per
nanosecond) stands, and which part of the work is furthest from it. The
rows are small (callgrind runs about 50 times slower than native).

``--update-md`` writes the table into ``bench/percore.md``. Only the
Python 3.11 standard library is used, plus ``valgrind`` and
``callgrind_annotate``. Never use these numbers in a test assertion.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "bench" / "programs"
WEFT = ROOT / "target" / "release" / "weft"
MD = ROOT / "bench" / "percore.md"

ROWS = [
    ("readers", 10),
    ("lastzero", 9),
    ("fetch_add", 6),
    ("indexer", 13),
    ("mutex_counter", 5),
]

# Column name -> patterns of the function names whose self cost it counts
# (the first column that matches takes the function).
PARTS = [
    ("interpreter", [r"weft_exec::"]),
    ("trace", [r"weft_explore::trace::", r"weft_explore::race::", r"weft_explore::clock::",
               r"weft_explore::words::"]),
    ("DPOR", [r"weft_explore::"]),
    ("events", [r"weft_core::"]),
    ("allocation", [r"malloc", r"free", r"realloc", r"unlink_chunk", r"tcache",
                    r"memcpy", r"memmove", r"memset", r"__rdl_", r"__rust_"]),
]


def classify(listing: str) -> dict[str, int]:
    """Self cost per column (and "other") from callgrind_annotate's listing."""
    out = {name: 0 for name, _ in PARTS}
    out["other"] = 0
    # The per-function list follows the "file:function" header.
    body = listing.split("file:function", 1)[-1]
    for line in body.splitlines():
        m = re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*)$", line)
        if not m or ":" not in m.group(2) or "PROGRAM TOTALS" in line:
            continue
        cost = int(m.group(1).replace(",", ""))
        func = m.group(2).split(":", 1)[1]
        for name, pats in PARTS:
            if any(re.search(p, func) for p in pats):
                out[name] += cost
                break
        else:
            out["other"] += cost
    return out


def profile(program: str, n: int) -> dict:
    src = str(PROGRAMS / f"{program}.c")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             "--toggle-collect=weft_explore::explorer::run*",
             str(WEFT), "check", src, "-j", "1", "--json", "--", f"-DN={n}"],
            capture_output=True, text=True)
        try:
            report = json.loads(proc.stdout)
        except json.JSONDecodeError:
            sys.exit(f"{program} N={n}: weft printed no JSON:\n{proc.stderr[-2000:]}")
        total = 0
        for line in out.read_text().splitlines():
            if line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
                break
        listing = subprocess.run(
            ["callgrind_annotate", "--threshold=100", "--auto=no", str(out)],
            capture_output=True, text=True, check=True).stdout
    incl = classify(listing)
    return {"program": program, "n": n, "executions": report["executions"],
            "events": report["events"], "total": total, "parts": incl}


def table(rows: list[dict]) -> str:
    names = [name for name, _ in PARTS] + ["other"]
    head = ("| program | N | executions | events | instructions/event | "
            + " | ".join(names) + " |\n"
            + "|---|---:|---:|---:|---:|" + "---:|" * len(names) + "\n")
    lines = []
    for r in rows:
        ev = max(r["events"], 1)
        cells = " | ".join(f"{r['parts'][n] / ev:,.0f}" for n in names)
        lines.append(f"| {r['program']} | {r['n']} | {r['executions']:,} | {r['events']:,} | "
                     f"{r['total'] / ev:,.0f} | {cells} |")
    return head + "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--update-md", action="store_true", help="write bench/percore.md")
    ap.add_argument("--filter", default="", help="only programs whose name contains this")
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "-p", "weft"], cwd=ROOT, check=True)
    rows = [profile(p, n) for p, n in ROWS if args.filter in p]
    when = datetime.date.today().isoformat()
    md = (f"Measured {when} on {platform.machine()} (`python3 bench/percore.py`; callgrind, "
          "exploration only, -j 1). The columns after instructions/event split them by "
          "the part of weft that executed them (see the script's docstring).\n\n"
          + table(rows))
    print(md)
    if args.update_md:
        MD.write_text("# Per-core cost: instructions per event\n\n" + md)


if __name__ == "__main__":
    main()
