#!/usr/bin/env python3
"""Compare two weft binaries on the benchmark configurations, run now on
the same machine, interleaved: the cost per execution of each, and the
ratio. A committed table from another day says little about a change of
10%; this does.

    python3 bench/compare.py --old /path/to/old/weft --new target/release/weft \\
        [--filter SUBSTR] [--explorer LIST] [--model LIST] [--repeats 5] \\
        [--max-executions 200000] [--timeout 30] [--out FILE]

Each configuration runs `--repeats` times per binary, alternating, and the
fastest run of each binary counts (weft's own exploration time, as in
`run.py`). Runs shorter than `--min-seconds` are left out of the summary:
their time is mostly noise. Both binaries must explore the same number of
executions to be compared: where the counts differ (the old binary timed
out, or spin detection cut a spin loop's executions), the row says so and
is left out of the summary.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # noqa: E402


def per_execution_us(res: bench.Result) -> float | None:
    if not res.executions or res.rate_seconds <= 0:
        return None
    return res.rate_seconds / res.executions * 1e6


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", type=Path, required=True, help="the reference binary")
    ap.add_argument("--new", type=Path, default=bench.DEFAULT_WEFT, help="the binary to judge")
    ap.add_argument("--filter", help="only programs whose name contains this")
    ap.add_argument("--explorer", help="only these explorers (comma-separated)")
    ap.add_argument("--model", help="only these memory models (comma-separated)")
    ap.add_argument("--quick", action="store_true", help="only the smallest N of each program")
    ap.add_argument("--repeats", type=int, default=5,
                    help="runs per binary and configuration (best counts; 2 is too few here)")
    ap.add_argument("--max-executions", type=int, default=200_000)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--min-seconds", type=float, default=0.05,
                    help="runs faster than this (old binary) are listed, not summarised")
    ap.add_argument("--out", type=Path, help="also write the table here")
    args = ap.parse_args(argv)

    lines = [
        f"old: `{args.old}`, new: `{args.new}`; best of {args.repeats} interleaved runs, "
        f"at most {args.max_executions:,} executions each",
        "",
        "| program | N | explorer | model | executions | old µs/exec | new µs/exec | new/old |",
        "|---|---:|---|---|---:|---:|---:|---:|",
    ]
    print("\n".join(lines), flush=True)
    ratios = []
    for cfg, n, explorer, model in bench.selected(bench.CONFIGS, args):
        best: dict[str, bench.Result] = {}
        for _ in range(args.repeats):
            for name, path in (("old", args.old), ("new", args.new)):
                res = bench.run_one(path, cfg, n, explorer, model,
                                    args.max_executions, args.timeout)
                if name not in best or res.rate_seconds < best[name].rate_seconds:
                    best[name] = res
        old, new = best["old"], best["new"]
        a, b = per_execution_us(old), per_execution_us(new)
        note = ""
        if old.executions != new.executions:
            note = f" (not comparable: {old.executions} vs {new.executions} executions)"
        ratio = b / a if a and b else None
        short = old.rate_seconds < args.min_seconds
        if ratio is not None and not short and not note:
            ratios.append(ratio)
        cells = [cfg.label, str(n), explorer, model, f"{new.executions or 0:,}",
                 f"{a:.1f}" if a else "—", f"{b:.1f}" if b else "—",
                 (f"{ratio:.2f}" if ratio else "—") + (" (short)" if short else "") + note]
        line = "| " + " | ".join(cells) + " |"
        lines.append(line)
        print(line, flush=True)
    if ratios:
        summary = [
            "",
            f"{len(ratios)} configurations of at least {args.min_seconds} s: "
            f"median new/old {statistics.median(ratios):.2f}, "
            f"worst {max(ratios):.2f}, best {min(ratios):.2f}; "
            f"{sum(r > 1.10 for r in ratios)} more than 10% slower.",
        ]
        lines += summary
        print("\n".join(summary))
    if args.out:
        args.out.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
