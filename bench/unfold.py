#!/usr/bin/env python3
"""The unfolding explorer beside Optimal-DPOR: one table of executions,
cutoffs, events, seconds and peak RSS per program, for `--por optimal`,
`--por unfold --unfold-k 1` and `--por unfold --unfold-k inf`.

Usage: python3 bench/unfold.py [--weft BIN] [--timeout S] [--update-md]

Rows: existing benchmark programs (terminating, SC), the condition-variable
pool `cv_pool`, and corpus programs whose threads loop forever
(`tests/programs/unfold_*.c`), which Optimal-DPOR cannot finish (each
execution runs into --max-steps: shown as incomplete). With --update-md the
table replaces the one between the markers in README.md and is written to
bench/unfold.md.
"""
import argparse
import json
import pathlib
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench" / "programs"
CORPUS = ROOT / "tests" / "programs"
BEGIN = "<!-- unfold-table-begin -->"
END = "<!-- unfold-table-end -->"

ROWS = [
    (BENCH / "readers.c", 8),
    (BENCH / "lastzero.c", 8),
    (BENCH / "indexer.c", 12),
    (BENCH / "fetch_add.c", 6),
    (BENCH / "mutex_counter.c", 5),
    (BENCH / "two_threads.c", 3),
    (BENCH / "mpqueue.c", 1),
    (BENCH / "cv_pool.c", 2),
    (BENCH / "cv_pool.c", 3),
    (CORPUS / "unfold_worker_pool.c", None),
    (CORPUS / "unfold_prodcons_forever.c", None),
    (CORPUS / "unfold_retry_loop.c", None),
    (CORPUS / "unfold_lock_order_loop_fixed.c", None),
    (CORPUS / "unfold_alloc_loop.c", None),
    (CORPUS / "unfold_spin_cas.c", None),
]

EXPLORERS = [
    ("optimal", ["--por", "optimal"]),
    ("unfold k=1", ["--por", "unfold", "--unfold-k", "1"]),
    ("unfold k=inf", ["--por", "unfold", "--unfold-k", "inf"]),
]


def run(weft, path, n, args, timeout):
    # One worker: the table compares explorers on one core (a split
    # Optimal-DPOR run may add sleep-set-blocked runs, see the README).
    cmd = [weft, "check", str(path), "--json", "-j", "1", *args, "--timeout", str(timeout)]
    if path.parent == CORPUS:
        # Programs that loop forever: keep each DPOR execution short.
        cmd += ["--max-steps", "20000"]
    if n is not None:
        cmd += ["--", f"-DN={n}"]
    start = time.time()
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=path.parent)
    wall = time.time() - start
    try:
        r = json.loads(out.stdout)
    except ValueError:
        return None
    u = r.get("unfolding") or {}
    return {
        "verdict": r["verdict"] + (f" ({r['limit']})" if r.get("limit") else ""),
        "executions": r["executions"],
        "cutoff": r["blocked_by"].get("cutoff", 0),
        "sleep": r["blocked_by"].get("sleep-set", 0),
        "cutoffs": u.get("cutoffs"),
        "events": u.get("events"),
        "seconds": r["elapsed_s"],
        "wall": wall,
        "rss": r["peak_rss_kib"] / 1024,
    }


def fmt(v):
    if v is None:
        return "—"
    if isinstance(v, float):
        return f"{v:.2f}"
    return f"{v:,}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weft", default=str(ROOT / "target" / "release" / "weft"))
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--update-md", action="store_true")
    opts = ap.parse_args()
    lines = [
        "| program | N | explorer | verdict | executions | ended at cutoffs | sleep-set blocked "
        "| cutoff events | events in U | seconds | executions + cutoff ends /s | peak RSS MiB |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for path, n in ROWS:
        for name, args in EXPLORERS:
            r = run(opts.weft, path, n, args, opts.timeout)
            if r is None:
                lines.append(f"| {path.stem} | {fmt(n)} | {name} | error | | | | | | | | |")
                continue
            rate = (r["executions"] + r["cutoff"]) / r["seconds"] if r["seconds"] > 0 else None
            lines.append(
                f"| {path.stem} | {fmt(n)} | {name} | {r['verdict']} | {fmt(r['executions'])} "
                f"| {fmt(r['cutoff'])} | {fmt(r['sleep'])} | {fmt(r['cutoffs'])} | {fmt(r['events'])} "
                f"| {r['seconds']:.3f} | {fmt(rate and round(rate))} | {r['rss']:.0f} |")
            print(lines[-1], flush=True)
    table = "\n".join(lines) + "\n"
    if opts.update_md:
        (ROOT / "bench" / "unfold.md").write_text(
            "# Unfolding beside Optimal-DPOR\n\n`python3 bench/unfold.py --update-md` "
            f"(timeout {opts.timeout:g} s per run).\n\n" + table)
        readme = ROOT / "README.md"
        text = readme.read_text()
        a, b = text.index(BEGIN) + len(BEGIN), text.index(END)
        readme.write_text(text[:a] + "\n" + table + text[b:])


main()
