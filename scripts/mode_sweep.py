#!/usr/bin/env python3
"""Cross-mode sweep of the corpus: every program of ``tests/programs`` under
every memory model, both DPOR explorers, ``--keep-going`` and
``--check-robustness``, with a witness replayed for every bug.

The corpus tests check each program in the one mode its header names. This
sweep checks what must hold in *every* mode, from the SC verdict the header
states (``// expect:``):

- a bug under SC is never called safe under TSO or PSO (every SC execution
  is one of theirs), under every explorer, with and without
  ``--keep-going`` and ``--check-robustness``;
- a program SC calls safe is never called buggy under SC, for every
  explorer and flag (TSO/PSO may find bugs in it: weak-memory bugs are
  real);
- a program whose header says incomplete or error is never called safe;
- every bug's witness replays (``weft replay`` exits 42).

Each run is capped (``--max-executions``, ``--timeout``, unless the header
sets them); a capped run is ``incomplete``, which is listed as a note, not
a disagreement.

Programs whose header already passes options run with them, and the sweep
varies only what they leave open. It prints one line per disagreement and a
summary, and exits 1 if there was any. Run on demand (a few minutes):

    python3 scripts/mode_sweep.py [--weft target/release/weft] [--filter NAME]
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "tests" / "programs"


def header(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if not line.startswith("//"):
            break
        m = re.match(r"//\s*([a-z-]+):\s*(.*)", line)
        if m and m.group(1) not in out:
            out[m.group(1)] = m.group(2).strip()
    return out


def run(weft: str, args: list[str], timeout: float) -> tuple[int, dict | None]:
    try:
        p = subprocess.run([weft, *args], cwd=PROGRAMS, capture_output=True,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return -1, None
    try:
        return p.returncode, json.loads(p.stdout)
    except json.JSONDecodeError:
        return p.returncode, None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--weft", default=str(ROOT / "target" / "release" / "weft"))
    ap.add_argument("--filter", default="")
    ap.add_argument("--timeout", type=float, default=10.0,
                    help="weft's --timeout per run (seconds)")
    ap.add_argument("--max-executions", type=int, default=50_000)
    opts = ap.parse_args()
    problems: list[str] = []
    notes: list[str] = []
    runs = replays = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(PROGRAMS.glob("*.c")):
            if opts.filter not in path.name:
                continue
            h = header(path)
            expect = h.get("expect", "").split()
            if not expect:
                continue
            verdict = expect[0]
            tokens = shlex.split(h.get("args", ""))
            cut = tokens.index("--") if "--" in tokens else len(tokens)
            fixed_args, clang_args = tokens[:cut], tokens[cut:]
            mms = ["sc", "tso", "pso"] if "--mm" not in fixed_args else [None]
            pors = ["source", "optimal"] if "--por" not in fixed_args else [None]
            flags = [[]]
            if "--keep-going" not in fixed_args:
                flags.append(["--keep-going"])
            if "--check-robustness" not in fixed_args:
                flags.append(["--check-robustness"])
            for mm, por, extra in itertools.product(mms, pors, flags):
                if "--check-robustness" in extra and mm not in (None, "tso", "pso"):
                    continue
                args = ["check", path.name, "--json", *fixed_args, *extra]
                if "--timeout" not in fixed_args:
                    args += ["--timeout", str(opts.timeout)]
                if "--max-executions" not in fixed_args:
                    args += ["--max-executions", str(opts.max_executions)]
                if mm:
                    args += ["--mm", mm]
                if por:
                    args += ["--por", por]
                witness = Path(tmp) / "w.json"
                witness.unlink(missing_ok=True)
                args += ["--witness", str(witness), *clang_args]
                code, rep = run(opts.weft, args, opts.timeout + 60)
                runs += 1
                what = f"{path.name}: {' '.join(args[2:])}"
                got = rep["verdict"] if rep else f"exit {code}"
                sc_like = (mm in (None, "sc")) and "--check-robustness" not in extra
                if verdict == "bug" and got != "bug":
                    (notes if got == "incomplete" else problems).append(
                        f"{what}: SC bug, got {got}")
                elif verdict == "safe" and sc_like and got != "safe" and \
                        "--mm" not in fixed_args:
                    (notes if got == "incomplete" else problems).append(
                        f"{what}: SC safe, got {got}")
                elif verdict in ("incomplete", "error") and got == "safe":
                    problems.append(f"{what}: header says {verdict}, got safe")
                if got == "bug" and witness.exists():
                    replays += 1
                    rc, _ = run(opts.weft, ["replay", path.name, str(witness),
                                            "--json"], opts.timeout + 60)
                    if rc != 42:
                        problems.append(f"{what}: witness replays with exit {rc}")
                print(f"{got:10} {what}", flush=True)
    for n in notes:
        print("NOTE", n)
    for p in problems:
        print("PROBLEM", p)
    print(f"{runs} runs, {replays} replays, {len(notes)} notes, "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
