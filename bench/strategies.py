#!/usr/bin/env python3
"""Bug-hunting strategies side by side on programs with one hard bug each.

For every program in ``bench/hardbugs/`` this runs

    weft check PROGRAM --json --no-race-check -j 1 --strategy S ... --timeout T

once for each systematic strategy (``exhaustive``, ``icb``, ``vt``) and with
seeds 1..20 for each randomized one (``pct`` at depth 1, 2 and 3, ``pctvb``
at depth 2 and 3, ``random``; ``--runs`` executions per seed at most), and
records the executions and seconds until the first bug.  With a strategy
other than ``exhaustive`` weft stops at the first bug, and its
``executions`` is the number of executions up to and including it.

The Markdown table has one row per (program, strategy):

    program | threads | strategy | found | executions | seconds | peak RSS

``found`` is ``yes``/``no`` for a systematic strategy and ``k/20`` for a
randomized one.  For randomized strategies ``executions`` and ``seconds``
are ``median / worst`` over the seeds, where a seed that found no bug counts
as worse than any that did (the lower median of the 20 values is shown).  A
run that ended without a bug shows ``>N`` (N being what it spent) with how it
ended: ``timeout``, ``incomplete: LIMIT`` or ``safe`` (the whole search space
or every run explored without a bug).  A run that crashed, exited 2 or
printed no report is ``error``, never stops the sweep, and is listed under
"Suspicious runs" with weft's message, together with bugs that differ from
the exhaustive search's (kind and location), a safe verdict from the
exhaustive search on these programs, which all have a bug, and witnesses
that do not replay: for each (program, strategy) the first bug found is
written as a witness and replayed with ``weft replay``.  Seconds are weft's
``elapsed_s`` (exploring only, not compiling); peak RSS is the largest of the
runs' ``peak_rss_kib``.

Program headers may carry two lines the script reads: ``// weft-args: ...``
(extra options for every run of that program, e.g. ``--no-spurious-wakeups``)
and ``// threads: N`` (threads the program starts, besides main; without it
the column shows the most threads seen in a bug's trace).  A line with
``(c, v, t) = (C, V, T)`` gives the bug's characteristics, shown in the
summary.

Typical use, from the workspace root::

    python3 bench/strategies.py                       # ~15-25 min, 2 processes
    python3 bench/strategies.py --only aba --timeout 20
    python3 bench/strategies.py --weft /tmp/clone/target/release/weft --out /tmp/s.md

Independent runs go in parallel, at most ``--jobs`` (default 2) at a time.
Only the Python 3 standard library is used.  Never use these numbers in a
test assertion: machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import re
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
PROGRAMS_DIR = BENCH_DIR / "hardbugs"
DEFAULT_WEFT = ROOT / "target" / "release" / "weft"
DEFAULT_OUT = BENCH_DIR / "strategies.md"

DEFAULT_TIMEOUT_S = 60.0
DEFAULT_RUNS = 10_000
DEFAULT_SEEDS = 20
MAX_JOBS = 2
# Extra seconds past --timeout before the script kills weft itself.
KILL_GRACE_S = 15.0
# The exit codes of `weft check`.
EXIT_SAFE, EXIT_INCOMPLETE, EXIT_USAGE, EXIT_BUG = 0, 3, 2, 42


@dataclass(frozen=True)
class Strategy:
    """One column of configurations: a strategy name and its options."""

    label: str
    name: str
    depth: int | None = None
    randomized: bool = False

    def args(self, runs: int, seed: int | None) -> list[str]:
        """The weft options selecting this strategy (and seed)."""
        a = ["--strategy", self.name]
        if self.depth is not None:
            a += ["--pct-depth", str(self.depth)]
        if self.randomized:
            a += ["--runs", str(runs)]
        if seed is not None:
            a += ["--seed", str(seed)]
        return a


STRATEGIES: list[Strategy] = [
    Strategy("exhaustive", "exhaustive"),
    Strategy("icb", "icb"),
    Strategy("vt", "vt"),
    Strategy("pct d=1", "pct", 1, True),
    Strategy("pct d=2", "pct", 2, True),
    Strategy("pct d=3", "pct", 3, True),
    Strategy("pctvb d=2", "pctvb", 2, True),
    Strategy("pctvb d=3", "pctvb", 3, True),
    Strategy("random", "random", None, True),
]
# vt orders threads at random past a few threads: one fixed seed keeps the
# systematic rows repeatable.
VT_SEED = 1


@dataclass
class Program:
    """A program of the corpus and what its header says."""

    path: Path
    threads: int | None
    cvt: str | None
    extra_args: list[str]

    @property
    def name(self) -> str:
        return self.path.stem


@dataclass
class Run:
    """One weft invocation and what came of it."""

    program: str
    strategy: str
    seed: int | None
    status: str = "error"          # bug | safe | incomplete | timeout | error
    executions: int | None = None
    seconds: float | None = None   # weft's elapsed_s, else wall time
    wall_s: float = 0.0
    rss_mib: float | None = None
    limit: str | None = None
    bug_kind: str | None = None
    bug_location: str | None = None
    found_under: dict | None = None
    progress: dict | None = None   # the report's `strategy` object
    max_thread: int | None = None
    message: str = ""
    witness: str | None = None


@dataclass
class Row:
    """The runs of one (program, strategy)."""

    program: Program
    strategy: Strategy
    runs: list[Run] = field(default_factory=list)
    replay: str | None = None      # None: not replayed; "ok" or a problem


# --------------------------------------------------------------------------
# Programs


def read_program(path: Path) -> Program:
    """The program at ``path`` with its header's threads, (c, v, t) and
    extra weft arguments."""
    text = path.read_text(errors="replace")
    threads = None
    cvt = None
    extra: list[str] = []
    for line in text.splitlines():
        if not line.startswith("//"):
            if line.strip():
                break
            continue
        body = line[2:].strip()
        if body.startswith("weft-args:"):
            extra += shlex.split(body[len("weft-args:"):])
        elif body.startswith("threads:"):
            m = re.match(r"threads:\s*(\d+)", body)
            threads = int(m.group(1)) if m else None
        m = re.search(r"\(c,\s*v,\s*t\)\s*=\s*\((\d+),\s*(\d+),\s*(\d+)\)", body)
        if m and cvt is None:
            cvt = "({}, {}, {})".format(*m.groups())
    return Program(path, threads, cvt, extra)


def programs(only: str | None) -> list[Program]:
    """The corpus, sorted by name, filtered by ``only``."""
    paths = sorted(PROGRAMS_DIR.glob("*.c"))
    return [read_program(p) for p in paths if not only or only in p.stem]


# --------------------------------------------------------------------------
# Running weft


def run_child(cmd: list[str], timeout_s: float) -> tuple[int, str, str, float, int, bool]:
    """Run ``cmd`` in its own session; kill its process group after
    ``timeout_s``.  Returns (exit code, negative for a signal, stdout,
    stderr, wall seconds, ru_maxrss KiB, killed by us)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=err, start_new_session=True)
        killed = False
        delay = 0.005
        while True:
            pid, status, rusage = os.wait4(proc.pid, os.WNOHANG)
            if pid == proc.pid:
                break
            if time.perf_counter() - start > timeout_s:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                killed = True
                _, status, rusage = os.wait4(proc.pid, 0)
                break
            time.sleep(delay)
            delay = min(delay * 2, 0.1)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        proc.returncode = code  # reaped here: keep Popen from waiting again
        # The group may have left children behind (clang): make sure.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        out.seek(0)
        err.seek(0)
        return (code,
                out.read().decode(errors="replace"),
                err.read().decode(errors="replace"),
                wall, rusage.ru_maxrss, killed)


def parse_report(stdout: str) -> dict | None:
    """weft's JSON object (the last top-level one on stdout), or None."""
    decoder = json.JSONDecoder()
    starts = [m.start() for m in re.finditer(r"(?m)^\{", stdout)]
    for start in reversed(starts):
        try:
            obj, _ = decoder.raw_decode(stdout, start)
        except json.JSONDecodeError:
            continue
        if isinstance(obj, dict):
            return obj
    return None


def last_line(text: str) -> str:
    """The last non-empty line of ``text`` (weft's error message)."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    return lines[-1][:300] if lines else ""


def check(weft: Path, prog: Program, strat: Strategy, seed: int | None, runs: int,
          timeout_s: float, witness_dir: Path | None) -> Run:
    """One `weft check` of ``prog`` under ``strat`` (and ``seed``)."""
    r = Run(prog.name, strat.label, seed)
    # One worker per run: runs already go in parallel (--jobs), and a split
    # exhaustive search would make the executions to the first bug depend
    # on timing.
    cmd = [str(weft), "check", str(prog.path), "--json", "--no-race-check", "-j", "1",
           *strat.args(runs, seed), "--timeout", f"{timeout_s:g}", *prog.extra_args]
    if witness_dir is not None:
        tag = re.sub(r"[^A-Za-z0-9]+", "_", strat.label)
        r.witness = str(witness_dir / f"{prog.name}.{tag}.{seed or 0}.witness")
        cmd += ["--witness", r.witness]
    try:
        code, out, err, wall, rss_kib, killed = run_child(cmd, timeout_s + KILL_GRACE_S)
    except OSError as e:
        r.message = f"could not run weft: {e}"
        return r
    r.wall_s = wall
    r.rss_mib = rss_kib / 1024
    report = parse_report(out)
    if killed:
        r.status = "timeout"
        r.seconds = wall
        r.message = f"killed after {wall:.0f} s (weft ignored --timeout)"
        return r
    if report is None or code not in (EXIT_SAFE, EXIT_INCOMPLETE, EXIT_BUG):
        how = f"exit {code}"
        if code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        r.message = f"{how}: {last_line(err) or last_line(out) or 'no output'}"
        return r
    r.executions = report.get("executions")
    r.seconds = report.get("elapsed_s", wall)
    if isinstance(report.get("peak_rss_kib"), (int, float)):
        r.rss_mib = report["peak_rss_kib"] / 1024
    r.limit = report.get("limit")
    if isinstance(report.get("strategy"), dict):
        r.progress = report["strategy"]
    verdict = report.get("verdict")
    bugs = report.get("bugs") or []
    for b in bugs:
        for ev in b.get("trace") or []:
            if isinstance(ev.get("thread"), int):
                r.max_thread = max(r.max_thread or 0, ev["thread"])
    expected = {"bug": EXIT_BUG, "safe": EXIT_SAFE, "incomplete": EXIT_INCOMPLETE}
    if expected.get(verdict) != code:
        r.message = f"verdict {verdict!r} with exit {code}"
        return r
    if verdict == "bug":
        if not bugs:
            r.message = "verdict bug without bugs"
            return r
        r.status = "bug"
        r.bug_kind = bugs[0].get("kind")
        r.bug_location = bugs[0].get("location")
        r.found_under = bugs[0].get("found_under")
    elif verdict == "incomplete" and r.limit == "timeout":
        r.status = "timeout"
    else:
        r.status = verdict
    return r


def replay(weft: Path, prog: Program, run: Run, timeout_s: float) -> str:
    """Replays ``run``'s witness: "ok" when it reports the same bug."""
    if not run.witness or not Path(run.witness).exists():
        return "no witness written"
    cmd = [str(weft), "replay", str(prog.path), run.witness, "--json"]
    try:
        code, out, err, *_ , killed = run_child(cmd, timeout_s + KILL_GRACE_S)
    except OSError as e:
        return f"could not run weft replay: {e}"
    if killed:
        return "replay timed out"
    report = parse_report(out)
    if code != EXIT_BUG or report is None or not report.get("bugs"):
        return f"replay exit {code}: {last_line(err) or last_line(out) or 'no output'}"
    b = report["bugs"][0]
    if (b.get("kind"), b.get("location")) != (run.bug_kind, run.bug_location):
        return (f"replay reports {b.get('kind')} at {b.get('location')}, "
                f"check reported {run.bug_kind} at {run.bug_location}")
    return "ok"


# --------------------------------------------------------------------------
# Formatting


def fmt_int(v: int | None) -> str:
    return "—" if v is None else f"{v:,}"


def fmt_s(v: float | None) -> str:
    if v is None:
        return "—"
    if v < 0.0005:
        return "<0.001"
    return f"{v:.3f}" if v < 10 else f"{v:.1f}"


def how_ended(run: Run) -> str:
    """What a run without a bug ended with (and, for icb and vt, how far
    it got)."""
    p = run.progress or {}
    where = ""
    if p.get("strategy") == "icb" and "bound" in p:
        where = f" at bound {p['bound']}"
    elif p.get("strategy") == "vt" and "v" in p and "t" in p:
        where = f" at v={p['v']}, t={p['t']}"
    if run.status == "timeout":
        return "timeout" + where
    if run.status == "incomplete":
        return (f"incomplete: {run.limit}" if run.limit else "incomplete") + where
    return run.status + where


def pick(runs: list[Run], which: str, value) -> Run:
    """The lower-median or worst run by ``value`` (misses rank last)."""
    ranked = sorted(runs, key=lambda r: (r.status != "bug", value(r) or 0))
    if which == "worst":
        return ranked[-1]
    return ranked[(len(ranked) - 1) // 2]


def cell(run: Run, value, fmt) -> str:
    """``value(run)``, prefixed with ``>`` for a run without a bug."""
    if run.status == "error":
        return "error"
    v = value(run)
    if v is None:
        return "—"
    return fmt(v) if run.status == "bug" else ">" + fmt(v)


def row_cells(row: Row) -> tuple[str, str, str, str, float | None, float | None]:
    """(found, executions, seconds, RSS, median executions, median seconds)
    of a row; the two medians are None when the median run found no bug."""
    runs = row.runs
    found = [r for r in runs if r.status == "bug"]
    errors = [r for r in runs if r.status == "error"]
    rss = max((r.rss_mib for r in runs if r.rss_mib is not None), default=None)
    rss_s = "—" if rss is None else f"{rss:.0f}"
    execs = lambda r: r.executions
    secs = lambda r: r.seconds if r.seconds is not None else r.wall_s
    if not row.strategy.randomized:
        r = runs[0]
        if r.status == "error":
            return "error", "error", "error", rss_s, None, None
        ended = "" if r.status == "bug" else f" ({how_ended(r)})"
        return ("yes" if r.status == "bug" else "no" + ended,
                cell(r, execs, fmt_int), cell(r, secs, fmt_s), rss_s,
                execs(r) if r.status == "bug" else None,
                secs(r) if r.status == "bug" else None)
    k = f"{len(found)}/{len(runs)}"
    if errors:
        k += f" ({len(errors)} error{'s' if len(errors) > 1 else ''})"
    if len(errors) == len(runs):
        return k, "error", "error", rss_s, None, None
    ok = [r for r in runs if r.status != "error"]
    med_e, worst_e = pick(ok, "median", execs), pick(ok, "worst", execs)
    med_s, worst_s = pick(ok, "median", secs), pick(ok, "worst", secs)
    misses = sorted({how_ended(r) for r in ok if r.status != "bug"})
    e = f"{cell(med_e, execs, fmt_int)} / {cell(worst_e, execs, fmt_int)}"
    s = f"{cell(med_s, secs, fmt_s)} / {cell(worst_s, secs, fmt_s)}"
    if misses:
        e += f" ({', '.join(misses)})"
    return (k, e, s, rss_s,
            execs(med_e) if med_e.status == "bug" else None,
            secs(med_s) if med_s.status == "bug" else None)


def threads_of(prog: Program, rows: list[Row]) -> str:
    if prog.threads is not None:
        return str(prog.threads)
    seen = [r.max_thread for row in rows for r in row.runs if r.max_thread is not None]
    return str(max(seen)) if seen else "?"


def suspicious(rows: list[Row]) -> list[str]:
    """Runs that look wrong: errors, a safe exhaustive verdict, bugs other
    than the exhaustive search's, witnesses that do not replay."""
    notes = []
    reference: dict[str, Run] = {}
    for row in rows:
        if row.strategy.name == "exhaustive" and row.runs and row.runs[0].status == "bug":
            reference[row.program.name] = row.runs[0]
    for row in rows:
        where = f"{row.program.name}, {row.strategy.label}"
        for r in row.runs:
            seed = f" seed {r.seed}" if r.seed is not None else ""
            if r.status == "error":
                notes.append(f"{where}{seed}: error: {r.message}")
            elif r.status == "safe" and not row.strategy.randomized:
                notes.append(f"{where}: verdict safe after {fmt_int(r.executions)} executions, "
                             f"but the program has a bug")
            elif r.status == "bug":
                ref = reference.get(row.program.name)
                if ref and (r.bug_kind, r.bug_location) != (ref.bug_kind, ref.bug_location):
                    notes.append(f"{where}{seed}: {r.bug_kind} at {r.bug_location}; the "
                                 f"exhaustive search found {ref.bug_kind} at {ref.bug_location}")
                fu = r.found_under or {}
                if row.strategy.name == "exhaustive":
                    pass  # Optimal-DPOR reports no found_under
                elif fu.get("strategy") != row.strategy.name:
                    notes.append(f"{where}{seed}: found_under {json.dumps(fu)}")
                elif row.strategy.randomized:
                    if fu.get("seed") != r.seed or (row.strategy.depth is not None
                                                    and fu.get("depth") != row.strategy.depth):
                        notes.append(f"{where}{seed}: found_under {json.dumps(fu)}")
                    elif fu.get("run") != r.executions:
                        notes.append(f"{where}{seed}: found_under.run {fu.get('run')} but "
                                     f"{fmt_int(r.executions)} executions")
            if r.message and r.status not in ("error",):
                notes.append(f"{where}{seed}: {r.message}")
        if row.replay not in (None, "ok"):
            notes.append(f"{where}: witness: {row.replay}")
    if not any(row.strategy.name == "exhaustive" for row in rows):
        return notes
    for name in sorted({row.program.name for row in rows}):
        ex = next((row for row in rows if row.program.name == name
                   and row.strategy.name == "exhaustive"), None)
        if ex and ex.runs and ex.runs[0].status not in ("bug", "error", "safe"):
            others = [row.strategy.label for row in rows if row.program.name == name
                      and any(r.status == "bug" for r in row.runs)]
            if others:
                notes.append(f"{name}: the exhaustive search ended without a bug "
                             f"({how_ended(ex.runs[0])}); found by {', '.join(others)}")
    return notes


def found_at(rows: list[Row], strategy: str) -> str:
    """Where ``strategy`` found the bug, from its ``found_under``."""
    for row in rows:
        if row.strategy.name != strategy:
            continue
        bug = next((r for r in row.runs if r.status == "bug"), None)
        if bug is None:
            return "—"
        fu = bug.found_under or {}
        pre = fu.get("preemptions")
        pre_s = "?" if pre is None else f"{pre} preemption{'' if pre == 1 else 's'}"
        if strategy == "vt":
            return f"v={fu.get('v', '?')}, t={fu.get('t', '?')}, {pre_s}"
        return pre_s
    return "—"


def tables(rows: list[Row], progs: list[Program], opts: argparse.Namespace) -> str:
    """The results table, the summary and the suspicious runs, in Markdown."""
    out = [
        "| program | threads | strategy | found | executions (median / worst) "
        "| seconds (median / worst) | peak RSS (max, MiB) |",
        "|---|---|---|---|---|---|---|",
    ]
    best_rows = []
    wins_e: dict[str, int] = {s.label: 0 for s in STRATEGIES}
    wins_s: dict[str, int] = {s.label: 0 for s in STRATEGIES}
    for prog in progs:
        mine = [row for row in rows if row.program.name == prog.name]
        threads = threads_of(prog, mine)
        medians = {}
        for row in mine:
            found, e, s, rss, med_e, med_s = row_cells(row)
            out.append(f"| {prog.name} | {threads} | {row.strategy.label} | {found} "
                       f"| {e} | {s} | {rss} |")
            medians[row.strategy.label] = (med_e, med_s)

        def best(index: int, wins: dict[str, int]) -> str:
            vals = {k: v[index] for k, v in medians.items() if v[index] is not None}
            if not vals:
                return "none found the bug"
            low = min(vals.values())
            winners = [k for k, v in vals.items() if v == low]
            for w in winners:
                wins[w] += 1
            shown = fmt_int(low) if index == 0 else fmt_s(low)
            return f"{', '.join(winners)} ({shown})"
        best_rows.append(f"| {prog.name} | {prog.cvt or '?'} | {threads} "
                         f"| {found_at(mine, 'icb')} | {found_at(mine, 'vt')} "
                         f"| {best(0, wins_e)} | {best(1, wins_s)} |")
    out += [
        "",
        "## Summary",
        "",
        "Per program, the strategy that needed the fewest executions until the bug "
        "(the lower median over the seeds for randomized strategies; a strategy whose "
        "median seed missed the bug does not compete), and the one that needed the "
        "fewest seconds. (c, v, t) is from the program's header: preemptions, variables "
        "and threads the bug needs (threads besides main). The icb and vt columns give "
        "weft's `found_under` for their bug: the preemptions, and the round (v, t) with "
        "its preemptions (weft's t is over all threads, main included).",
        "",
        "| program | (c, v, t) | threads | icb found at | vt found at | fewest executions "
        "| fewest seconds |",
        "|---|---|---|---|---|---|---|",
        *best_rows,
        "",
        "Programs on which each strategy was the best (ties count for each):",
        "",
        "| strategy | fewest executions | fewest seconds |",
        "|---|---|---|",
        *(f"| {s.label} | {wins_e[s.label]} | {wins_s[s.label]} |" for s in STRATEGIES
          if s.label in {row.strategy.label for row in rows}),
    ]
    notes = suspicious(rows)
    out += ["", "## Suspicious runs", ""]
    out += [f"- {n}" for n in notes] if notes else ["None: no errors, every bug found "
                                                    "matches the exhaustive search's, and "
                                                    "every witness replayed."]
    return "\n".join(out) + "\n"


def git_commit(weft: Path) -> str:
    """The short commit of the checkout ``weft`` was built in (``+dirty``
    when it has uncommitted changes), or of this workspace."""
    for d in [weft.resolve().parent, *weft.resolve().parents, ROOT]:
        if (d / ".git").exists():
            try:
                rev = subprocess.run(["git", "-C", str(d), "rev-parse", "--short", "HEAD"],
                                     capture_output=True, text=True, check=True).stdout.strip()
                dirty = subprocess.run(["git", "-C", str(d), "status", "--porcelain",
                                        "--untracked-files=no"],
                                       capture_output=True, text=True).stdout.strip()
                return rev + ("+dirty" if dirty else "") + f" ({d})"
            except (OSError, subprocess.CalledProcessError):
                break
    return "unknown"


def header(weft: Path, opts: argparse.Namespace, argv: list[str], minutes: float) -> str:
    """The block above the table: machine, commit, date, command."""
    cores = os.cpu_count()
    try:
        cores = int(subprocess.run(["nproc"], capture_output=True, text=True).stdout)
    except (OSError, ValueError):
        pass
    cmd = " ".join(["python3", "bench/strategies.py", *map(shlex.quote, argv)])
    return "\n".join([
        "# Bug-hunting strategies on hard bugs",
        "",
        "Produced by `bench/strategies.py` on the programs in `bench/hardbugs/` (one "
        "hard-to-find bug each; their headers describe the bug). Each row runs "
        "`weft check --json --no-race-check -j 1 --strategy ...` until the first bug; "
        f"randomized strategies run {opts.seeds} seeds (1..{opts.seeds}) of at most "
        f"{opts.runs:,} executions each. A seed that missed counts as worse than any "
        "that found the bug; `>N` is a run that ended without a bug after spending N, "
        "with how it ended. Seconds are weft's exploration time (`elapsed_s`, "
        "compiling not included).",
        "",
        f"- machine: {platform.node() or '?'}, `nproc` {cores}, `uname -m` "
        f"{platform.machine()}",
        f"- weft commit: {git_commit(weft)}",
        f"- date: {datetime.datetime.now().astimezone().strftime('%Y-%m-%d %H:%M %Z')}",
        f"- command: `{cmd}` (per-run timeout {opts.timeout:g} s, {opts.jobs} runs in "
        f"parallel, {minutes:.1f} minutes in all)",
        "",
    ])


# --------------------------------------------------------------------------
# Driver


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description="Run weft's bug-hunting strategies on bench/hardbugs and print "
                    "a Markdown table of executions and seconds until the first bug.")
    p.add_argument("--weft", type=Path, default=DEFAULT_WEFT, metavar="PATH",
                   help="weft binary (default: target/release/weft)")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_S, metavar="S",
                   help=f"per-run time limit, passed to weft (default {DEFAULT_TIMEOUT_S:g})")
    p.add_argument("--runs", type=int, default=DEFAULT_RUNS, metavar="N",
                   help=f"--runs of each randomized run (default {DEFAULT_RUNS})")
    p.add_argument("--seeds", type=int, default=DEFAULT_SEEDS, metavar="K",
                   help=f"seeds 1..K for each randomized strategy (default {DEFAULT_SEEDS})")
    p.add_argument("--only", metavar="SUBSTR",
                   help="only programs whose name contains SUBSTR")
    p.add_argument("--strategies", metavar="LIST",
                   help="only these strategy labels, comma-separated (e.g. "
                        "'exhaustive,icb,pct d=2')")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, metavar="FILE",
                   help="write the Markdown here too (default bench/strategies.md)")
    p.add_argument("--jobs", type=int, default=MAX_JOBS, metavar="J",
                   help=f"weft processes at a time (1..{MAX_JOBS}, default {MAX_JOBS})")
    p.add_argument("--no-replay", action="store_true",
                   help="do not write and replay a witness per (program, strategy)")
    opts = p.parse_args(argv)
    opts.jobs = max(1, min(MAX_JOBS, opts.jobs))
    if opts.seeds < 1 or opts.runs < 1 or opts.timeout <= 0:
        p.error("--seeds, --runs and --timeout must be positive")
    return opts


def main(argv: list[str]) -> int:
    opts = parse_args(argv)
    weft = opts.weft.resolve()
    if not (weft.is_file() and os.access(weft, os.X_OK)):
        print(f"error: no executable weft at {weft}", file=sys.stderr)
        return 2
    progs = programs(opts.only)
    if not progs:
        print(f"error: no program in {PROGRAMS_DIR} matches", file=sys.stderr)
        return 2
    strategies = STRATEGIES
    if opts.strategies:
        wanted = {s.strip() for s in opts.strategies.split(",")}
        strategies = [s for s in STRATEGIES if s.label in wanted]
        unknown = wanted - {s.label for s in STRATEGIES}
        if unknown or not strategies:
            print(f"error: unknown strategies {sorted(unknown)}; known: "
                  f"{', '.join(s.label for s in STRATEGIES)}", file=sys.stderr)
            return 2

    rows = [Row(p, s) for p in progs for s in strategies]
    jobs = []
    for row in rows:
        if row.strategy.randomized:
            seeds = list(range(1, opts.seeds + 1))
        else:
            seeds = [VT_SEED if row.strategy.name == "vt" else None]
        jobs += [(row, seed) for seed in seeds]
    # The slow systematic runs first, so that they overlap the many short ones.
    jobs.sort(key=lambda j: j[0].strategy.randomized)

    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="weft-strategies-") as tmp:
        witness_dir = None if opts.no_replay else Path(tmp)
        done = 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as pool:
            futures = {pool.submit(check, weft, row.program, row.strategy, seed, opts.runs,
                                   opts.timeout, witness_dir): (row, seed)
                       for row, seed in jobs}
            for fut in concurrent.futures.as_completed(futures):
                row, seed = futures[fut]
                try:
                    run = fut.result()
                except Exception as e:  # noqa: BLE001 - one run never stops the sweep
                    run = Run(row.program.name, row.strategy.label, seed,
                              message=f"script error: {e!r}")
                row.runs.append(run)
                done += 1
                if run.status == "bug":
                    what = f"bug after {fmt_int(run.executions)} executions"
                else:
                    what = how_ended(run) + (f": {run.message}" if run.message else "")
                print(f"[{done:>{len(str(len(jobs)))}}/{len(jobs)}] {row.program.name} "
                      f"{row.strategy.label}" + (f" seed {seed}" if seed is not None else "")
                      + f": {what} ({run.wall_s:.1f} s)", file=sys.stderr, flush=True)
        for row in rows:
            row.runs.sort(key=lambda r: r.seed or 0)
        if witness_dir is not None:
            # One witness per (program, strategy): the first seed that found it.
            todo = [(row, next(r for r in row.runs if r.status == "bug"))
                    for row in rows if any(r.status == "bug" for r in row.runs)]
            with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as pool:
                results = pool.map(lambda t: replay(weft, t[0].program, t[1], opts.timeout),
                                   todo)
                for (row, _), verdict in zip(todo, results):
                    row.replay = verdict
    minutes = (time.perf_counter() - start) / 60
    text = header(weft, opts, argv, minutes) + "\n" + tables(rows, progs, opts)
    print(text, end="")
    if opts.out:
        try:
            opts.out.write_text(text)
            print(f"wrote {opts.out}", file=sys.stderr)
        except OSError as e:
            print(f"error: cannot write {opts.out}: {e}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
