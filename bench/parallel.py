#!/usr/bin/env python3
"""Parallel and sharded exploration benchmark for weft (`-j`, `--shard`).

For each (program, N) it runs ``weft check PROGRAM --json -- -DN=n``:

- with ``-j 1`` (the whole exploration on one core) and ``-j 2`` (split
  between two workers), in turns, the best of 3 runs of each;
- as 4 shards (``--shard I/4 -j 1``) run one after another, then
  ``weft merge``;

and prints a Markdown table: the executions of each (they must be equal,
else the script fails), the sleep-set-blocked runs the split adds, the
seconds, the speedup of ``-j 2`` over ``-j 1``, executions and events per
second on one core, and peak RSS. ``--update-md`` writes the table into
``bench/parallel.md`` and the README between ``<!-- bench:parallel:start
-->`` and ``<!-- bench:parallel:end -->``.

Only the Python 3.11 standard library is used. Never use these numbers in a
test assertion: machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "bench" / "programs"
WEFT = ROOT / "target" / "release" / "weft"
MD = ROOT / "bench" / "parallel.md"
README = ROOT / "README.md"
START, END = "<!-- bench:parallel:start -->", "<!-- bench:parallel:end -->"

# (program, N, memory model).
# Sizes at which -j 1 takes about 4 seconds or more, so that the compile
# (about 0.1 s) and the serial start do not weigh on the speedup.
ROWS = [
    ("readers", 16, "sc"),
    ("lastzero", 14, "sc"),
    ("fetch_add", 9, "sc"),
    ("indexer", 16, "sc"),
    ("mutex_counter", 9, "sc"),
    ("readers", 16, "tso"),
    ("fetch_add", 9, "pso"),
]


def run(args: list[str]) -> tuple[dict, float, int]:
    """Runs weft; returns its JSON report, wall seconds and peak RSS (KiB)."""
    start = time.monotonic()
    proc = subprocess.Popen([str(WEFT), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    out, err = proc.communicate()
    wall = time.monotonic() - start
    rss = 0
    try:
        report = json.loads(out)
        rss = report.get("peak_rss_kib") or 0
    except json.JSONDecodeError:
        sys.exit(f"weft {' '.join(args)} printed no JSON (exit {proc.returncode}):\n{err}")
    return report, wall, rss


def best_pair(one: list[str], two: list[str], repeats: int) -> tuple[tuple, tuple]:
    """The fastest of `repeats` runs of each of `one` and `two`, taken in
    turns so that a busy spell of a shared machine slows both alike."""
    runs = [(run(one), run(two)) for _ in range(repeats)]
    fastest = lambda k: min((r[k] for r in runs), key=lambda r: r[1])
    return fastest(0), fastest(1)


def row(program: str, n: int, mm: str, shards: int, repeats: int) -> dict:
    src = str(PROGRAMS / f"{program}.c")
    base = ["check", src, "--json", "--mm", mm]
    (one, t1, rss1), (two, t2, rss2) = best_pair(
        base + ["-j", "1", "--", f"-DN={n}"], base + ["-j", "2", "--", f"-DN={n}"], repeats)
    with tempfile.TemporaryDirectory() as tmp:
        parts, ts = [], 0.0
        for i in range(shards):
            report, t, _ = run(base + ["-j", "1", "--shard", f"{i}/{shards}", "--", f"-DN={n}"])
            ts += t
            p = Path(tmp) / f"part{i}.json"
            p.write_text(json.dumps(report))
            parts.append(str(p))
        merged, _, _ = run(["merge", "--json", *parts])
    counts = (one["executions"], two["executions"], merged["executions"])
    if len(set(counts)) != 1 or one["verdict"] != two["verdict"] != merged["verdict"]:
        sys.exit(f"{program} N={n} --mm {mm}: executions differ: -j 1, -j 2, shards = {counts}")
    return {
        "program": program, "n": n, "mm": mm, "executions": one["executions"],
        "blocked2": two["blocked"], "t1": t1, "t2": t2, "ts": ts,
        "shard_blocked": merged["blocked"], "events": one["events"],
        "rss": max(rss1, rss2) / 1024,
    }


def table(rows: list[dict], shards: int) -> str:
    head = ("| program | N | model | executions | s (-j 1) | s (-j 2) | speedup | "
            "blocked (-j 2) | executions/s (-j 1) | events/s (-j 1) | "
            f"s ({shards} shards, one after another) | blocked (shards) | peak RSS (MiB) |\n"
            "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
    lines = []
    for r in rows:
        lines.append(
            f"| {r['program']} | {r['n']} | {r['mm']} | {r['executions']:,} | {r['t1']:.2f} | "
            f"{r['t2']:.2f} | {r['t1'] / r['t2']:.2f} | {r['blocked2']:,} | "
            f"{r['executions'] / r['t1']:,.0f} | {r['events'] / r['t1']:,.0f} | "
            f"{r['ts']:.2f} | {r['shard_blocked']:,} | {r['rss']:.0f} |")
    return head + "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--update-md", action="store_true", help="write bench/parallel.md and the README")
    ap.add_argument("--shards", type=int, default=4)
    ap.add_argument("--filter", default="", help="only programs whose name contains this")
    ap.add_argument("--repeats", type=int, default=3, help="-j 1 and -j 2: best of this many runs")
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "-p", "weft"], cwd=ROOT, check=True)
    rows = [row(p, n, mm, args.shards, args.repeats) for p, n, mm in ROWS if args.filter in p]
    when = datetime.date.today().isoformat()
    md = (f"Measured {when} on {platform.machine()}, {os.cpu_count()} cores "
          f"(`python3 bench/parallel.py`; -j 1 and -j 2: best of {args.repeats}).\n\n"
          + table(rows, args.shards))
    print(md)
    if args.update_md:
        MD.write_text("# Parallel and sharded exploration\n\n" + md)
        text = README.read_text()
        if START in text and END in text:
            pre, rest = text.split(START, 1)
            _, post = rest.split(END, 1)
            README.write_text(pre + START + "\n" + md + END + post)


if __name__ == "__main__":
    main()
