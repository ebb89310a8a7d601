#!/usr/bin/env python3
"""Runs weft on the SV-COMP concurrency tasks and writes a table of results.

The tasks are not part of weft: give a directory holding the SV-COMP
`pthread*` category folders with their `.yml` task files (for example a
checkout of sv-benchmarks' `c/` directory). Where a task's input file is a
preprocessed `.i` and a `.c` file of the same name sits beside it, the `.c`
file is used (some task sets strip the headers from their `.i` files).

For every task and every property it lists that weft knows
(`unreach-call`, `no-data-race`, `valid-memsafety`, `no-overflow`), the
script runs `weft svcomp TASK.c --prop NAME.prp --json` with a time limit
and compares the verdict with the task's expected one:

- correct TRUE / correct FALSE: the verdict matches;
- wrong TRUE / wrong FALSE: it does not (the worst defects);
- UNKNOWN, with its reason (unsupported construct, bound, timeout, ...).

It prints one line per wrong verdict and writes a Markdown table per
category (`--out`, default `bench/svcomp.md`). Run on demand:

    python3 scripts/svcomp.py --tasks DIR [--weft target/release/weft]
        [--timeout 10] [--filter pthread-lit] [--out bench/svcomp.md]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

KNOWN = ("unreach-call", "no-data-race", "valid-memsafety", "no-overflow")


def parse_yml(path: Path) -> dict:
    """The few fields of an SV-COMP task file the runner needs."""
    text = path.read_text()
    m = re.search(r"^input_files:\s*'?([^'\n]+)'?\s*$", text, re.M)
    if not m:
        m = re.search(r"^input_files:\s*\n\s*-\s*'?([^'\n]+)'?", text, re.M)
    props = re.findall(
        r"property_file:\s*(\S+)\s*\n\s*expected_verdict:\s*(true|false)", text
    )
    dm = re.search(r"data_model:\s*(\w+)", text)
    return {
        "input": m.group(1).strip() if m else None,
        "properties": [(Path(p).stem, v == "true") for p, v in props],
        "data_model": dm.group(1) if dm else "LP64",
    }


def reason_class(reason: str | None) -> str:
    if not reason:
        return "other"
    r = reason.lower()
    if "nondeterministic" in r:
        return "nondet"
    if "concretised" in r:
        return "symbolic"
    if "timeout" in r or "interrupted" in r:
        return "timeout"
    if "address-space" in r:
        return "address-space"
    if "bound" in r:
        return "bound"
    if "unsupported" in r or "not model" in r or "does not support" in r:
        return "unsupported"
    if "undefined" in r:
        return "undefined"
    return "other"


def run_task(weft: str, prog: Path, prop: str, dm: str, timeout: float) -> dict:
    cmd = [
        weft, "svcomp", str(prog), "--prop", f"{prop}.prp",
        "--data-model", dm, "--timeout", str(timeout), "--json",
    ]
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30)
    except subprocess.TimeoutExpired:
        return {"verdict": "UNKNOWN", "reason": "timeout (killed)",
                "seconds": time.monotonic() - start}
    try:
        out = json.loads(p.stdout.strip().splitlines()[-1])
    except (json.JSONDecodeError, IndexError):
        return {"verdict": "UNKNOWN",
                "reason": f"weft exited {p.returncode}: {p.stderr.strip()[:200]}",
                "seconds": time.monotonic() - start}
    out["seconds"] = time.monotonic() - start
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tasks", required=True, type=Path)
    ap.add_argument("--weft", default="target/release/weft")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--filter", default="pthread")
    ap.add_argument("--out", type=Path, default=Path("bench/svcomp.md"))
    ap.add_argument("--source", default="",
                    help="where the tasks come from, for the table's header")
    args = ap.parse_args()

    cats = sorted(d for d in args.tasks.iterdir()
                  if d.is_dir() and d.name.startswith("pthread") and args.filter in d.name)
    rows = []
    wrong = []
    for cat in cats:
        stats = collections.Counter()
        unknown = collections.Counter()
        secs = 0.0
        for yml in sorted(cat.glob("*.yml")):
            task = parse_yml(yml)
            if not task["input"]:
                continue
            prog = cat / task["input"]
            if prog.suffix == ".i" and prog.with_suffix(".c").exists():
                prog = prog.with_suffix(".c")
            for prop, expected in task["properties"]:
                if prop not in KNOWN:
                    continue
                r = run_task(args.weft, prog, prop, task["data_model"], args.timeout)
                secs += r["seconds"]
                v = r["verdict"]
                stats["tasks"] += 1
                if v == "TRUE":
                    key = "correct TRUE" if expected else "wrong TRUE"
                elif v.startswith("FALSE"):
                    key = "wrong FALSE" if expected else "correct FALSE"
                else:
                    key = "UNKNOWN"
                    unknown[reason_class(r.get("reason"))] += 1
                stats[key] += 1
                if key.startswith("wrong"):
                    line = f"WRONG {key}: {cat.name}/{yml.name} {prop} -> {v}"
                    print(line, flush=True)
                    wrong.append(line)
        why = ", ".join(f"{k} {n}" for k, n in sorted(unknown.items()))
        rows.append((cat.name, stats, why, secs))
        print(f"{cat.name}: {dict(stats)} unknown: {why} ({secs:.0f} s)", flush=True)

    lines = [
        "# SV-COMP concurrency tasks",
        "",
        f"`python3 scripts/svcomp.py --tasks DIR --timeout {args.timeout:g}`, one task and "
        "property per run (`weft svcomp`), on the `.c` files of the tasks"
        + (f" ({args.source})" if args.source else "") + ".",
        "",
        "| category | tasks | correct TRUE | correct FALSE | wrong TRUE | wrong FALSE | UNKNOWN | UNKNOWN reasons | seconds |",
        "|---|---:|---:|---:|---:|---:|---:|---|---:|",
    ]
    tot = collections.Counter()
    tsecs = 0.0
    for name, s, why, secs in rows:
        tot.update(s)
        tsecs += secs
        lines.append(
            f"| {name} | {s['tasks']} | {s['correct TRUE']} | {s['correct FALSE']} | "
            f"{s['wrong TRUE']} | {s['wrong FALSE']} | {s['UNKNOWN']} | {why} | {secs:.0f} |"
        )
    lines.append(
        f"| **all** | {tot['tasks']} | {tot['correct TRUE']} | {tot['correct FALSE']} | "
        f"{tot['wrong TRUE']} | {tot['wrong FALSE']} | {tot['UNKNOWN']} | | {tsecs:.0f} |"
    )
    if wrong:
        lines += ["", "Wrong verdicts:", ""] + [f"- {w}" for w in wrong]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
