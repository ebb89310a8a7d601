#!/usr/bin/env python3
"""Benchmark suite for weft.

Runs ``weft check PROGRAM --json --por EXPLORER --mm MODEL ... -- -DN=n``
for every configured (program, N, explorer, memory model) combination,
measures wall-clock seconds and the peak resident set size of each run,
parses weft's JSON report and prints a Markdown table:

    program | N | explorer | model | executions | blocked | seconds |
    executions/s | events/s | peak RSS (MiB) | verdict

A configuration may add preprocessor symbols (``defines``, passed to clang
as ``-DNAME`` and shown in the program column as ``program+NAME``), turn the
race check off (for programs that are racy on purpose) and name the memory
models under which its program has a bug (``expect_bug``): such a run passes
when weft reports the bug, and fails when it does not.

Configurations that name an input mode (``nondet``: ``symbolic`` or
``enumerate``, passed as ``--nondet``) exercise symbolic inputs; they go
into a table of their own, with the solver's statistics (queries, those
sent to Z3, cache hits, solver seconds, infeasible branch sides), which
``--update-md`` writes between its own markers (``<!-- bench:symbolic:start
-->``), so that ``--filter sym_`` refreshes it without touching the main
table, and the other way round.

Typical use, from the workspace root::

    python3 bench/run.py                 # build weft, run everything, print
    python3 bench/run.py --quick         # smallest N of each program only
    python3 bench/run.py --update-md     # also refresh BENCHMARKS.md and README.md
    python3 bench/run.py --native        # check the programs run natively
    python3 bench/run.py --filter dekker --model tso   # some runs only

Only the Python 3.11 standard library is used.  Peak RSS is taken from the
``rusage`` that ``os.wait4`` returns for each child, unless weft's JSON
reports its own peak (see ``RSS_FIELDS``).  Because that rusage also covers
the child's own children, a run whose peak is no higher than what clang
needs to compile the program is marked: the number is clang's, not weft's.

Never use these numbers in a test assertion: machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
PROGRAMS_DIR = BENCH_DIR / "programs"
DEFAULT_WEFT = ROOT / "target" / "release" / "weft"
DEFAULT_MD = ROOT / "BENCHMARKS.md"
# The README carries the same table between the same markers.
README_MD = ROOT / "README.md"
MD_START = "<!-- bench:start -->"
MD_END = "<!-- bench:end -->"
# The symbolic-inputs table has a block of its own.
SYM_MD_START = "<!-- bench:symbolic:start -->"
SYM_MD_END = "<!-- bench:symbolic:end -->"
SYM_HEADING = "## Symbolic inputs"
CLANG = "clang-19"

# Safety caps for each run; both can be changed on the command line.
DEFAULT_MAX_EXECUTIONS = 5_000_000
DEFAULT_TIMEOUT_S = 300.0

# Extra seconds the script waits past --timeout before it kills weft itself.
KILL_GRACE_S = 15.0


@dataclass(frozen=True)
class Config:
    """One benchmark program, the sizes to run it at, and the explorers.

    ``explorers`` is per configuration, so enabling a new explorer for a
    program is a one-line change.  A program may appear in several configs,
    e.g. small sizes for the naive explorer and larger ones for DPOR:

        Config("readers", (2, 3, 4), ("none", "source", "optimal")),
        Config("readers", (8, 12), ("optimal",)),

    ``models`` are the memory models (``--mm``) to run each explorer under.
    ``defines`` are extra preprocessor symbols (``-DFENCE``).  ``race_check``
    False passes ``--no-race-check``.  ``expect_bug`` lists the models under
    which the program is known to have a bug: there the expected verdict is
    ``bug``, everywhere else ``safe``.  ``max_executions`` caps the runs of
    this configuration (the smaller of it and the command line's cap
    applies), and ``weft_args`` are extra arguments for ``weft check``
    (``--max-steps``).  ``nondet`` is the input mode (``--nondet symbolic``
    or ``enumerate``) of a configuration about symbolic inputs: such runs go
    into the "Symbolic inputs" table, with the solver's statistics.
    """

    program: str
    sizes: tuple[int, ...]
    explorers: tuple[str, ...] = ("none",)
    models: tuple[str, ...] = ("sc",)
    defines: tuple[str, ...] = ()
    race_check: bool = True
    expect_bug: tuple[str, ...] = ()
    max_executions: int | None = None
    weft_args: tuple[str, ...] = ()
    nondet: str | None = None

    def cap(self, max_executions: int) -> int:
        """The executions cap for this configuration given the command
        line's (0 = none)."""
        if self.max_executions is None:
            return max_executions
        if max_executions <= 0:
            return self.max_executions
        return min(max_executions, self.max_executions)

    @property
    def path(self) -> Path:
        """Path of the program's C source."""
        return PROGRAMS_DIR / f"{self.program}.c"

    @property
    def label(self) -> str:
        """The program's name with its defines, e.g. ``dekker+FENCE``."""
        return "".join([self.program] + [f"+{d}" for d in self.defines])

    def clang_args(self, n: int) -> list[str]:
        """The arguments for clang: ``-DN=n`` and the defines."""
        return [f"-DN={n}"] + [f"-D{d}" for d in self.defines]


# Small sizes run under every explorer (the naive one, `none`, grows with
# the number of interleavings); larger sizes only under the DPOR explorers,
# whose cost grows with the number of Mazurkiewicz traces.
ALL = ("none", "source", "optimal")
DPOR = ("source", "optimal")
OPTIMAL = ("optimal",)
MODELS = ("sc", "tso", "pso")
WEAK = ("tso", "pso")
# One execution of up to millions of events: enough instructions for it.
LONG = ("--max-steps", "1000000000")


def weak_memory(program: str, sizes: tuple[int, ...], expect_bug: tuple[str, ...],
                fence_sizes: tuple[int, ...] | None = None,
                fence: str = "FENCE") -> list[Config]:
    """A racy TSO/PSO program with Optimal-DPOR under SC, TSO and PSO: as is
    (a bug under the models of ``expect_bug``) and built with ``-D<fence>``
    (correct under all three)."""
    return [
        Config(program, sizes, OPTIMAL, MODELS, race_check=False, expect_bug=expect_bug),
        Config(program, fence_sizes or sizes, OPTIMAL, MODELS, defines=(fence,),
               race_check=False),
    ]

CONFIGS: list[Config] = [
    Config("two_threads", (1, 2, 3), ALL),
    Config("four_threads", (1,), ALL),
    Config("readers", (3,), ALL),
    Config("readers", (8, 12, 16), DPOR),
    Config("readers", (18,), ("optimal",)),
    Config("fetch_add", (3, 4), ALL),
    Config("fetch_add", (6, 8), DPOR),
    Config("mutex_counter", (2, 3), ALL),
    Config("mutex_counter", (5, 7), DPOR),
    Config("lastzero", (2, 3), ALL),
    Config("lastzero", (8, 12), DPOR),
    Config("indexer", (2,), ALL),
    Config("indexer", (12, 13, 14, 15), DPOR),
    Config("indexer", (16,), ("optimal",)),
    Config("sb", (1,), ALL),
    Config("sb", (3,), DPOR),
    Config("mp", (1,), ALL),
    Config("mp", (3,), DPOR),
    Config("peterson", (1,), ALL),
    Config("peterson", (2, 3), DPOR),
    # Robust programs (race-free, seq_cst atomics or locks) under the weak
    # memory models: the same executions as under SC, at the cost of the
    # store buffers.
    Config("readers", (8, 12), OPTIMAL, MODELS),
    Config("fetch_add", (6, 8), OPTIMAL, MODELS),
    Config("mutex_counter", (5, 7), OPTIMAL, MODELS),
    Config("indexer", (12, 13), OPTIMAL, MODELS),
    # Mutual exclusion and message passing with plain variables, racy on
    # purpose: without fences they break under TSO and/or PSO, with
    # -DFENCE they are correct under all three models.
    # The fenced versions run at the sizes whose whole state space fits in
    # the caps (dekker+FENCE, szymanski+FENCE at N=2 and burns+FENCE at N=3
    # go past 1.5 million executions under TSO and PSO).
    *weak_memory("dekker", (1, 2), WEAK, fence_sizes=(1,)),
    *weak_memory("peterson_tso", (1, 2, 3), WEAK),
    *weak_memory("lamport_fast", (1, 2), WEAK),
    *weak_memory("szymanski", (1, 2, 3), WEAK, fence_sizes=(1,)),
    *weak_memory("burns", (1, 2, 3), WEAK, fence_sizes=(1, 2)),
    *weak_memory("mpqueue", (1, 2, 3), ("pso",)),
    # Long executions: one thread incrementing a shared counter N times
    # (one execution), and two threads each doing N locked increments (the
    # first execution only). The cost per event must not grow with the
    # length of the execution: events/s stays flat from N=10k to 1M.
    Config("counter_loop", (10_000, 100_000, 1_000_000), OPTIMAL, weft_args=LONG),
    Config("counter_loop", (10_000, 100_000, 1_000_000), OPTIMAL, defines=("ATOMIC",),
           weft_args=LONG),
    Config("locked_loop", (10_000, 100_000, 1_000_000), OPTIMAL, max_executions=1,
           weft_args=LONG),
    # Symbolic inputs (`--nondet symbolic`, the default), in their own table
    # with the solver's statistics. sym_threads: inputs that only steer
    # thread-local work, N! lock orders x 3^N path classes (Source-DPOR
    # beside Optimal: the same executions, more infeasible sides). sym_index: a
    # symbolic array index, forked over the array's N elements (N! x N^N).
    # sym_bug: a bug for one input value behind one lock order of N+1
    # threads. sym_loop: a loop branching on each of N input bits (2^N
    # paths) or, with -DLINEAR, on x > i (N+1 feasible paths, the other
    # sides refuted). The +CHAR/+UCHAR rows run the same program with
    # `--nondet enumerate` (every value concretely) beside the symbolic one.
    Config("sym_threads", (2, 3, 4), DPOR, nondet="symbolic"),
    Config("sym_threads", (5,), OPTIMAL, nondet="symbolic"),
    Config("sym_threads", (2,), ("none",), nondet="symbolic"),
    Config("sym_threads", (1, 2), OPTIMAL, defines=("CHAR",), nondet="symbolic"),
    Config("sym_threads", (1, 2), OPTIMAL, defines=("CHAR",), nondet="enumerate"),
    Config("sym_index", (2, 3, 4), OPTIMAL, nondet="symbolic"),
    Config("sym_bug", (3, 5, 7), OPTIMAL, expect_bug=("sc",), nondet="symbolic"),
    Config("sym_loop", (8, 12, 14), OPTIMAL, nondet="symbolic"),
    Config("sym_loop", (8, 16, 32), OPTIMAL, defines=("LINEAR",), nondet="symbolic"),
    Config("sym_loop", (4, 8), ("none",), defines=("UCHAR",), nondet="symbolic"),
    Config("sym_loop", (4, 8), ("none",), defines=("UCHAR",), nondet="enumerate"),
    Config("sym_loop", (8,), ("none",), defines=("LINEAR", "UCHAR"), nondet="symbolic"),
    Config("sym_loop", (8,), ("none",), defines=("LINEAR", "UCHAR"), nondet="enumerate"),
]

# JSON fields weft may use to report its own peak RSS, with their unit in KiB.
# Checked in order; when none is present the wait4 measurement is used.
RSS_FIELDS: tuple[tuple[str, float], ...] = (
    ("peak_rss_kib", 1.0),
    ("max_rss_kib", 1.0),
    ("peak_rss_mib", 1024.0),
    ("peak_rss_bytes", 1.0 / 1024.0),
)

# Nested objects in which the statistics fields may also live.
NESTED_STATS = ("stats", "statistics")


@dataclass
class Measured:
    """What running one child process produced."""

    returncode: int | None
    stdout: str
    stderr: str
    wall_s: float
    max_rss_kib: int
    killed: bool


@dataclass
class Result:
    """One row of the benchmark table."""

    program: str
    n: int
    explorer: str
    model: str = "sc"
    expected_bug: bool = False
    executions: int | None = None
    blocked: int | None = None
    # Executions Optimal/Source-DPOR abandoned (sleep-set blocked or a
    # disabled wakeup sequence); failed assumes are not counted here.
    dpor_blocked: int | None = None
    events: int | None = None
    wall_s: float = 0.0
    elapsed_s: float | None = None
    rss_mib: float | None = None
    rss_is_clang: bool = False
    verdict: str = "error"
    notes: list[str] = field(default_factory=list)
    # Symbolic inputs: the input mode, the branch sides found infeasible and
    # the solver's counters (None when weft reports no solver object).
    nondet: str | None = None
    infeasible: int | None = None
    queries: int | None = None
    z3_queries: int | None = None
    cache_hits: int | None = None
    solver_s: float | None = None
    z3_s: float | None = None

    @property
    def rate_seconds(self) -> float:
        """Seconds the rates are computed over: weft's own, else wall."""
        if self.elapsed_s is not None and self.elapsed_s > 0:
            return self.elapsed_s
        return self.wall_s

    def per_second(self, count: int | None) -> float | None:
        """``count`` divided by ``rate_seconds``, or None if unknown."""
        if count is None or self.rate_seconds <= 0:
            return None
        return count / self.rate_seconds

    @property
    def failed(self) -> bool:
        """True when the verdict is not the expected one: an error, a bug in
        a correct program, or no bug where one is expected.  An incomplete
        run of a correct program (a cap was hit) is not a failure."""
        if self.expected_bug:
            return self.verdict != "bug"
        return not (self.verdict == "safe" or self.verdict.startswith("incomplete"))


# --------------------------------------------------------------------------
# Running children


def run_measured(cmd: list[str], timeout_s: float | None, cwd: Path = ROOT) -> Measured:
    """Run ``cmd`` and measure its wall time and peak RSS.

    The child runs in its own session so that on timeout the whole process
    group (weft and any clang it started) is killed.  A helper thread waits
    for the exit with ``waitid(WNOWAIT)``, which leaves the child unreaped,
    so the kill can never hit a recycled pid; the child is then reaped with
    ``os.wait4``, whose rusage gives ``ru_maxrss`` (KiB on Linux).
    """
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(
            cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
            start_new_session=True,
        )
        waiter = threading.Thread(
            target=os.waitid, args=(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT),
            daemon=True,
        )
        waiter.start()
        waiter.join(timeout_s)
        killed = waiter.is_alive()
        if killed:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            waiter.join()
        wall = time.perf_counter() - start
        _, status, rusage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)  # tell Popen it is reaped
        out.seek(0)
        err.seek(0)
        return Measured(
            returncode=proc.returncode,
            stdout=out.read().decode(errors="replace"),
            stderr=err.read().decode(errors="replace"),
            wall_s=wall,
            max_rss_kib=rusage.ru_maxrss,
            killed=killed,
        )


_clang_floor_cache: dict[tuple[Path, int, tuple[str, ...]], int | None] = {}


def clang_floor_kib(program: Path, n: int, defines: tuple[str, ...] = ()) -> int | None:
    """Peak RSS of clang compiling ``program`` to LLVM IR, in KiB.

    weft compiles C with clang as a child process, and the rusage of a
    reaped child includes its own children, so a weft run can never report
    less than this.  Returns None when clang is not available.
    """
    key = (program, n, defines)
    if key not in _clang_floor_cache:
        if shutil.which(CLANG) is None:
            _clang_floor_cache[key] = None
        else:
            m = run_measured(
                [CLANG, "-S", "-emit-llvm", "-g", "-O0", "-pthread", f"-DN={n}",
                 *(f"-D{d}" for d in defines), str(program), "-o", os.devnull],
                timeout_s=60,
            )
            _clang_floor_cache[key] = m.max_rss_kib if m.returncode == 0 else None
    return _clang_floor_cache[key]


# --------------------------------------------------------------------------
# Parsing weft's report


def parse_json_report(stdout: str) -> dict | None:
    """Extract weft's JSON object from its stdout.

    weft prints one JSON object (on one line or pretty-printed); be lenient
    about anything printed around it and take the last line starting with
    ``{`` in its first column from which a whole object decodes (nested
    objects of a pretty-printed report are indented, so they never match).
    """
    decoder = json.JSONDecoder()
    lines = stdout.splitlines(keepends=True)
    offsets = []
    pos = 0
    for line in lines:
        if line.startswith("{"):
            offsets.append(pos)
        pos += len(line)
    for start in reversed(offsets):
        try:
            obj, _ = decoder.raw_decode(stdout, start)
        except json.JSONDecodeError:
            continue
        if isinstance(obj, dict):
            return obj
    return None


def json_field(report: dict, name: str):
    """Look ``name`` up at the top level of ``report``, then in its stats."""
    if name in report:
        return report[name]
    for nested in NESTED_STATS:
        sub = report.get(nested)
        if isinstance(sub, dict) and name in sub:
            return sub[name]
    return None


def as_int(value) -> int | None:
    """``value`` as an int when it is a number, else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return int(value)


def as_float(value) -> float | None:
    """``value`` as a float when it is a number, else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def reported_rss_kib(report: dict) -> float | None:
    """weft's own peak RSS in KiB, if its report has one (see RSS_FIELDS)."""
    for name, kib_per_unit in RSS_FIELDS:
        value = as_float(json_field(report, name))
        if value is not None:
            return value * kib_per_unit
    return None


# --------------------------------------------------------------------------
# One benchmark run


def weft_command(weft: Path, cfg: Config, n: int, explorer: str, model: str,
                 max_executions: int, timeout_s: float) -> list[str]:
    """The weft command line for one configuration."""
    # One worker: the table measures the cost per core (bench/parallel.py
    # measures -j), and its blocked column Optimal-DPOR's own guarantee.
    cmd = [str(weft), "check", str(cfg.path), "--json", "--por", explorer, "-j", "1"]
    if model != "sc":
        cmd += ["--mm", model]
    if not cfg.race_check:
        cmd.append("--no-race-check")
    if cfg.nondet is not None:
        cmd += ["--nondet", cfg.nondet]
    cap = cfg.cap(max_executions)
    if cap > 0:
        cmd += ["--max-executions", str(cap)]
    if timeout_s > 0:
        cmd += ["--timeout", f"{timeout_s:g}"]
    return cmd + list(cfg.weft_args) + ["--"] + cfg.clang_args(n)


def run_one(weft: Path, cfg: Config, n: int, explorer: str, model: str,
            max_executions: int, timeout_s: float) -> Result:
    """Run weft on one configuration and turn the outcome into a Result."""
    res = Result(program=cfg.label, n=n, explorer=explorer, model=model,
                 expected_bug=model in cfg.expect_bug, nondet=cfg.nondet)
    cmd = weft_command(weft, cfg, n, explorer, model, max_executions, timeout_s)
    kill_after = timeout_s + max(KILL_GRACE_S, 0.25 * timeout_s) if timeout_s > 0 else None
    m = run_measured(cmd, kill_after)
    res.wall_s = m.wall_s

    report = None if m.killed else parse_json_report(m.stdout)
    if report is not None:
        res.executions = as_int(json_field(report, "executions"))
        res.blocked = as_int(json_field(report, "blocked"))
        blocked_by = json_field(report, "blocked_by")
        if isinstance(blocked_by, dict):
            res.dpor_blocked = as_int(blocked_by.get("sleep-set")) or 0
            res.infeasible = as_int(blocked_by.get("infeasible")) or 0
        read_solver(res, json_field(report, "solver"))
        anomalies = json_field(report, "anomalies")
        if isinstance(anomalies, dict):
            # Executions abandoned on a disabled wakeup sequence (an
            # explorer anomaly, never a blocked execution).
            res.dpor_blocked = (res.dpor_blocked or 0) + (
                as_int(anomalies.get("disabled_wakeup")) or 0)
        res.events = as_int(json_field(report, "events"))
        res.elapsed_s = as_float(json_field(report, "elapsed_s"))
        verdict = json_field(report, "verdict")
        res.verdict = verdict if isinstance(verdict, str) else "error"
        res.notes += bug_notes(report)

    if m.killed:
        res.verdict = "incomplete"
        res.notes.append(f"killed after {m.wall_s:.0f} s")
    elif report is None:
        res.verdict = {3: "incomplete", 42: "bug"}.get(m.returncode, "error")
        res.notes.append(f"exit {m.returncode}, no JSON report")
    if res.verdict == "incomplete" and not m.killed:
        limit = json_field(report, "limit") if report is not None else None
        res.notes.append(f"limit {limit}" if isinstance(limit, str) and limit else
                         incomplete_reason(res, cfg.cap(max_executions), timeout_s))
    if res.expected_bug:
        res.notes.append("expected" if res.verdict == "bug" else "a bug was expected")
    if res.failed and m.stderr.strip():
        res.notes.append(m.stderr.strip().splitlines()[-1][:200])

    own = reported_rss_kib(report) if report is not None else None
    if own is not None:
        res.rss_mib = own / 1024.0
    else:
        res.rss_mib = m.max_rss_kib / 1024.0
        floor = clang_floor_kib(cfg.path, n, cfg.defines)
        # clang's peak varies by a little from run to run.
        res.rss_is_clang = floor is not None and m.max_rss_kib <= floor + 2048
    return res


# Runs shorter than this (weft's own time) are repeated, and the fastest of
# REPEATS kept: at a few milliseconds, scheduling noise would otherwise
# dominate the rates and the model comparison.
SHORT_RUN_S = 0.25
REPEATS = 5


def run_best(weft: Path, cfg: Config, n: int, explorer: str, model: str,
             max_executions: int, timeout_s: float) -> Result:
    """``run_one``, repeated while short; the run with the least time.
    Exploration is deterministic, so the repeats only differ in time."""
    best = run_one(weft, cfg, n, explorer, model, max_executions, timeout_s)
    for _ in range(REPEATS - 1):
        if best.failed or (best.elapsed_s or best.wall_s) >= SHORT_RUN_S:
            break
        again = run_one(weft, cfg, n, explorer, model, max_executions, timeout_s)
        if again.rate_seconds < best.rate_seconds:
            best = again
    return best


# The solver's counters of a cache hit: queries answered without Z3.
CACHE_HIT_FIELDS = ("answered_constant", "answered_cex_exact",
                    "answered_cex_unsat_subset", "answered_cex_model")


def read_solver(res: Result, solver) -> None:
    """Copy the counters of weft's ``solver`` object into ``res``; a
    query Z3 gave up on (``solver_unknown``) is noted in the verdict."""
    if not isinstance(solver, dict):
        return
    res.queries = as_int(solver.get("queries"))
    res.z3_queries = as_int(solver.get("solver_queries"))
    hits = [as_int(solver.get(name)) for name in CACHE_HIT_FIELDS]
    res.cache_hits = None if None in hits else sum(hits)
    res.solver_s = as_float(solver.get("total_time_s"))
    res.z3_s = as_float(solver.get("solver_time_s"))
    unknown = as_int(solver.get("solver_unknown"))
    if unknown:
        res.notes.append(f"{unknown} Z3 queries unknown")


def bug_notes(report: dict) -> list[str]:
    """``kind at file:line`` for each bug in ``report``."""
    notes = []
    bugs = report.get("bugs")
    for bug in bugs if isinstance(bugs, list) else []:
        if isinstance(bug, dict):
            note = f"{bug.get('kind', '?')} at {bug.get('location', '?')}"
            inputs = bug.get("inputs")
            if isinstance(inputs, list) and inputs:
                note += " with " + ", ".join(
                    f"{i.get('name', '?')} = {i.get('value', '?')}"
                    for i in inputs if isinstance(i, dict))
            notes.append(note)
    return notes


def incomplete_reason(res: Result, max_executions: int, timeout_s: float) -> str:
    """Best guess at which cap made a run incomplete."""
    done = (res.executions or 0) + (res.blocked or 0)
    if max_executions > 0 and done >= max_executions:
        return "hit --max-executions"
    if timeout_s > 0 and max(res.wall_s, res.elapsed_s or 0.0) >= 0.95 * timeout_s:
        return "hit --timeout"
    return "a bound was hit"


# --------------------------------------------------------------------------
# Output


COLUMNS = ("program", "N", "explorer", "model", "executions", "blocked", "seconds",
           "executions/s", "events/s", "peak RSS (MiB)", "verdict")
RIGHT_ALIGNED = {"N", "executions", "blocked", "seconds", "executions/s",
                 "events/s", "peak RSS (MiB)"}
DASH = "—"

FOOTNOTES = (
    "seconds is wall-clock time of the whole `weft check` run, compilation "
    "included; executions/s and events/s divide by weft's own `elapsed_s` "
    "when it reports one (a run shorter than 0.25 s is the fastest of 5). executions counts complete executions; blocked "
    "ones (failed assumes, sleep-set blocking) are in their own column. "
    "model is the memory model (`--mm`); `program+NAME` was compiled with "
    "`-DNAME`. A run that finds a bug stops at the first one, so its "
    "executions count those explored until then; `bug (expected ...)` marks "
    "the unfenced programs that are meant to break under TSO/PSO."
)
CLANG_FOOTNOTE = (
    "† the peak is no higher than clang's own when compiling the program, so "
    "it is clang's, not weft's: weft itself used at most that much."
)


def fmt_int(value: int | None) -> str:
    """An integer with thousands separators, or a dash."""
    return DASH if value is None else f"{value:,}"


def fmt_rate(value: float | None) -> str:
    """A rate rounded to an integer, or a dash."""
    return DASH if value is None else f"{value:,.0f}"


def table_row(res: Result) -> list[str]:
    """The cells of one result row."""
    rss = DASH if res.rss_mib is None else f"{res.rss_mib:.1f}" + (" †" if res.rss_is_clang else "")
    verdict = res.verdict
    if res.notes:
        verdict += " (" + "; ".join(res.notes) + ")"
    return [
        res.program, str(res.n), res.explorer, res.model,
        fmt_int(res.executions), fmt_int(res.blocked),
        f"{res.wall_s:.3f}",
        fmt_rate(res.per_second(res.executions)),
        fmt_rate(res.per_second(res.events)),
        rss, verdict.replace("|", "\\|"),
    ]


def format_table(results: list[Result]) -> str:
    """The model comparison (if any runs qualify), then a Markdown table of
    every result, with footnotes."""
    out = []
    models = format_model_table(results)
    if models:
        out += ["Memory models side by side (Optimal-DPOR):", "", models.rstrip("\n"), "",
                "Every run:", ""]
    out.append(markdown_table(list(COLUMNS), [table_row(r) for r in results],
                              RIGHT_ALIGNED).rstrip("\n"))
    out += ["", FOOTNOTES]
    if any(r.rss_is_clang for r in results):
        out += ["", CLANG_FOOTNOTE]
    return "\n".join(out) + "\n"


SYM_COLUMNS = ("program", "N", "explorer", "inputs", "executions", "blocked", "infeasible",
               "seconds", "executions/s", "queries", "Z3 queries", "cache hits",
               "solver s", "Z3 s", "peak RSS (MiB)", "verdict")
SYM_FOOTNOTE = (
    "inputs is `--nondet`: `symbolic` explores every input class with Z3, "
    "`enumerate` runs every value of each `char`/`uchar` input concretely "
    "(`program+CHAR`/`+UCHAR` are those variants, compiled with `-DCHAR` "
    "or `-DUCHAR`). blocked counts every blocked execution (failed "
    "assumes, sleep sets, infeasible sides); infeasible counts the branch "
    "sides the solver refuted (weft forks on a symbolic condition before "
    "asking whether both sides are feasible, so that a thread's forks do "
    "not depend on the interleaving; each refuted side ends an execution "
    "as blocked). queries are all the solver chain's queries, Z3 queries "
    "those it sent to Z3, and cache hits those answered without Z3 "
    "(constants and the counterexample cache), with their share of all "
    "queries (rounded down). solver s is the time spent answering queries, Z3 s the part "
    "of it inside Z3. seconds is wall-clock time of the whole run, "
    "compilation included; executions/s divides by weft's own elapsed time "
    "(a run shorter than 0.25 s is the fastest of 5). A run that finds a "
    "bug stops at the first one, with the inputs of its witness."
)


def fmt_seconds(value: float | None) -> str:
    """Seconds with three decimals, or a dash."""
    return DASH if value is None else f"{value:.3f}"


def symbolic_row(res: Result) -> list[str]:
    """The cells of one row of the symbolic-inputs table."""
    rss = DASH if res.rss_mib is None else f"{res.rss_mib:.1f}" + (" †" if res.rss_is_clang else "")
    hits = fmt_int(res.cache_hits)
    if res.cache_hits is not None and res.queries:
        # Rounded down: 100% means every query was a hit.
        hits += f" ({100 * res.cache_hits // res.queries}%)"
    verdict = res.verdict
    if res.notes:
        verdict += " (" + "; ".join(res.notes) + ")"
    return [
        res.program, str(res.n), res.explorer, res.nondet or DASH,
        fmt_int(res.executions), fmt_int(res.blocked), fmt_int(res.infeasible),
        f"{res.wall_s:.3f}", fmt_rate(res.per_second(res.executions)),
        fmt_int(res.queries), fmt_int(res.z3_queries), hits,
        fmt_seconds(res.solver_s), fmt_seconds(res.z3_s),
        rss, verdict.replace("|", "\\|"),
    ]


def format_symbolic_table(results: list[Result]) -> str:
    """The symbolic-inputs table with its footnote."""
    out = [markdown_table(list(SYM_COLUMNS), [symbolic_row(r) for r in results],
                          set(SYM_COLUMNS[4:-1]) | {"N"}).rstrip("\n"),
           "", SYM_FOOTNOTE]
    if any(r.rss_is_clang for r in results):
        out += ["", CLANG_FOOTNOTE]
    return "\n".join(out) + "\n"


MODEL_COLUMNS = ("program", "N",
                 "SC executions", "SC s", "SC exec/s",
                 "TSO executions", "TSO s", "TSO exec/s", "TSO time/exec vs SC",
                 "PSO executions", "PSO s", "PSO exec/s", "PSO time/exec vs SC",
                 "DPOR-blocked", "verdict SC / TSO / PSO")
MODEL_FOOTNOTE = (
    "Optimal-DPOR under each memory model, side by side (the same runs as in "
    "the table below). s is wall-clock seconds; exec/s divides by weft's own "
    "elapsed time (a run shorter than 0.25 s is the fastest of 5). time/exec vs SC is the model's time per execution over "
    "SC's (1.00 = no cost). DPOR-blocked counts executions abandoned on a "
    "sleep set or a disabled wakeup sequence under all three models together "
    "(failed assumes are not counted). A verdict of bug stops the run at the "
    "first bug, so its executions are those explored until then."
)


def short_verdict(res: Result) -> str:
    """safe, bug or incomplete: the first word of the verdict."""
    return res.verdict.split(" ")[0]


def time_ratio(model: Result, sc: Result) -> str:
    """The model's seconds per execution over SC's, or a dash."""
    if not model.executions or not sc.executions:
        return DASH
    per = model.rate_seconds / model.executions
    base = sc.rate_seconds / sc.executions
    return DASH if base <= 0 else f"{per / base:.2f}"


def model_row(runs: dict[str, Result]) -> list[str]:
    """The cells of one program/N row of the model comparison."""
    sc = runs["sc"]
    cells = [sc.program, str(sc.n)]
    for model in ("sc", "tso", "pso"):
        r = runs[model]
        cells += [fmt_int(r.executions), f"{r.wall_s:.3f}", fmt_rate(r.per_second(r.executions))]
        if model != "sc":
            cells.append(time_ratio(r, sc))
    blocked = [runs[m].dpor_blocked for m in ("sc", "tso", "pso")]
    cells.append(DASH if None in blocked else fmt_int(sum(blocked)))
    cells.append(" / ".join(short_verdict(runs[m]) for m in ("sc", "tso", "pso")))
    return cells


def format_model_table(results: list[Result]) -> str:
    """SC, TSO and PSO side by side for every Optimal-DPOR program and N
    that ran under all three models; empty if there is none."""
    groups: dict[tuple[str, int], dict[str, Result]] = {}
    for r in results:
        if r.explorer == "optimal":
            groups.setdefault((r.program, r.n), {})[r.model] = r
    rows = [model_row(g) for g in groups.values() if {"sc", "tso", "pso"} <= g.keys()]
    if not rows:
        return ""
    return markdown_table(list(MODEL_COLUMNS), rows, set(MODEL_COLUMNS[1:-1])) + \
        "\n" + MODEL_FOOTNOTE + "\n"


def markdown_table(header: list[str], rows: list[list[str]], right: set[str]) -> str:
    """A Markdown table padded for reading; columns named in ``right`` are
    right-aligned."""
    rows = [header] + rows
    widths = [max(3, *(len(row[i]) for row in rows)) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        padded = [c.rjust(w) if header[i] in right else c.ljust(w)
                  for i, (c, w) in enumerate(zip(cells, widths))]
        return "| " + " | ".join(padded) + " |"

    rule = ["-" * (w - 1) + ":" if header[i] in right else "-" * w
            for i, w in enumerate(widths)]
    return "\n".join([line(rows[0]), line(rule)] + [line(r) for r in rows[1:]]) + "\n"


def machine_info() -> str:
    """One line naming the CPU, the number of usable cores and the date."""
    cpu = platform.processor() or platform.machine()
    try:
        for text in Path("/proc/cpuinfo").read_text().splitlines():
            if text.startswith("model name"):
                cpu = text.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    nproc = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    date = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    return f"CPU: {cpu}; nproc: {nproc}; date: {date}"


def git_revision() -> str | None:
    """Short hash of the checked-out commit, with '+dirty' if modified."""
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=ROOT, capture_output=True, text=True).stdout.strip()
        return rev + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return None


MD_HEADER = f"""# weft benchmarks

The table below is produced by `bench/run.py`: it runs `weft check` on the
programs in `bench/programs/` (each parametrised by `-DN=...`) with each
configured explorer and memory model, and records executions, wall time,
throughput and peak memory. The programs are correct, so every run explores
its whole state space unless a cap (`--max-executions`, `--timeout`) cuts it
short, except the unfenced TSO/PSO programs (racy on purpose), which are
expected to break under the weak models; a run that finds a bug stops there.

To reproduce, from the workspace root (builds weft in release mode first):

    python3 bench/run.py --update-md

Use `--quick` for a smoke run, `--filter NAME` for some programs only, and
`--help` for the rest. Timings depend on the machine and its load; the block
below says where and when it was measured.

{MD_START}
{MD_END}
"""


def update_markdown(path: Path, table: str, command: str,
                    markers: tuple[str, str] = (MD_START, MD_END),
                    heading: str = "") -> None:
    """Replace the block of ``path`` between ``markers`` with ``table``.

    The file is created with a header explaining how to reproduce the table
    if it does not exist; the markers are appended (after ``heading``, if
    any) if it has none.
    """
    start, end = markers
    text = path.read_text() if path.exists() else MD_HEADER
    if start not in text or end not in text:
        text = text.rstrip("\n") + "\n\n" + (heading + "\n\n" if heading else "") + \
            f"{start}\n{end}\n"
    rev = git_revision()
    block = "\n".join([
        start,
        f"Measured on {machine_info()}" + (f"; commit {rev}" if rev else "") + ".",
        f"Command: `{command}`",
        "",
        table.rstrip("\n"),
        end,
    ])
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    path.write_text(head + block + tail)


# --------------------------------------------------------------------------
# Driver


Job = tuple[Config, int, str, str]


def selected(configs: list[Config], args: argparse.Namespace) -> list[Job]:
    """The (config, N, explorer, model) combinations the command line asks
    for; the models of one N and explorer are adjacent, so the table shows
    SC, TSO and PSO side by side."""
    wanted_explorers = set(args.explorer.split(",")) if args.explorer else None
    wanted_models = set(args.model.split(",")) if args.model else None
    jobs = []
    for cfg in configs:
        if args.filter and args.filter not in cfg.label:
            continue
        sizes = (min(cfg.sizes),) if args.quick else cfg.sizes
        for n in sizes:
            for explorer in cfg.explorers:
                if wanted_explorers is not None and explorer not in wanted_explorers:
                    continue
                for model in cfg.models:
                    if wanted_models is None or model in wanted_models:
                        jobs.append((cfg, n, explorer, model))
    return jobs


def build_weft() -> bool:
    """``cargo build --release -p weft``; True on success."""
    print("building: cargo build --release -p weft", file=sys.stderr)
    proc = subprocess.run(["cargo", "build", "--release", "-p", "weft"], cwd=ROOT)
    return proc.returncode == 0


def native_check(jobs: list[Job], timeout_s: float) -> int:
    """Compile each (program, defines, N) natively with -DNATIVE and run it.

    Checks that the programs themselves are sound C: they compile without
    warnings and run to completion without an assertion failure.  A program
    with an expected bug under TSO may fail on x86 (a TSO machine), and one
    with an expected bug may hang; both are reported but not counted as
    failures.
    """
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        builds = {(c.program, c.defines, n): c for c, n, _, _ in jobs}
        for key in sorted(builds):
            cfg, n = builds[key], key[2]
            exe = Path(tmp) / f"{cfg.label}-{n}"
            compile_cmd = [CLANG, "-pthread", "-O0", "-Wall", "-Wextra", "-Werror",
                           "-DNATIVE", *cfg.clang_args(n), str(cfg.path), "-o", str(exe)]
            proc = subprocess.run(compile_cmd, capture_output=True, text=True)
            may_fail = False
            if proc.returncode != 0:
                status = "compile error:\n" + proc.stderr
            else:
                m = run_measured([str(exe)], timeout_s)
                status = ("timed out" if m.killed else
                          "ok" if m.returncode == 0 else f"exit {m.returncode}\n{m.stderr}")
                may_fail = bool(cfg.expect_bug)
            if status != "ok" and may_fail:
                status += f" (allowed: a bug is expected under {', '.join(cfg.expect_bug)})"
            else:
                failures += status != "ok"
            print(f"{cfg.label} N={n}: {status}")
    return 1 if failures else 0


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command-line options."""
    p = argparse.ArgumentParser(
        description="Run weft's benchmark suite and print a Markdown table.")
    p.add_argument("--quick", action="store_true",
                   help="run only the smallest N of each program (smoke run)")
    p.add_argument("--out", type=Path, metavar="FILE",
                   help="also write the table into FILE")
    p.add_argument("--update-md", action="store_true",
                   help=f"write the table into {DEFAULT_MD.name} (and {README_MD.name}) "
                        f"between '{MD_START}' and '{MD_END}', and the "
                        f"symbolic-inputs table between '{SYM_MD_START}' and "
                        f"'{SYM_MD_END}'; a block with no selected rows is left alone")
    p.add_argument("--weft", type=Path, default=DEFAULT_WEFT, metavar="PATH",
                   help="weft binary (default: target/release/weft)")
    p.add_argument("--no-build", action="store_true",
                   help="do not run 'cargo build --release -p weft' first")
    p.add_argument("--filter", metavar="SUBSTR",
                   help="only programs whose name contains SUBSTR "
                        "(note: 'read' also matches two_threads)")
    p.add_argument("--explorer", metavar="LIST",
                   help="only these explorers (comma-separated)")
    p.add_argument("--model", metavar="LIST",
                   help="only these memory models (comma-separated: sc,tso,pso)")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_S, metavar="S",
                   help="per-run time limit in seconds, passed to weft as --timeout "
                        f"(default {DEFAULT_TIMEOUT_S:g}; 0 = none)")
    p.add_argument("--max-executions", type=int, default=DEFAULT_MAX_EXECUTIONS,
                   metavar="M", help="per-run cap passed to weft "
                                     f"(default {DEFAULT_MAX_EXECUTIONS}; 0 = none)")
    p.add_argument("--list", action="store_true",
                   help="print the selected configurations and exit")
    p.add_argument("--native", action="store_true",
                   help="instead of running weft, compile and run the selected "
                        "programs natively with clang and check they pass")
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    """Entry point: returns 0, or 1 if a run found a bug or failed."""
    args = parse_args(argv)
    jobs = selected(CONFIGS, args)
    if not jobs:
        print("no configuration matches", file=sys.stderr)
        return 2
    if args.list:
        for cfg, n, explorer, model in jobs:
            print(f"{cfg.label} N={n} {explorer} {model}"
                  + (f" --nondet {cfg.nondet}" if cfg.nondet else "")
                  + (" (bug expected)" if model in cfg.expect_bug else ""))
        return 0
    if args.native:
        return native_check(jobs, timeout_s=60)

    if not args.no_build and not build_weft():
        print("error: building weft failed", file=sys.stderr)
        return 2
    weft = args.weft.resolve()
    if not (weft.is_file() and os.access(weft, os.X_OK)):
        print(f"error: no executable weft at {weft}", file=sys.stderr)
        return 2

    results = []
    for i, (cfg, n, explorer, model) in enumerate(jobs, 1):
        print(f"[{i:>{len(str(len(jobs)))}}/{len(jobs)}] {cfg.label} N={n} {explorer} "
              f"{model}" + (f" --nondet {cfg.nondet}" if cfg.nondet else "") + " ...",
              end=" ", file=sys.stderr, flush=True)
        res = run_best(weft, cfg, n, explorer, model, args.max_executions, args.timeout)
        print(f"{res.verdict}, {fmt_int(res.executions)} executions, {res.wall_s:.2f} s",
              file=sys.stderr)
        results.append(res)

    # The symbolic-inputs rows have a table (and a Markdown block) of their
    # own; a run with rows of only one kind leaves the other block alone.
    plain = [r for r in results if r.nondet is None]
    symbolic = [r for r in results if r.nondet is not None]
    blocks = []
    if plain:
        blocks.append((format_table(plain), (MD_START, MD_END), ""))
    if symbolic:
        blocks.append((format_symbolic_table(symbolic), (SYM_MD_START, SYM_MD_END),
                       SYM_HEADING))
    table = "\n".join(("Symbolic inputs:\n\n" if markers[0] == SYM_MD_START and plain
                       else "") + text for text, markers, _ in blocks)
    print(table, end="")
    if args.out:
        args.out.write_text(table)
    if args.update_md:
        command = " ".join(["python3", "bench/run.py"] + [shlex.quote(a) for a in argv])
        for text, markers, heading in blocks:
            update_markdown(DEFAULT_MD, text, command, markers, heading)
            print(f"updated {DEFAULT_MD} ({markers[0]})", file=sys.stderr)
            if markers[0] in README_MD.read_text():
                update_markdown(README_MD, text, command, markers)
                print(f"updated {README_MD} ({markers[0]})", file=sys.stderr)

    failed = [r for r in results if r.failed]
    for r in failed:
        print(f"FAILED: {r.program} N={r.n} {r.explorer} {r.model}: {r.verdict} {r.notes}",
              file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
