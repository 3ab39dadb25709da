"""Run LAMMPS with the plugin loaded and read numbers back: the helper every LAMMPS test uses.

    res = run(deck)                    # one rank, CPU
    res = run(deck, ranks=2)           # MPI
    res = run(deck, kokkos=True)       # -k on t N -sf kk, N = DEM_KOKKOS_THREADS (default 1)
    res = run(deck, kokkos=True, suffix=False)    # -k on t N: only the deck's explicit /kk styles
    DEM_KOKKOS_THREADS=2 (environment): the OpenMP threads of the Kokkos runs that do not name
    them; ctest gives it, and two cores, to the tests that check the threaded kernels
    DEM_KOKKOS_ARGS="-k on g 1" (environment): these Kokkos arguments instead of -k on t N, e.g. to
    run the kokkos tests on a GPU
    res.values["e"]                    # lines printed as  print "@ e ${e}"
    res.thermo                         # list of dicts, one per thermo line of the last run
    read_dump(path)                    # {atom id: {column: value}} of a "dump custom" file
    res = run_backends(chk, deck, kokkos, label)    # CPU, and with kokkos the /kk run checked against it
    res = on_two_ranks(chk, deck, label)    # 1 and 2 ranks, checked to agree; the 2-rank run
    results = backends_in_process(chk, decks, kokkos, labels)    # the same for many decks, one process each
    batch = Batch(); batch.add(deck, check, label); batch.run(chk, kokkos)    # decks gathered, each checked at the end
    msg = run(deck, expect_error=True).error    # the LAMMPS ERROR message
    clean_error_exit(res)              # it stopped there cleanly (exit code 1, no abort)
    results = errors_in_process(decks)    # many decks (one rank) in one process: a Result each
    results = runs_in_process(decks)    # the same for decks that must run through, checked as run() does
    res = run_here(deck)               # run() (one rank) in a child process that stays for the next decks
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import re
import shlex
import json
import subprocess
import sys
import tempfile

LMP = os.environ.get("DEM_LMP", "lmp")
PLUGIN_DIR = os.environ.get("DEM_PLUGIN_DIR", "")
MPIEXEC = os.environ.get("DEM_MPIEXEC", "mpirun")
HAVE_KOKKOS = os.environ.get("DEM_HAVE_KOKKOS", "0") in ("1", "ON", "TRUE", "true")
# whether LAMMPS has MPI (the runs on several ranks); as in a build against an MPI LAMMPS by default
HAVE_MPI = os.environ.get("DEM_HAVE_MPI", "1") in ("1", "ON", "TRUE", "true")
KOKKOS_ARGS = ["-k", "on", "t", "2", "-sf", "kk", "-pk", "kokkos", "neigh", "half", "newton", "off"]
# where the /kk styles run: "-k on t N" (N = run's threads) unless the environment says otherwise
KOKKOS_ENV_ARGS = shlex.split(os.environ.get("DEM_KOKKOS_ARGS", ""))
# one thread unless the environment says otherwise: on the tests' piles of a few hundred spheres a
# second thread costs more in waking and joining than it brings (a one-sphere deck of 50,000 steps
# took 5 times as long on two threads), so most kokkos tests take one core and run beside others
KOKKOS_THREADS = int(os.environ.get("DEM_KOKKOS_THREADS", "1"))
# idle OpenMP threads sleep instead of spinning (unless the environment says otherwise): the tests run
# 2 threads beside other tests on few cores, where spinning threads take the cores from the working
# ones (a Kokkos test ran 9 times slower so on a loaded 2-core machine); the results do not change
OMP_WAIT_POLICY = os.environ.get("OMP_WAIT_POLICY", "passive")


class Result:
    def __init__(self, out, returncode, workdir):
        self.output = out
        self.returncode = returncode
        self.workdir = workdir
        self.values = {}
        for m in re.finditer(r"^@ (\S+) (\S+)\s*$", out, re.M):
            self.values[m.group(1)] = float(m.group(2))
        errs = re.findall(r"^ERROR(?: on proc \d+)?: (.*)$", out, re.M)
        self.error = errs[0] if errs else None
        self.thermo = parse_thermo(out)

    def __getitem__(self, key):
        return self.values[key]


def parse_thermo(out):
    """Rows of the last thermo table in the output, as dicts of floats."""
    rows, header = [], None
    for line in out.splitlines():
        words = line.split()
        if words[:1] == ["Step"]:
            header, rows = words, []
        elif header and len(words) == len(header):
            try:
                rows.append(dict(zip(header, map(float, words))))
            except ValueError:    # a message of as many words (dem_bond's) within the table
                pass
        elif header and line.startswith("Loop time"):
            header = None
    return rows


def run(deck, ranks=1, kokkos=False, threads=KOKKOS_THREADS, args=(), expect_error=False, workdir=None, timeout=600,
        suffix=True, env=None):
    """Run an input deck (a string); fail loudly unless it ends as expected. env: more environment
    variables for LAMMPS."""
    workdir = workdir or tempfile.mkdtemp(prefix="demtest-")
    with open(os.path.join(workdir, "in.test"), "w") as f:
        f.write(deck)
    cmd = [LMP, "-in", "in.test", "-nocite", "-log", "log.lammps"]
    if kokkos:
        cmd += (KOKKOS_ENV_ARGS or ["-k", "on", "t", str(threads)]) + (KOKKOS_ARGS[4:6] if suffix else []) \
            + KOKKOS_ARGS[6:]
    cmd += list(args)    # after the Kokkos defaults, so that a test can override them
    if ranks > 1:
        cmd = [MPIEXEC, "-np", str(ranks), "--oversubscribe"] + cmd
    env = dict(os.environ, LAMMPS_PLUGIN_PATH=PLUGIN_DIR, OMP_NUM_THREADS=str(threads if kokkos else 1),
               OMP_PROC_BIND="false", OMP_WAIT_POLICY=OMP_WAIT_POLICY, **(env or {}))
    proc = subprocess.run(cmd, cwd=workdir, env=env, capture_output=True, text=True, timeout=timeout)
    res = Result(proc.stdout + proc.stderr, proc.returncode, workdir)
    if ranks > 1:
        # the thermo table and printed values as rank 0 wrote them into its log: mpirun forwards
        # the ranks' output, and what it adds (its own notices) must not cut a table short
        log = os.path.join(workdir, "log.lammps")
        if os.path.exists(log):
            logged = Result(open(log).read(), proc.returncode, workdir)
            res.thermo, res.values = logged.thermo, logged.values
    if expect_error:
        if res.error is None:
            raise AssertionError("expected a LAMMPS error, got none:\n" + res.output[-3000:])
    elif proc.returncode != 0 or res.error:
        raise AssertionError(f"LAMMPS failed ({proc.returncode}): {res.error}\n" + res.output[-3000:])
    return res


# what a process that did not stop on its LAMMPS error as it should prints (an error thrown again
# while unwinding the first, e.g. from a destructor, ends in std::terminate)
CRASH_TEXTS = ("terminate called", "Trying to delete", "Aborted", "Segmentation fault", "core dumped",
               "MPI_ABORT", "Signal:")


def clean_error_exit(res):
    """True if LAMMPS stopped on its error cleanly: exit code 1, nothing of a crash or abort."""
    return res.returncode == 1 and not any(t in res.output for t in CRASH_TEXTS)


def errors_in_process(decks, kokkos=False, threads=KOKKOS_THREADS, args=(), suffix=True, timeout=600):
    """Each deck (a string) run in a fresh LAMMPS instance of LAMMPS's Python module, each in its own
    working directory, all in one child process (far cheaper than an lmp process per deck): a Result
    per deck, read the same way as run()'s. Nothing is checked here; the caller checks each as it
    would a run(..., expect_error=True): res.error is the first LAMMPS ERROR line (None if the deck
    ran through), res.output the deck's log and whatever reached stdout/stderr, and
    clean_error_exit(res) holds only if LAMMPS raised its error as an ordinary exception. Exit codes
    mean what lmp's would: 0 ran through, 1 stopped on an error; an error->one() (which lmp turns into
    MPI_Abort) reads as exit code 2 with MPI_ABORT in the output. A deck that crashes or aborts the
    child (a destructor throwing, a segfault) or hangs gets the child's exit code and the crash in its
    output, and the decks after it run in a new child. Needs DEM_LAMMPS_PYTHON (LAMMPS's python/
    directory) and liblammps on LD_LIBRARY_PATH. One rank only: MPI runs stay with run()."""
    if not os.environ.get("DEM_LAMMPS_PYTHON"):
        raise AssertionError("errors_in_process needs DEM_LAMMPS_PYTHON (LAMMPS's python/ directory; "
                             "tests/CMakeLists.txt sets it for the tests in library_tests)")
    batch = tempfile.mkdtemp(prefix="demtest-batch-")
    with open(os.path.join(batch, "decks.json"), "w") as f:
        json.dump(decks, f)
    cmdargs = ["-nocite", "-log", "log.lammps", "-screen", "none"]
    if kokkos:
        cmdargs += (KOKKOS_ENV_ARGS or ["-k", "on", "t", str(threads)]) + (KOKKOS_ARGS[4:6] if suffix else []) \
            + KOKKOS_ARGS[6:]
    cmdargs += list(args)
    with open(os.path.join(batch, "cmdargs.json"), "w") as f:
        json.dump(cmdargs, f)
    env = dict(os.environ, LAMMPS_PLUGIN_PATH=PLUGIN_DIR, OMP_NUM_THREADS=str(threads if kokkos else 1),
               OMP_PROC_BIND="false", OMP_WAIT_POLICY=OMP_WAIT_POLICY)
    results, start = [], 0
    while start < len(decks):
        try:
            proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--in-process", batch, str(start)],
                                  env=env, capture_output=True, text=True, timeout=timeout)
            code, child_out = proc.returncode, proc.stdout + proc.stderr
        except subprocess.TimeoutExpired as e:
            code, child_out = 124, f"timed out after {timeout} s\n{e.stdout or ''}{e.stderr or ''}"
        done = start
        while done < len(decks) and os.path.exists(os.path.join(batch, str(done), "result.json")):
            with open(os.path.join(batch, str(done), "result.json")) as f:
                r = json.load(f)
            out, code_deck = _deck_output(batch, done) + r["extra"], r["code"]
            if code_deck == 1 and re.search(r"^ERROR on proc \d+: ", out, re.M):
                # error->one(), which the library reports as an ordinary error on one rank: lmp aborts
                code_deck, out = 2, out + "MPI_ABORT: lmp would abort on this error (error->one)\n"
            results.append(Result(out, code_deck, os.path.join(batch, str(done))))
            done += 1
        if done == len(decks):
            if code != 0:
                raise AssertionError(f"the process that ran the decks ended with exit code {code} after the last "
                                     f"one (at LAMMPS's finalize):\n{child_out[-3000:]}")
            break
        # deck `done` crashed the child (or never ran because the child could not start)
        out = _deck_output(batch, done) + f"\nchild process ended with exit code {code}\n{child_out[-3000:]}"
        results.append(Result(out, code if code != 0 else -1, os.path.join(batch, str(done))))
        start = done + 1
    return results


def runs_in_process(decks, **kw):
    """Decks that must run through, all in one process (errors_in_process, with its arguments): a
    Result each, failing loudly on the first that stopped on an error or crashed, as run() does.
    For many short decks, where starting lmp for each would cost more than running them."""
    results = errors_in_process(decks, **kw)
    for i, res in enumerate(results):
        if res.returncode != 0 or res.error:
            raise AssertionError(f"deck {i} of {len(decks)} failed ({res.returncode}): {res.error}\n"
                                 + res.output[-3000:])
    return results


def _deck_output(batch, i):
    """What deck i of a batch folder wrote: its log and its stdout and stderr."""
    out = ""
    for name in ("log.lammps", "stdio.txt"):
        path = os.path.join(batch, str(i), name)
        if os.path.exists(path):
            with open(path, errors="replace") as f:
                out += f.read()
    return out


def _run_in_process(batch, start):
    """The child of errors_in_process: decks start.. of the batch, each in a fresh LAMMPS instance in its
    own directory, with stdout and stderr (file descriptors 1 and 2) going to its stdio.txt."""
    sys.path.insert(0, os.environ["DEM_LAMMPS_PYTHON"])
    from lammps import lammps
    with open(os.path.join(batch, "decks.json")) as f:
        decks = json.load(f)
    with open(os.path.join(batch, "cmdargs.json")) as f:
        cmdargs = json.load(f)
    for i in range(start, len(decks)):
        workdir = os.path.join(batch, str(i))
        os.makedirs(workdir, exist_ok=True)
        with open(os.path.join(workdir, "in.test"), "w") as f:
            f.write(decks[i])
        _one_deck(lammps, cmdargs, workdir)


def _one_deck(lammps, cmdargs, workdir):
    """workdir's in.test in a fresh LAMMPS instance, run there, with stdout and stderr (file
    descriptors 1 and 2) going to its stdio.txt; its exit code and extra text in its result.json."""
    saved = os.dup(1), os.dup(2)
    lmp = None
    os.chdir(workdir)
    with open("in.test") as f:
        deck = f.read()
    stdio = os.open("stdio.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(stdio, 1)
    os.dup2(stdio, 2)
    code, extra = 0, ""
    try:
        lmp = lammps(cmdargs=cmdargs)
        lmp.commands_string(deck)
    except Exception as e:    # the lammps module raises Exception("ERROR: ...")
        code, extra = 1, "\n" + str(e) + "\n"
        if type(e).__name__ == "MPIAbortException":
            code, extra = 2, extra + "MPI_ABORT: lmp would abort on this error (error->one)\n"
    finally:
        if lmp is not None:
            lmp.close()    # the destructors run here: one that throws ends the process
            lmp = None
    os.dup2(saved[0], 1)
    os.dup2(saved[1], 2)
    for fd in (stdio,) + saved:
        os.close(fd)
    with open("result.json.tmp", "w") as f:
        json.dump({"code": code, "extra": extra}, f)
    os.rename("result.json.tmp", "result.json")


def _serve(batch):
    """The child of run_here: the deck of folder batch/N for each N read from stdin, each in a fresh
    LAMMPS instance (_one_deck), "done" on stdout after each."""
    sys.path.insert(0, os.environ["DEM_LAMMPS_PYTHON"])
    from lammps import lammps
    with open(os.path.join(batch, "cmdargs.json")) as f:
        cmdargs = json.load(f)
    for line in sys.stdin:
        _one_deck(lammps, cmdargs, os.path.join(batch, line.strip()))
        print("done", flush=True)


_CHILDREN = {}    # run_here's child processes, by their LAMMPS command-line arguments


def _lammps_cmdargs(kokkos, threads, args, suffix):
    cmdargs = ["-nocite", "-log", "log.lammps", "-screen", "none"]
    if kokkos:
        cmdargs += (KOKKOS_ENV_ARGS or ["-k", "on", "t", str(threads)]) + (KOKKOS_ARGS[4:6] if suffix else []) \
            + KOKKOS_ARGS[6:]
    return cmdargs + list(args)


def run_here(deck, kokkos=False, threads=KOKKOS_THREADS, args=(), expect_error=False, suffix=True):
    """run() (one rank) in a fresh LAMMPS instance of a child process that stays for the next decks
    with the same arguments (LAMMPS's Python module, as errors_in_process): an lmp start costs more
    than many decks. The same Result and the same checks as run()'s; res.workdir is the deck's
    folder. A deck that crashes the child gets the child's exit code and the crash in its output,
    and the next deck a new child. Needs DEM_LAMMPS_PYTHON and liblammps on LD_LIBRARY_PATH."""
    if not os.environ.get("DEM_LAMMPS_PYTHON"):
        raise AssertionError("run_here needs DEM_LAMMPS_PYTHON (LAMMPS's python/ directory; "
                             "tests/CMakeLists.txt sets it for the tests in library_tests)")
    cmdargs = _lammps_cmdargs(kokkos, threads, args, suffix)
    key = json.dumps(cmdargs)
    child = _CHILDREN.get(key)
    if child is None or child["proc"].poll() is not None:
        batch = tempfile.mkdtemp(prefix="demtest-here-")
        with open(os.path.join(batch, "cmdargs.json"), "w") as f:
            json.dump(cmdargs, f)
        env = dict(os.environ, LAMMPS_PLUGIN_PATH=PLUGIN_DIR, OMP_NUM_THREADS=str(threads if kokkos else 1),
                   OMP_PROC_BIND="false", OMP_WAIT_POLICY=OMP_WAIT_POLICY)
        proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--serve", batch], env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        child = _CHILDREN[key] = {"proc": proc, "batch": batch, "count": 0}
    proc, workdir = child["proc"], os.path.join(child["batch"], str(child["count"]))
    child["count"] += 1
    os.makedirs(workdir)
    with open(os.path.join(workdir, "in.test"), "w") as f:
        f.write(deck)
    proc.stdin.write(os.path.basename(workdir) + "\n")
    proc.stdin.flush()
    stray = ""    # anything the child printed outside a deck
    line = proc.stdout.readline()
    while line and line.strip() != "done":
        stray, line = stray + line, proc.stdout.readline()
    if line:
        with open(os.path.join(workdir, "result.json")) as f:
            r = json.load(f)
        out, code = _deck_output(os.path.dirname(workdir), os.path.basename(workdir)) + r["extra"], r["code"]
        if code == 1 and re.search(r"^ERROR on proc \d+: ", out, re.M):
            code, out = 2, out + "MPI_ABORT: lmp would abort on this error (error->one)\n"
    else:    # crashed: this child is done with
        rest = stray + proc.stdout.read()
        code = proc.wait()
        out = _deck_output(os.path.dirname(workdir), os.path.basename(workdir)) + \
            f"\nchild process ended with exit code {code}\n{rest[-3000:]}"
        code = code if code != 0 else -1
        del _CHILDREN[key]
    res = Result(out, code, workdir)
    if expect_error:
        if res.error is None:
            raise AssertionError("expected a LAMMPS error, got none:\n" + res.output[-3000:])
    elif code != 0 or res.error:
        raise AssertionError(f"LAMMPS failed ({code}): {res.error}\n" + res.output[-3000:])
    return res


def thermo_worst(rows, other):
    """Largest difference between two thermo tables, per column relative to the column's largest
    magnitude in `rows`, with the column and the step where it is: (inf, "", None) if their shapes
    differ."""
    if len(rows) != len(other) or not rows or rows[0].keys() != other[0].keys():
        return math.inf, "", None
    worst, where, step = 0.0, "", None
    for col in rows[0]:
        scale = max(abs(r[col]) for r in rows)
        if scale == 0:
            continue
        for a, b in zip(rows, other):
            d = abs(a[col] - b[col]) / scale
            if d > worst:
                worst, where, step = d, col, a.get("Step")
    return worst, where, step


def thermo_difference(rows, other):
    """Largest difference between two thermo tables, per column relative to the column's largest
    magnitude (inf if their shapes differ)."""
    return thermo_worst(rows, other)[0]


def agrees_with_cpu(chk, label, cpu_rows, kk_rows, rel):
    """The check that a /kk run's thermo agrees with its CPU run's to `rel`, naming where the worst
    difference is (column and step)"""
    worst, col, step = thermo_worst(cpu_rows, kk_rows)
    where = f" in {col} at step {step}" if col else ""
    chk.true(worst <= rel, f"{label}: /kk agrees with the CPU run over {len(kk_rows)} thermo rows "
             f"(worst relative difference {worst:.2e}{where}, tol {rel:.0e})")


def run_backends(chk, deck, kokkos, label, rel=1e-10, **kw):
    """The deck on the CPU; with kokkos also on the /kk styles (-sf kk), checked to agree with the
    CPU run to `rel` (thermo_difference), and that run returned, for the caller's checks."""
    cpu = run(deck, **kw)
    if not kokkos:
        return cpu
    kk = run(deck, kokkos=True, **kw)
    agrees_with_cpu(chk, label, cpu.thermo, kk.thermo, rel)
    return kk


def on_two_ranks(chk, deck, label, rel=1e-10):
    """The deck on 1 and on 2 ranks, checked to agree to `rel` (thermo_difference); the 2-rank run
    returned, for the caller's checks."""
    two = run(deck, ranks=2)
    worst = thermo_difference(run(deck).thermo, two.thermo)
    chk.true(worst <= rel, f"{label}: 2 ranks agree with 1 (worst relative difference {worst:.1e})")
    return two


def backends_in_process(chk, decks, kokkos, labels, rel=1e-10):
    """run_backends for many decks: the CPU runs in one process (runs_in_process), with kokkos the
    /kk runs in another, each checked to agree with its CPU run to `rel`; the /kk runs returned
    (the CPU runs without kokkos), for the caller's checks."""
    cpu = runs_in_process(decks)
    if not kokkos:
        return cpu
    kk = runs_in_process(decks, kokkos=True)
    for label, c, k in zip(labels, cpu, kk):
        agrees_with_cpu(chk, label, c.thermo, k.thermo, rel)
    return kk


class Batch:
    """Decks gathered while a test sets them up, run together at the end by backends_in_process
    (in one process; with kokkos the /kk runs in a second one, each checked against its CPU run),
    each then passed to its check. label names the deck in that /kk check."""

    def __init__(self):
        self.decks, self.checks, self.labels = [], [], []

    def add(self, deck, check, label=""):
        self.decks.append(deck)
        self.checks.append(check)
        self.labels.append(label)

    def run(self, chk, kokkos=False):
        for check, res in zip(self.checks, backends_in_process(chk, self.decks, kokkos, self.labels)):
            check(res)


def read_dump(path):
    """Last snapshot of a 'dump custom' text file: {id: {column: float}}."""
    with open(path) as f:
        lines = f.read().splitlines()
    start = max(i for i, l in enumerate(lines) if l.startswith("ITEM: ATOMS"))
    cols = lines[start].split()[2:]
    atoms = {}
    for line in lines[start + 1:]:
        vals = dict(zip(cols, map(float, line.split())))
        atoms[int(vals["id"])] = vals
    return atoms


class Checks:
    """Collects named checks, prints each, and exits non-zero if any failed."""

    def __init__(self):
        self.failed = 0
        self.count = 0

    def close(self, name, got, want, rel=None, abs_tol=None):
        tol = abs_tol if abs_tol is not None else rel * abs(want)
        ok = abs(got - want) <= tol
        self.record(ok, f"{name}: got {got:.10g}, want {want:.10g} (tol {tol:.3g})")
        return ok

    def true(self, ok, name):
        self.record(bool(ok), name)
        return ok

    def record(self, ok, text):
        self.count += 1
        self.failed += 0 if ok else 1
        print(("ok   " if ok else "FAIL ") + text, flush=True)

    def finish(self):
        print(f"{self.count - self.failed} passed, {self.failed} failed")
        sys.exit(1 if self.failed or self.count == 0 else 0)


if __name__ == "__main__" and sys.argv[1:2] == ["--in-process"]:
    _run_in_process(sys.argv[2], int(sys.argv[3]))
if __name__ == "__main__" and sys.argv[1:2] == ["--serve"]:
    _serve(sys.argv[2])
