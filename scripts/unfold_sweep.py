#!/usr/bin/env python3
"""Runs every corpus program of tests/programs under `--por unfold` and
compares its verdict with the one its header expects (the corpus itself
runs each program with the options of its header only).

Usage: scripts/unfold_sweep.py [--weft BIN] [--timeout S] [--k K] [--out FILE]

Prints one line per program whose verdict differs, then a summary; with
--out, writes the summary table as Markdown. A program whose expected
verdict is reached or that times out (programs whose executions never end
under the other explorers) is not a difference; `incomplete` where `safe`
or `bug` is expected is listed separately (a limit, not a wrong verdict).
"""
import argparse
import json
import pathlib
import shlex
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "tests" / "programs"


def header(path):
    args, expect = [], None
    for line in path.read_text(errors="replace").splitlines():
        if not line.startswith("//"):
            break
        body = line[2:].strip()
        if body.startswith("args:"):
            args = shlex.split(body[len("args:"):])
        elif body.startswith("expect:"):
            expect = body[len("expect:"):].split()[0]
    return args, expect


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weft", default=str(ROOT / "target" / "release" / "weft"))
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--k", default="1")
    ap.add_argument("--out")
    opts = ap.parse_args()
    counts = {"same": 0, "wrong": 0, "incomplete": 0, "finished": 0, "timeout": 0, "error": 0}
    wrong = []
    start = time.time()
    for path in sorted(PROGRAMS.glob("*.c")):
        args, expect = header(path)
        if expect is None or expect == "error":
            continue
        weft_args, clang = args, []
        if "--" in args:
            k = args.index("--")
            weft_args, clang = args[:k], args[k:]
        # Drop the header's explorer (and its --unfold-k), keep the rest.
        kept, skip = [], False
        for a in weft_args:
            if skip:
                skip = False
                continue
            if a in ("--por", "--unfold-k"):
                skip = True
                continue
            if a.startswith(("--por=", "--unfold-k=")):
                continue
            kept.append(a)
        cmd = [opts.weft, "check", path.name, "--json", "--por", "unfold",
               "--unfold-k", opts.k, *kept, *clang]
        try:
            run = subprocess.run(cmd, cwd=PROGRAMS, capture_output=True,
                                 text=True, timeout=opts.timeout)
        except subprocess.TimeoutExpired:
            counts["timeout"] += 1
            continue
        try:
            verdict = json.loads(run.stdout)["verdict"]
        except (ValueError, KeyError):
            counts["error"] += 1
            print(f"{path.name}: no JSON (exit {run.returncode}): {run.stderr.strip()[:200]}")
            continue
        if verdict == expect:
            counts["same"] += 1
        elif expect == "incomplete" and verdict in ("safe", "bug"):
            # The header's bound (for its own explorer) did not stop the
            # unfolding: not a wrong verdict.
            counts["finished"] += 1
            print(f"{path.name}: {verdict}, expected incomplete (the header's bound)")
        elif verdict == "incomplete":
            counts["incomplete"] += 1
            print(f"{path.name}: incomplete, expected {expect}")
        else:
            counts["wrong"] += 1
            wrong.append(path.name)
            print(f"{path.name}: WRONG verdict {verdict}, expected {expect}")
    took = time.time() - start
    summary = (f"| programs | same verdict | wrong | incomplete | finished where a bound was expected "
               f"| timeout ({opts.timeout:g}s) | error | seconds |\n"
               f"|---|---|---|---|---|---|---|---|\n"
               f"| {sum(counts.values())} | {counts['same']} | {counts['wrong']} | {counts['incomplete']} "
               f"| {counts['finished']} | {counts['timeout']} | {counts['error']} | {took:.0f} |\n")
    print(summary)
    if opts.out:
        pathlib.Path(opts.out).write_text(
            f"# The corpus under `--por unfold --unfold-k {opts.k}`\n\n"
            "`scripts/unfold_sweep.py`: every program of `tests/programs` with the options of its\n"
            "header but `--por unfold`, against the verdict its header expects.\n\n" + summary +
            ("\nWrong verdicts: " + ", ".join(wrong) + "\n" if wrong else ""))
    sys.exit(1 if wrong else 0)


main()
