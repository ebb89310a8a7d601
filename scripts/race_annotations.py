#!/usr/bin/env python3
"""Runs `weft svcomp --prop no-data-race` on C programs whose comments say
where the races are, and compares.

The programs are not part of weft: give a directory of C files annotated
the way goblint's regression tests are (the source of SV-COMP's
`goblint-regression` tasks), a comment `RACE` (or `RACE!`) on an access
that races and `NORACE` on one that does not. A file with at least one
`RACE` annotation is expected to have a data race (`FALSE(no-data-race)`);
a file with only `NORACE` annotations is expected to have none (`TRUE`);
files without either are skipped.

Such annotations describe what a static analyser should report, and some
of them are deliberately imprecise (a `RACE` the tool cannot rule out, on
a program that never races when it runs), so a disagreement is a place to
look, not a verdict: the script lists every disagreement for a reader to
classify, and counts UNKNOWN answers by reason. Run on demand:

    python3 scripts/race_annotations.py DIR [--weft target/release/weft]
        [--timeout 8] [--jobs 2]
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import pathlib
import re
import subprocess
import sys

RACE = re.compile(r"(^|[^O])RACE")


def expectation(text: str) -> str | None:
    """`FALSE` if some access is annotated as racing, `TRUE` if only
    `NORACE` annotations appear, `None` without annotations."""
    if RACE.search(text):
        return "FALSE"
    if "NORACE" in text:
        return "TRUE"
    return None


def run(weft: str, path: pathlib.Path, timeout: float) -> tuple[str, str]:
    """weft's verdict on `path` and the reason of an UNKNOWN."""
    cmd = [weft, "svcomp", str(path), "--prop", "no-data-race.prp",
           "--timeout", str(timeout), "--json"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout * 3 + 10)
        v = json.loads(p.stdout)
        return v["verdict"], (v.get("reason") or "")
    except (subprocess.TimeoutExpired, json.JSONDecodeError, KeyError) as e:
        return "ERROR", f"{type(e).__name__}"


def reason_class(reason: str) -> str:
    """The kind of an UNKNOWN's reason, for counting."""
    for key in ("unsupported", "timeout", "max-steps", "undefined behaviour",
                "concretised", "max-memory"):
        if key in reason:
            return key
    return reason.split(":")[0] or "other"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=pathlib.Path)
    ap.add_argument("--weft", default="target/release/weft")
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()

    files = []
    for path in sorted(args.dir.rglob("*.c")):
        text = path.read_text(errors="replace")
        if "pthread_create" not in text:
            continue
        exp = expectation(text)
        if exp is not None:
            files.append((path, exp))

    counts: collections.Counter[str] = collections.Counter()
    unknown: collections.Counter[str] = collections.Counter()
    disagreements = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(run, args.weft, p, args.timeout): (p, e)
                   for p, e in files}
        for fut in concurrent.futures.as_completed(futures):
            path, exp = futures[fut]
            verdict, reason = fut.result()
            got = "FALSE" if verdict.startswith("FALSE") else verdict
            if got == "UNKNOWN":
                counts[f"expected {exp}, UNKNOWN"] += 1
                unknown[reason_class(reason)] += 1
            elif got == exp:
                counts[f"expected {exp}, agrees"] += 1
            else:
                counts[f"expected {exp}, disagrees ({got})"] += 1
                disagreements.append((str(path.relative_to(args.dir)), exp, verdict))

    print(f"{len(files)} annotated programs")
    for k in sorted(counts):
        print(f"  {k}: {counts[k]}")
    print("UNKNOWN reasons: " + ", ".join(f"{k} {v}" for k, v in unknown.most_common()))
    for name, exp, verdict in sorted(disagreements):
        print(f"DISAGREE {name}: annotations say {exp}, weft says {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
