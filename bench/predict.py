#!/usr/bin/env python3
"""Benchmark of `weft predict` (trace-based prediction of atomicity violations).

Runs ``target/release/weft predict PROGRAM --json`` on every
``tests/predict/*.c`` and ``bench/predict/*.c`` (adding the flags of a
``// predict-flags: ...`` header line, such as ``--transactions locks``),
one program at a time, measures each run's wall-clock seconds and peak
resident set size, and writes ``bench/predict.md``: a short introduction
(the columns, the machine, the date, weft's commit) and one table row per
program, the counterpart of Table 1 of the Fusion paper (Wang et al.,
trace-based symbolic analysis for atomicity violations). The table is also
printed.

Peak RSS comes from ``/usr/bin/time -f %M`` when it exists, otherwise from
the rusage that ``os.wait4`` returns for the child (per child, unlike
deltas of ``getrusage(RUSAGE_CHILDREN)``, whose ``ru_maxrss`` is a running
maximum over all children). Either way it covers the processes weft waits
for, so for a small program the peak may be the C compiler's.

Exit status: 1 when some program has ``unconfirmed > 0`` (a candidate the
solver found satisfiable but whose replay failed: a weft defect), when
weft's exit code is not 0 (none), 42 (violations) or 3 (the solver gave up
on some candidate), or when its output is not the expected JSON; 2 when
weft is missing; 0 otherwise.

Typical use, from the workspace root::

    python3 bench/predict.py                   # everything, write bench/predict.md
    python3 bench/predict.py --filter bank_    # some programs; still writes the file
    python3 bench/predict.py --no-write        # print the table only

Only the Python 3 standard library is used. Never use these numbers in a
test assertion: machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEFT = ROOT / "target" / "release" / "weft"
DIRS = ("tests/predict", "bench/predict")
OK_CODES = {0: "none", 42: "violations", 3: "incomplete"}
COLUMNS = [
    "program",
    "threads",
    "trace events",
    "transactions",
    "candidate PAVs",
    "after HB pruning",
    "SMT-satisfiable",
    "replayed (confirmed)",
    "unconfirmed",
    "undecided",
    "seconds",
    "peak RSS MiB",
]
STAT_KEYS = [
    "threads",
    "events",
    "transactions",
    "candidates",
    "after_hb",
    "satisfiable",
    "replayed",
    "unconfirmed",
    "undecided",
]
# Paper order for the bank family: av, sav, nav.
KIND_RANK = {"av": 0, "sav": 1, "nav": 2}


@dataclass
class Result:
    program: str
    flags: list[str]
    code: int | None = None
    stats: dict = field(default_factory=dict)
    violations: int = 0
    seconds: float = 0.0
    rss_mib: float | None = None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def flags_of(src: str) -> list[str]:
    """The flags of the header line `// predict-flags: ...`, if any."""
    for line in src.splitlines():
        m = re.match(r"//\s*predict-flags:(.*)$", line)
        if m:
            return m.group(1).split()
    return []


def sort_key(path: Path) -> tuple:
    rel = path.relative_to(ROOT)
    name = rel.stem
    m = re.fullmatch(r"bank_(av|sav|nav)_(\d+)", name)
    if m:
        name_key: tuple = ("bank_", KIND_RANK[m.group(1)], int(m.group(2)))
    else:
        name_key = tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name))
        name_key = ("", -1, 0) + name_key
    return (DIRS.index(str(rel.parent)), name_key)


def programs(filt: str | None) -> list[Path]:
    out = []
    for d in DIRS:
        out.extend(p for p in (ROOT / d).glob("*.c") if p.is_file())
    if filt:
        out = [p for p in out if filt in str(p.relative_to(ROOT))]
    return sorted(out, key=sort_key)


def run_one(weft: Path, path: Path, timeout: float) -> Result:
    rel = str(path.relative_to(ROOT))
    src = path.read_text(errors="replace")
    res = Result(program=rel, flags=flags_of(src))
    cmd = [str(weft), "predict", rel, *res.flags, "--json"]
    gnu_time = Path("/usr/bin/time")
    with tempfile.TemporaryDirectory(prefix="weft-predict-bench-") as tmp:
        out_path = Path(tmp) / "stdout"
        err_path = Path(tmp) / "stderr"
        rss_path = Path(tmp) / "rss"
        use_time = gnu_time.exists()
        if use_time:
            cmd = [str(gnu_time), "-f", "%M", "-o", str(rss_path), *cmd]
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            start = time.monotonic()
            # A session of its own, so that a timeout kills weft and the
            # compiler under /usr/bin/time too.
            proc = subprocess.Popen(
                cmd, cwd=ROOT, stdout=out, stderr=err, stdin=subprocess.DEVNULL, start_new_session=True
            )
            code, rusage = wait_child(proc, timeout)
            res.seconds = time.monotonic() - start
        stdout = out_path.read_text(errors="replace")
        stderr = err_path.read_text(errors="replace")
        if code is None:
            res.problems.append(f"timed out after {timeout:g} s")
            return res
        res.code = code
        if use_time:
            res.rss_mib = parse_time_rss(rss_path)
        elif rusage is not None:
            # Linux reports ru_maxrss in KiB.
            res.rss_mib = rusage.ru_maxrss / 1024.0
    if res.code not in OK_CODES:
        tail = stderr.strip().splitlines()[-3:]
        res.problems.append(f"weft exited with code {res.code}: {' | '.join(tail)}")
    try:
        report = json.loads(stdout)
    except json.JSONDecodeError as e:
        res.problems.append(f"output is not JSON ({e})")
        return res
    stats = report.get("stats", {})
    missing = [k for k in STAT_KEYS if k not in stats]
    if missing:
        res.problems.append(f"stats lack {', '.join(missing)}")
    res.stats = stats
    res.violations = len(report.get("violations", []))
    if stats.get("unconfirmed", 0) > 0:
        res.problems.append(
            f"{stats['unconfirmed']} unconfirmed (satisfiable but not replayed: a weft defect); "
            f"defects: {report.get('defects')}"
        )
    # Consistency notes: listed, but they do not fail the run.
    if res.code in OK_CODES and report.get("verdict") != OK_CODES[res.code]:
        res.notes.append(f"verdict {report.get('verdict')!r} with exit code {res.code}")
    if "replayed" in stats and stats["replayed"] != res.violations:
        res.notes.append(f"{res.violations} violations listed but {stats['replayed']} replayed")
    if stats.get("undecided", 0) > 0:
        res.notes.append(f"{stats['undecided']} undecided: the result is incomplete")
    if report.get("recorded", "exited with code 0") != "exited with code 0":
        res.notes.append(f"recorded run {report.get('recorded')!r}")
    if report.get("defects") and not stats.get("unconfirmed"):
        res.notes.append(f"defects {report.get('defects')}")
    return res


def wait_child(proc: subprocess.Popen, timeout: float):
    """Wait for `proc` (killing it after `timeout` seconds): (exit code or
    None on timeout, its rusage or None)."""
    deadline = time.monotonic() + timeout
    while True:
        pid, status, rusage = os.wait4(proc.pid, os.WNOHANG)
        if pid == proc.pid:
            code = os.waitstatus_to_exitcode(status)
            proc.returncode = code
            return code, rusage
        if time.monotonic() > deadline:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.wait4(proc.pid, 0)
            proc.returncode = -9
            return None, None
        time.sleep(0.02)


def parse_time_rss(path: Path) -> float | None:
    # GNU time may prefix a line such as "Command exited with non-zero
    # status 42"; the number is the last line.
    try:
        lines = [l.strip() for l in path.read_text().splitlines() if l.strip()]
        return int(lines[-1]) / 1024.0
    except (OSError, ValueError, IndexError):
        return None


def table(results: list[Result]) -> str:
    rows = ["| " + " | ".join(COLUMNS) + " |", "|" + "|".join(["---"] + ["---:"] * (len(COLUMNS) - 1)) + "|"]
    for r in results:
        name = f"`{r.program}`"
        if r.flags:
            name += " (" + " ".join(r.flags) + ")"
        if r.problems:
            name += " **!**"
        elif r.notes:
            name += " *"
        cells = [name]
        for k in STAT_KEYS:
            v = r.stats.get(k)
            cells.append("?" if v is None else str(v))
        cells.append(f"{r.seconds:.2f}")
        cells.append("?" if r.rss_mib is None else f"{r.rss_mib:.0f}")
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def machine() -> dict:
    info = {"nproc": str(os.cpu_count() or "?")}
    nproc = shutil.which("nproc")
    if nproc:
        try:
            info["nproc"] = subprocess.run([nproc], capture_output=True, text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            pass
    info["cpu"] = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                info["mem"] = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    except (OSError, ValueError):
        pass
    try:
        info["commit"] = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        info["commit"] = "unknown"
    info["date"] = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    return info


def binary_info(info: dict, weft: Path) -> dict:
    try:
        info["binary"] = str(weft.relative_to(ROOT))
    except ValueError:
        info["binary"] = str(weft)
    try:
        mtime = datetime.datetime.fromtimestamp(weft.stat().st_mtime).astimezone()
        info["built"] = mtime.strftime("%Y-%m-%d %H:%M %Z")
    except OSError:
        info["built"] = "?"
    return info


INTRO = """\
# `weft predict` benchmark

Generated by `python3 bench/predict.py` (do not edit by hand): one run of
`target/release/weft predict PROGRAM --json` per program of
`tests/predict/` (the small corpus, whose headers give the expected counts)
and of `bench/predict/`, our own versions of the benchmark kinds of Table 1
of the Fusion paper (Wang et al., trace-based symbolic analysis for
atomicity violations, section 6): `atom001` and `atom002`, Apache-like
patterns (a log buffer, a reference-counted cache object) with their fixed
twins `atom001a` and `atom002a`, and the parameterised bank with N = 2, 4,
6, 8 workers in three variants, `bank_av_N` (violations), `bank_sav_N`
(partly fixed) and `bank_nav_N` (fully fixed), written by
`bench/predict/gen.py`. Each program's header says what it models and what
it should report. A program whose header has a `// predict-flags:` line runs
with those flags (shown after its name).

What the headers of `bench/predict/` predict: `atom001` 1 confirmed of 6
after pruning, `atom002` 6 of 7, the `a` twins 0 (pruned by mutual
exclusion); `bank_av_N` 3N after pruning, all confirmed; `bank_sav_N` 2N,
all confirmed; `bank_nav_N` 2N after pruning and none satisfiable (the
solver rules them out through the turn variable). In the paper, the fixed
programs keep their hb-pavs and lose sym-avs; here the lock-based fixes are
already removed by the mutual-exclusion part of the pruning, and only
`bank_nav_N` (and `atom001`, `atom002`) show the solver's extra precision.

Columns (from weft's `stats`):
- **threads**: threads of the recorded execution, main included (the paper's
  *thrds*);
- **trace events**: events of the recorded execution (visible memory
  accesses, synchronisation, thread operations, transaction markers);
- **transactions**: transactions found (markers, or with
  `--transactions locks` also outermost critical sections; the paper's
  *regions*);
- **candidate PAVs**: potential three-access violations (t_c, t_r, t_c') with
  an unserializable read/write pattern (the paper's *orig-pavs*);
- **after HB pruning**: those left after must-happen-before (program order,
  create, join, the recorded order of condition variables and the like) and
  mutual exclusion (both local accesses and the remote one under one mutex)
  (the paper's *hb-pavs*);
- **SMT-satisfiable**: those for which Z3 found a feasible reordering of the
  recorded run, data flow and branch guards included;
- **replayed (confirmed)**: those whose reordering weft replayed on the
  program and reports (the paper's *sym-avs*);
- **unconfirmed**: satisfiable but not confirmed by the replay (a weft
  defect when nonzero; the script then fails);
- **undecided**: the solver gave up (timeout), the result is incomplete;
- **seconds**: wall-clock time of the whole `weft predict` run (compiling the
  program, recording, the analysis, every replay);
- **peak RSS MiB**: peak resident set size of the run, from
  `/usr/bin/time -f %M` (or the child's rusage); it covers the processes
  weft waits for, so up to about 90 MiB it is the C compiler's, which weft
  runs first.

A program marked **!** had a problem (weft's exit code not 0, 42 or 3, or
unconfirmed candidates: the script fails), one marked * a note (such as
undecided candidates); both are listed under the table.
"""


def markdown(results: list[Result], info: dict) -> str:
    total = sum(r.seconds for r in results)
    parts = [
        INTRO,
        "\n## Machine and run\n\n",
        f"- date: {info['date']}\n",
        f"- weft commit: `{info['commit']}` (`git rev-parse --short HEAD`); binary "
        f"`{info['binary']}`, modified {info['built']} (it may include changes not in that commit)\n",
        f"- nproc: {info['nproc']}; CPU: {info['cpu']}"
        + (f"; memory: {info['mem']}" if "mem" in info else "")
        + "\n",
        f"- programs: {len(results)}, run one after another; total {total:.1f} s\n",
        "\n## Results\n\n",
        table(results),
    ]
    bad = [r for r in results if r.problems or r.notes]
    if bad:
        parts.append("\n## Problems and notes\n\n")
        for r in bad:
            for p in r.problems:
                parts.append(f"- **problem** `{r.program}`: {p}\n")
            for n in r.notes:
                parts.append(f"- note `{r.program}`: {n}\n")
    return "".join(parts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--weft", type=Path, default=WEFT, help="the weft binary (default: target/release/weft)")
    ap.add_argument("--filter", help="only programs whose path contains this string")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds per program (default 1800)")
    ap.add_argument("--output", type=Path, default=ROOT / "bench" / "predict.md", help="Markdown file to write")
    ap.add_argument("--no-write", action="store_true", help="print the table only")
    args = ap.parse_args()

    weft = args.weft.resolve()
    if not weft.is_file():
        print(f"{weft}: no such binary (build it with `cargo build --release`)", file=sys.stderr)
        return 2
    progs = programs(args.filter)
    if not progs:
        print("no programs", file=sys.stderr)
        return 2
    results = []
    for p in progs:
        r = run_one(weft, p, args.timeout)
        results.append(r)
        s = r.stats
        print(
            f"{r.program}: exit {r.code}, {s.get('after_hb', '?')} after HB, "
            f"{s.get('replayed', '?')} confirmed, {r.seconds:.2f} s"
            + ("" if not r.problems else "  PROBLEM: " + "; ".join(r.problems))
            + ("" if not r.notes else "  note: " + "; ".join(r.notes)),
            file=sys.stderr,
            flush=True,
        )
    info = binary_info(machine(), weft)
    md = markdown(results, info)
    print(table(results), end="")
    for r in results:
        for p in r.problems:
            print(f"problem: {r.program}: {p}")
        for n in r.notes:
            print(f"note: {r.program}: {n}")
    if not args.no_write:
        args.output.write_text(md)
        print(f"wrote {args.output.relative_to(ROOT) if args.output.is_relative_to(ROOT) else args.output}",
              file=sys.stderr)
    return 1 if any(r.problems for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
