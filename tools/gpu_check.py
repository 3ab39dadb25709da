#!/usr/bin/env python3
"""The GPU check of the /kk styles: one command, a report (report.md, report.json) and the logs
(logs.tar.gz) in an output folder. tools/gpu_check is its front end (it finds the bundle, or runs
this inside the bootstrap's userland with --host); it can be run directly:

    python3 tools/gpu_check.py --lmp LMP --plugin-dir DIR --chute-data data.chute[.gz] --out DIR
        [--lammps-python DIR] [--mode gpu|host] [--quick] [--budget SECONDS] [--parts NAME,...] [--workers N]

--lammps-python: LAMMPS's python/ folder (the `lammps` module, which loads liblammps.so from its folder or
LD_LIBRARY_PATH): the tests that run many decks in one process need it (most correctness parts).

Parts, each timed and bounded (its own timeout, and none starts once the budget is spent):
  machine     what the machine is (nvidia-smi, the C library, the binaries' libraries) and a
              two-sphere run of dem/linear/kk on the device: if that fails, nothing else runs;
  correctness the kokkos tests' comparisons, rerun on the device (DEM_KOKKOS_ARGS="-k on g 1"):
              each /kk pair style, fix wall/dem/kk with planes and the cylinder, a moving mesh,
              adhesion, rolling resistance, Woo's options and the contact and parallel bonds
              against the same binary's CPU styles on the same
              decks, and the momentum test (no history lost through rebuilds and partner-array
              growth); plus the energy balance of piles in a box of walls on the device, two runs
              of the same deck on the device against each other, and compute-sanitizer memcheck
              on short runs (rebuilds every step, partner arrays growing, a mesh wall);
  speed       atom-steps per second of dem/linear/kk, dem/hertz/kk, dem/hysteretic/kk and
              gran/hooke/history/kk on bench/in.packing and bench/in.chute, replicated to about
              1e5, 1e6 and 4e6 atoms (as many sizes as the budget allows), with the ratio of each
              to gran/hooke/history/kk.
--mode host runs the same parts with the /kk styles on OpenMP threads (-k on t N) and smaller
speed decks, so that a mistake in this script shows on a machine without a GPU; memcheck runs its
decks without the sanitizer there. --quick: a few short parts (the host test, gpu_host).

Tolerances. The comparisons are the kokkos tests' own, set for OpenMP threads, where the /kk run
differs from the CPU run by the order in which each atom's pair forces are summed: a relative
change of order eps = 1.1e-16 in each force, which the collisions of a pile amplify (measured on
threads: 3e-12 m in positions after 3000 steps, against the 1e-9 m allowed). On a GPU two things
perturb the forces instead, both of the same order: the j-side adds are atomics whose order varies
from run to run, and nvcc contracts a*b+c into fused multiply-adds in device code (the plugin's
-ffp-contract=off reaches only the host compiler), one rounding instead of two, i.e. at most eps
relative per contracted operation, a few per force. The same chaotic dynamics amplify any such
perturbation alike, so the divergence on the GPU should stay within a small factor of the threads'
and the tolerances keep a margin of about a hundred. Checks that demand the same bits (the wall
kernel against the CPU fix with the rest of the run on the host, two runs compared "to the last
bit") cannot hold on a GPU for the same two reasons: they run, their results are reported, and
they are counted apart ("exact, host-only"), not as failures. The "repeat" part measures the
run-to-run spread of the device itself.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import argparse
import concurrent.futures
import gzip
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(REPO, "tests", "lammps")
BENCH = os.path.join(REPO, "bench")

# checks that compare bits: on a GPU these differ by design (atomics' order, FMA contraction)
EXACT_PATTERNS = ("last bit", "bit for bit", "identical", "same forces with and without")

# the kokkos tests rerun on the device: (part, script and arguments, what it covers, timeout s)
TEST_PARTS = [
    ("pair_linear", ["test_kokkos.py", "--law", "linear"], "dem/linear/kk vs dem/linear: oblique collision, "
     "settling piles (3 variants), energies", 240),
    ("pair_hertz", ["test_kokkos.py", "--law", "hertz"], "dem/hertz/kk vs dem/hertz (Mindlin-Deresiewicz too)", 240),
    ("pair_hysteretic", ["test_kokkos.py", "--law", "hysteretic"], "dem/hysteretic/kk vs dem/hysteretic", 240),
    ("history_momentum", ["test_kokkos_momentum.py"], "pair forces sum to zero over 20000 steps of a pile "
     "whose grains reach > 8 partners (history through rebuilds and partner-array growth)", 300),
    ("wall_linear", ["test_wall_kokkos.py", "--law", "linear"], "fix wall/dem/kk: planes, shearing planes, "
     "two walls at once, the z cylinder; a pile in a box of planes", 240),
    ("wall_hertz", ["test_wall_kokkos.py", "--law", "hertz"], "fix wall/dem/kk with the Hertz law", 240),
    ("wall_hysteretic", ["test_wall_kokkos.py", "--law", "hysteretic"], "fix wall/dem/kk with Rocky's law", 240),
    ("wall_mesh", ["test_wall_mesh_kokkos.py"], "mesh walls: a rotating drum (moving mesh), a cube on a floor, "
     "200 spheres in the drum, restart", 300),
    ("wall_mesh_motion", ["test_wall_mesh_motion.py", "--kokkos"], "moving meshes: translate/rotate by "
     "variables, wrap-around", 240),
    ("adhesion_backends", ["test_adhesion_kokkos.py"], "adhesion: JKR restart across backends, cohesive piles "
     "with pair and wall adhesion, their energy balance", 240),
    ("adhesion_dynamics", ["test_adhesion_dynamics.py", "--kokkos"], "adhesion: dynamics and restart", 240),
    ("adhesion_wall", ["test_adhesion_wall.py", "--kokkos"], "adhesion on fix wall/dem/kk", 240),
    ("rolling", ["test_rolling_kokkos.py"], "rolling resistance, pair and walls, each law", 240),
    ("wall_restart", ["test_wall_kokkos_restart.py"], "fix wall/dem/kk restart files", 240),
    ("linear_woo", ["test_linear_woo.py", "--kokkos"], "Woo's noBreak and noSlip (hold_gap, no_slip)", 180),
    ("contact_bond", ["test_contact_bond.py", "--kokkos"], "contact bonds and dem_bond: breaks, gap bonding, "
     "unbond, restart", 180),
    ("parallel_bond", ["test_parallel_bond.py", "--kokkos"], "parallel bonds: pull, shear, bend, twist, "
     "pb_emod, restarts both ways", 240),
    ("bond_energy", ["test_bond_energy.py", "--kokkos"], "the energy balance of bonds that hold and break", 180),
    ("contact_step", ["test_contact_step.py", "--kokkos"], "one contact step for balls and walls: a JKR, rolling "
     "contact on a plane and on a frozen ball 1e6 times larger give the same forces and energies (two atoms, "
     "9000 steps: kernel launches dominate; 120 s did not suffice on an H200)", 300),
    ("pair_local", ["test_pair_local_kokkos.py"], "compute pair/local on dem/linear/kk and dem/hertz/kk (host copies "
     "of the device's list and history) against the CPU styles", 180),
]
QUICK_TEST_PARTS = [("env_args", ["test_kokkos_env.py"], "DEM_KOKKOS_ARGS reaches LAMMPS", 120)]

SPEED_STYLES = [("gran/hooke/history/kk", "pair_gran_hooke_history.lmp"), ("dem/linear/kk", "pair_dem_linear.lmp"),
                ("dem/hertz/kk", "pair_dem_hertz.lmp"), ("dem/hysteretic/kk", "pair_dem_hysteretic.lmp")]
SPEED_REF = "gran/hooke/history/kk"
# replicas of the 32000-atom decks: about 1e5, 1e6, 4e6 atoms (the chute is replicated in x and y only)
SPEED_SIZES = {"gpu": [("1e5", (2, 2, 1), (2, 2, 1)), ("1e6", (4, 4, 2), (8, 4, 1)), ("4e6", (8, 4, 4), (16, 8, 1))],
               "host": [("3e4", (1, 1, 1), (1, 1, 1))]}


def now():
    return time.monotonic()


class Budget:
    def __init__(self, seconds):
        self.end = now() + seconds

    def left(self):
        return self.end - now()


def sh(cmd, timeout=30):
    """Output of a shell command (stdout and stderr), or what went wrong."""
    try:
        p = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=timeout)
        return (p.stdout + p.stderr).strip()
    except Exception as e:  # noqa: BLE001 (reported, not raised: machine info is best effort)
        return f"({cmd}: {e})"


def run_killable(cmd, env, cwd, timeout, log_path):
    """Run a command in its own process group, output to log_path; kill the whole group on timeout.
    Returns (exit code or None on timeout, output, seconds)."""
    t0 = now()
    with open(log_path, "w") as log:
        log.write("$ " + " ".join(cmd) + "\n")
        log.flush()
        proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                start_new_session=True)
        try:
            out, _ = proc.communicate(timeout=max(1, timeout))
            rc = proc.returncode
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
            rc = None
        log.write(out or "")
    return rc, out or "", now() - t0


def classify(text):
    return "exact" if any(p in text for p in EXACT_PATTERNS) else "tolerance"


def parse_checks(out):
    checks = []
    for line in out.splitlines():
        if line.startswith("ok   ") or line.startswith("FAIL "):
            text = line[5:].strip()
            checks.append({"ok": line.startswith("ok"), "text": text, "class": classify(text)})
    return checks


def part_status(checks, rc, finished_line):
    """pass: every tolerance check passed (exact checks are reported apart); fail otherwise."""
    if rc is None:
        return "timeout"
    if not checks:
        return "error"
    bad = [c for c in checks if not c["ok"] and c["class"] == "tolerance"]
    if bad:
        return "fail"
    if rc != 0 and all(c["ok"] for c in checks):
        return "error"    # an exception after the last check
    return "pass" if finished_line else "error"


class Check:
    def __init__(self, args):
        self.args = args
        self.mode = args.mode
        self.gpu = args.mode == "gpu"
        self.out = os.path.abspath(args.out)
        os.makedirs(self.out, exist_ok=True)
        self.work = tempfile.mkdtemp(prefix="gpu-check-")
        self.logs = os.path.join(self.work, "logs")
        os.makedirs(self.logs)
        self.budget = Budget(args.budget)
        self.t0 = now()
        self.report = {"mode": self.mode, "quick": args.quick, "budget_s": args.budget,
                       "started": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "parts": [], "speed": []}
        self.kokkos_args = args.kokkos_args or ("-k on g 1" if self.gpu else f"-k on t {args.threads}")
        self.env = dict(os.environ, DEM_LMP=args.lmp, DEM_PLUGIN_DIR=args.plugin_dir, DEM_HAVE_KOKKOS="1",
                        PYTHONUNBUFFERED="1", PYTHONDONTWRITEBYTECODE="1")
        # the tests' Kokkos arguments: the GPU, or --threads OpenMP threads (on a busy machine one
        # thread: two that wait on each other at every barrier ran a pile 20 times slower)
        self.env["DEM_KOKKOS_ARGS"] = self.kokkos_args
        # the tests that run their decks in one process import LAMMPS's python module
        if args.lammps_python:
            self.env["DEM_LAMMPS_PYTHON"] = os.path.abspath(args.lammps_python)
        # the test helpers, for this script's own parts (they read the environment at import)
        os.environ.update({k: self.env[k] for k in ("DEM_LMP", "DEM_PLUGIN_DIR", "DEM_HAVE_KOKKOS", "DEM_KOKKOS_ARGS")})
        sys.path.insert(0, TESTS)

    def wanted(self, name):
        return not self.args.parts or name in self.args.parts.split(",")

    def add_part(self, part):
        self.report["parts"].append(part)
        mark = {"pass": "ok  ", "fail": "FAIL", "timeout": "TIME", "error": "ERR ", "skipped": "skip"}[part["status"]]
        print(f"[gpu-check {now() - self.t0:6.1f} s] {mark} {part['name']} ({part['seconds']:.1f} s): "
              f"{part.get('summary', '')}", flush=True)

    # ---- machine ------------------------------------------------------------------------
    def machine(self):
        t0 = now()
        info = {"mode": self.mode, "uname": " ".join(platform.uname()), "python": sys.version.split()[0],
                "cpus": os.cpu_count(), "libc": sh("ldd --version 2>&1 | head -n 1"),
                "os": sh("sed -n 's/^PRETTY_NAME=//p' /etc/os-release | tr -d '\"'")}
        if self.gpu:
            info["nvidia_smi"] = sh("nvidia-smi --query-gpu=name,driver_version,memory.total,compute_mode,"
                                    "clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv")
            info["nvidia_smi_L"] = sh("nvidia-smi -L")
            info["nvcc"] = sh("nvcc --version 2>&1 | tail -n 2 | head -n 1")
            info["compute_sanitizer"] = find_sanitizer() or "not found"
            if "exclusive" in info["nvidia_smi"].lower() and self.args.workers > 1:
                self.args.workers = 1    # one process at a time may hold the GPU
                info["note"] = "the GPU is in an exclusive compute mode: parts run one at a time"
        libs = {}
        lmp = self.args.lmp
        for f in [lmp] + [os.path.join(self.args.plugin_dir, n) for n in sorted(os.listdir(self.args.plugin_dir))
                          if n.endswith(".so")]:
            libs[os.path.basename(f)] = sh(f"ldd {f}")
        info["ldd"] = libs
        missing = [f"{k}: {line.strip()}" for k, v in libs.items() for line in v.splitlines() if "not found" in line]
        info["missing_libraries"] = missing
        info["lammps_help"] = "\n".join(l for l in sh(f"{lmp} -h", 60).splitlines()
                                        if re.search(r"LAMMPS \(|KOKKOS|Kokkos|OS:|Compiler|C\+\+ standard|"
                                                     r"Installed packages|^[A-Z]+( [A-Z]+)+$", l))[:3000]
        self.report["machine"] = info
        # a two-sphere run of dem/linear/kk where the check runs the /kk styles
        from collision import deck  # noqa: E402 (after the environment is set)
        import demtest  # noqa: E402
        ok, summary = False, ""
        try:
            res = demtest.run(deck("dem/linear", ["* * kn 1e5 ks 5e4 fric 0.3"], steps=200), kokkos=True,
                              threads=self.args.threads, timeout=120)
            with open(os.path.join(self.logs, "machine_smoke.log"), "w") as f:
                f.write(res.output)
            device = [l.strip() for l in res.output.splitlines() if re.search(r"Kokkos::|Cuda|OpenMP|KOKKOS mode", l)]
            ok = "dem/linear/kk" in res.output and len(res.thermo) > 100
            summary = ("dem/linear/kk ran on " + ("the GPU" if self.gpu else "OpenMP threads") +
                       f" ({len(res.thermo)} thermo rows)") if ok else "dem/linear/kk did not run"
            info["smoke_kokkos_lines"] = device[:8]
        except Exception as e:  # noqa: BLE001
            summary = f"the two-sphere /kk run failed: {str(e)[:2000]}"
        if missing:
            summary += f"; missing libraries: {missing}"
        self.add_part({"name": "machine", "kind": "machine", "status": "pass" if ok and not missing else "fail",
                       "seconds": now() - t0, "summary": summary, "checks": []})
        return ok

    # ---- correctness: the kokkos tests ---------------------------------------------------
    def test_part(self, name, script, what, timeout):
        timeout = min(timeout, self.budget.left() - self.args.reserve)
        if timeout < 20:
            return {"name": name, "kind": "test", "status": "skipped", "seconds": 0.0, "what": what,
                    "summary": "not started: out of time", "checks": []}
        log = os.path.join(self.logs, f"{name}.log")
        rc, out, secs = run_killable([sys.executable, os.path.join(TESTS, script[0])] + script[1:], self.env,
                                     self.work, timeout, log)
        checks = parse_checks(out)
        finished = re.search(r"^\d+ passed, \d+ failed$", out, re.M) is not None
        status = part_status(checks, rc, finished)
        tol = [c for c in checks if c["class"] == "tolerance"]
        exact = [c for c in checks if c["class"] == "exact"]
        summary = f"{sum(c['ok'] for c in tol)}/{len(tol)} checks passed"
        if exact:
            summary += f"; exact (host-only) {sum(c['ok'] for c in exact)}/{len(exact)} equal"
        if status == "timeout":
            summary += f"; stopped after {timeout:.0f} s"
        elif status == "error":
            summary += f"; exit {rc}: " + " | ".join(out.strip().splitlines()[-3:])[:600]
        return {"name": name, "kind": "test", "status": status, "seconds": secs, "what": what,
                "script": " ".join(script), "summary": summary, "checks": checks, "log": f"logs/{name}.log"}

    # ---- correctness: this script's own parts -------------------------------------------
    def own_part(self, name, what, func):    # func(check) -> summary
        t0 = now()
        checks = []

        def check(ok, text):
            checks.append({"ok": bool(ok), "text": text, "class": "tolerance"})
        status, summary = "pass", ""
        try:
            summary = func(check) or ""
            if any(not c["ok"] for c in checks):
                status = "fail"
        except subprocess.TimeoutExpired:
            status, summary = "timeout", "a run exceeded its timeout"
        except Exception as e:  # noqa: BLE001
            status, summary = "error", str(e)[:1500]
        with open(os.path.join(self.logs, f"{name}.log"), "w") as f:
            for c in checks:
                f.write(("ok   " if c["ok"] else "FAIL ") + c["text"] + "\n")
            f.write(summary + "\n")
        if status == "pass" and not checks:
            status = "error"
        n = sum(c["ok"] for c in checks)
        return {"name": name, "kind": "own", "status": status, "seconds": now() - t0, "what": what,
                "summary": f"{n}/{len(checks)} checks passed" + (f"; {summary}" if summary else ""), "checks": checks,
                "log": f"logs/{name}.log"}

    def energy(self, check):
        """Energy balance (test_wall_energy.py's books) of piles in a box of walls, /kk on the device."""
        import demtest  # noqa: E402
        import test_wall_energy as we  # noqa: E402
        cases = [("linear", "")] if self.args.quick else [("linear", ""), ("hertz", "tan_mode 2 dp_mode 1"),
                                                           ("hysteretic", "tan_mode 1 kt_ratio 0"),
                                                           ("linear", "rr_fric 0.1")]
        steps = 3000 if self.args.quick else 12000    # quick: the pile has reached the floor, not settled
        pair = ("c_dem[1]", "c_dem[2]", "c_dem[3]", "c_dem[10]")
        wall = [f"f_{n}[{k}]" for n in we.WALLS for k in (1, 2, 3, 4)]
        for law, variant in cases:
            label = f"{law} {variant}".strip()
            rows = demtest.run(we.deck(law, variant, steps=steps), kokkos=True, threads=self.args.threads,
                               timeout=max(30, min(300, self.budget.left() - self.args.reserve))).thermo
            total = [r["c_ke"] + r["c_erot"] + r["c_pe_grav"] + sum(r[c] for c in pair + tuple(wall)) for r in rows]
            dissipated = sum(rows[-1][c] for c in pair[1:]) + sum(rows[-1][f"f_{n}[{k}]"] for n in we.WALLS
                                                                  for k in (2, 3, 4))
            worst = max(abs(t - total[0]) for t in total)
            check(dissipated > 0 and rows[-1]["f_floor[11]"] > (0 if self.args.quick else 20),
                  f"{label}: the pile reaches the floor ({rows[-1]['f_floor[11]']:.0f} contacts, "
                  f"{dissipated:.4g} J dissipated)")
            check(worst <= 0.01 * dissipated, f"{label}: energy balance (pair and walls), worst deviation "
                  f"{worst:.3g} J, tol {0.01 * dissipated:.3g} J (1% of the dissipation, as test_wall_energy.py)")
        return f"{len(cases)} piles, {steps} steps each"

    def repeat(self, check):
        """The same pile twice on the device: the run-to-run spread the atomics give."""
        import demtest  # noqa: E402
        from pile import pile_coeff, pile_deck  # noqa: E402
        text = pile_deck("dem/linear", pile_coeff("linear", 1), dump="final.dump", steps=3000)
        runs = [demtest.run(text, kokkos=True, threads=self.args.threads, timeout=300) for _ in range(2)]
        a, b = (demtest.read_dump(os.path.join(r.workdir, "final.dump")) for r in runs)
        dx = max(abs(a[i][c] - b[i][c]) for i in a for c in ("x", "y", "z"))
        check(set(a) == set(b), f"the same {len(a)} atoms")
        check(dx <= 1e-9, f"two runs of the same pile on the device, 3000 steps: max position difference {dx:.3g} m "
              "(tol 1e-9 m, the CPU-vs-/kk tolerance; 0 means the device summed in the same order both times)")
        return f"run-to-run max position difference {dx:.3g} m"

    def memcheck(self, check, case):
        """compute-sanitizer memcheck on a short run: for a pair style (an include file of bench/), an
        fcc packing with 12 touching neighbours per atom and the lists rebuilt every step, so that the
        partner arrays grow at the first rebuild; for "mesh", a sphere thrown at a cube on a tiled floor
        (fix wall/dem/kk ... mesh: its kernel's 3.9 kB stack per thread and per-triangle atomics).
        Host mode: the same decks, without the sanitizer."""
        san = find_sanitizer() if self.gpu else None
        if self.gpu and not san:
            raise RuntimeError("compute-sanitizer not found (PATH, /usr/local/cuda/bin, /opt/nvidia)")
        if case == "mesh":
            import test_wall_mesh_kokkos as wm  # noqa: E402
            from stlmesh import box, floor, write_stl  # noqa: E402
            scene = write_stl(os.path.join(tempfile.mkdtemp(dir=self.work), "scene.stl"),
                              box((-0.004, -0.004, -0.01), (0.0, 0.004, -0.006)) + floor(20, -0.012, 0.012, -0.01))
            deck = wm.ball_deck(True, f"mesh {scene}", "0.002 0.001 -0.003", "-0.3 -0.05 -0.2", "10 -40 5", 300)
            res = self.sanitized_run(deck, [], san, "mesh", suffix=False)
            check(len(res.thermo) > 10, f"mesh wall (cube on a tiled floor, 300 steps): ran ({len(res.thermo)} rows)")
            label = "mesh wall"
        else:
            style = case
            inc = dict(SPEED_STYLES)[style]
            deck = packing_deck(os.path.join(BENCH, inc), cells=5, steps=10, rebuild_every_step=True)
            res = self.sanitized_run(deck, ["-var", "kk", "/kk"], san, style)
            contacts = re.findall(r"^@ most (\S+)", res.output, re.M)
            most = float(contacts[-1]) if contacts else 0
            check(most > 8, f"{style}: packing of {res.values.get('natoms', 0):.0f} atoms, up to {most:.0f} contacts "
                  "per atom (> 8: the partner arrays grow)")
            label = style
        if not san:
            return "the deck ran (no sanitizer on the host)"
        errs, kinds = sanitizer_errors(res.output), sanitizer_kinds(res.output)
        check(errs == 0, f"{label}: compute-sanitizer memcheck, {errs} errors {kinds or ''}")
        return f"{errs} sanitizer errors"

    def sanitized_run(self, deck, args, san, label, suffix=True):
        import demtest  # noqa: E402
        timeout = max(30, min(240, self.budget.left() - self.args.reserve))
        if not san:
            return demtest.run(deck, kokkos=True, threads=self.args.threads, args=args, suffix=suffix, timeout=timeout)
        wd = tempfile.mkdtemp(prefix="memcheck-", dir=self.work)
        with open(os.path.join(wd, "in.test"), "w") as f:
            f.write(deck)
        cmd = [san, "--tool", "memcheck", "--leak-check", "no", "--print-limit", "20", self.args.lmp, "-in", "in.test",
               "-nocite", "-log", "log.lammps"] + self.kokkos_args.split() + \
            (["-sf", "kk"] if suffix else []) + ["-pk", "kokkos", "neigh", "half", "newton", "off"] + args
        env = dict(self.env, LAMMPS_PLUGIN_PATH=self.args.plugin_dir, OMP_NUM_THREADS="1")
        rc, out, _ = run_killable(cmd, env, wd, timeout, os.path.join(self.logs, f"memcheck_{label.replace('/', '_')}.log"))
        if rc is None:
            raise subprocess.TimeoutExpired(cmd, timeout)
        res = demtest.Result(out, rc, wd)
        if "ERROR SUMMARY" not in out:
            raise RuntimeError(f"{label}: no compute-sanitizer summary (exit {rc}): " + out[-800:])
        return res

    # ---- speed ---------------------------------------------------------------------------
    def speed(self):
        data = self.args.chute_data
        if data.endswith(".gz"):
            plain = os.path.join(self.work, "data.chute")
            with gzip.open(data, "rb") as src, open(plain, "wb") as dst:
                shutil.copyfileobj(src, dst)
            data = plain
        sizes = SPEED_SIZES[self.mode]
        steps = self.args.speed_steps
        rows = []
        last_cost = None
        for size, rep_packing, rep_chute in sizes:
            for deck, rep in (("packing", rep_packing), ("chute", rep_chute)):
                atoms_guess = 32000 * rep[0] * rep[1] * rep[2]
                if atoms_guess > self.args.max_atoms:
                    continue
                n = steps or (max(100, min(1000, int(1e8 / atoms_guess))) if self.gpu else 10 if self.args.quick else 50)
                est = (last_cost or 0) * atoms_guess * n
                if self.budget.left() < self.args.reserve / 2 + est:
                    rows.append({"deck": deck, "size": size, "status": "skipped: out of time"})
                    continue
                t0 = now()
                res = self.speed_run(deck, rep, n, data, f"{deck}_{size}")
                spent = now() - t0
                for r in res:
                    r.update(deck=deck, size=size)
                rows.extend(res)
                if res and all("atom_steps_per_s" in r for r in res):
                    last_cost = spent / (atoms_guess * n)
        # ratios to gran/hooke/history/kk on the same deck and size
        for r in rows:
            ref = [x for x in rows if x.get("style") == SPEED_REF and x["deck"] == r["deck"] and x["size"] == r["size"]
                   and "atom_steps_per_s" in x]
            if "atom_steps_per_s" in r and ref:
                r["ratio_to_hooke"] = r["atom_steps_per_s"] / ref[0]["atom_steps_per_s"]
        self.report["speed"] = rows

    def speed_run(self, deck, rep, steps, data, label):
        wd = tempfile.mkdtemp(prefix=f"speed-{label}-", dir=self.work)
        styles = [os.path.join(BENCH, f) for _, f in SPEED_STYLES]
        cmd = [self.args.lmp, "-in", os.path.join(BENCH, f"in.{deck}"), "-nocite", "-log", "log.lammps",
               "-var", "data", data, "-var", "diameter", "1", "-var", "density", "1", "-var", "freeze", "1",
               "-var", "kk", "/kk", "-var", "steps", str(steps), "-var", "rounds", "1", "-var", "pair", styles[0],
               "-var", "paired", os.path.join(REPO, "tools", "gpu_speed.lmp"), "-var", "warmup", str(max(5, steps // 10)),
               "-var", "rx", str(rep[0]), "-var", "ry", str(rep[1]), "-var", "rz", str(rep[2]),
               "-var", "styles"] + styles + self.kokkos_args.split() + \
            ["-sf", "kk", "-pk", "kokkos", "neigh", "half", "newton", "off"]
        env = dict(self.env, LAMMPS_PLUGIN_PATH=self.args.plugin_dir, OMP_NUM_THREADS=str(self.args.threads),
                   OMP_PROC_BIND="false")
        timeout = max(10, self.budget.left() - self.args.reserve / 2)
        rc, out, secs = run_killable(cmd, env, wd, timeout, os.path.join(self.logs, f"speed_{label}.log"))
        rows = []
        # after each "SPEED TIMED <include file>" marker, the next Loop time line
        for m in re.finditer(r"^SPEED TIMED (\S+)\s*$(.*?)^Loop time of (\S+) on \d+ procs for (\d+) steps with "
                             r"(\d+) atoms", out, re.M | re.S):
            inc, loop, n, atoms = os.path.basename(m.group(1)), float(m.group(3)), int(m.group(4)), int(m.group(5))
            style = next(s for s, f in SPEED_STYLES if f == inc)
            rows.append({"style": style, "atoms": atoms, "steps": n, "loop_s": loop,
                         "atom_steps_per_s": atoms * n / loop if loop > 0 else float("nan")})
        done = {r["style"] for r in rows}
        for style, _ in SPEED_STYLES:
            if style not in done:
                why = "timeout" if rc is None else f"exit {rc}: " + " | ".join(
                    l for l in out.splitlines() if l.startswith("ERROR"))[:300]
                rows.append({"style": style, "status": f"not timed ({why})"})
        return rows

    # ---- the whole ----------------------------------------------------------------------
    def run(self):
        ok = self.machine()    # always: nothing else means anything if the /kk styles do not run
        if not ok:
            print("the /kk styles do not run here: nothing else is checked", flush=True)
        else:
            self.correctness()
            if self.wanted("speed"):
                t0 = now()
                try:
                    self.speed()
                    bad = [r for r in self.report["speed"] if "atom_steps_per_s" not in r]
                    status = "pass" if self.report["speed"] and not any("not timed" in r.get("status", "") for r in bad) \
                        else "fail"
                    summary = f"{sum('atom_steps_per_s' in r for r in self.report['speed'])} timings"
                    if bad:
                        summary += f", {len(bad)} not timed or skipped"
                except Exception as e:  # noqa: BLE001
                    status, summary = "error", str(e)[:1500]
                self.add_part({"name": "speed", "kind": "speed", "status": status, "seconds": now() - t0,
                               "summary": summary, "checks": []})
        self.finish()

    def correctness(self):
        jobs = []
        for name, script, what, timeout in (QUICK_TEST_PARTS if self.args.quick else TEST_PARTS):
            if self.wanted(name):
                jobs.append((timeout, lambda n=name, s=script, w=what, t=timeout: self.test_part(n, s, w, t)))
        own = [("energy", "energy balance of piles in a box of walls, /kk pair and walls", self.energy, 200)]
        cases = ["dem/linear/kk"] if self.args.quick else [s for s, _ in SPEED_STYLES] + ["mesh"]
        for case in cases:
            what = ("compute-sanitizer memcheck, " if self.gpu else "the memcheck deck without the sanitizer, ") + \
                ("a mesh wall" if case == "mesh" else f"{case}: partner arrays growing, rebuilds every step")
            own.append((f"memcheck_{case.split('/')[1] if '/' in case else case}", what,
                        lambda c, k=case: self.memcheck(c, k), 150))
        if self.gpu and not self.args.quick:
            own.append(("repeat", "the same pile twice on the device (run-to-run spread)", self.repeat, 60))
        for name, what, func, est in own:
            if self.wanted(name):
                jobs.append((est, lambda n=name, w=what, f=func: self.own_part(n, w, f)))
        jobs.sort(key=lambda j: -j[0])    # the longest first
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.args.workers) as pool:
            for fut in concurrent.futures.as_completed([pool.submit(j[1]) for j in jobs]):
                self.add_part(fut.result())

    def finish(self):
        rep = self.report
        rep["wall_s"] = now() - self.t0
        counted = [p for p in rep["parts"]]
        rep["verdict"] = "pass" if counted and all(p["status"] == "pass" for p in counted) else "fail"
        with open(os.path.join(self.out, "report.json"), "w") as f:
            json.dump(rep, f, indent=1)
        with open(os.path.join(self.out, "report.md"), "w") as f:
            f.write(markdown(rep))
        with tarfile.open(os.path.join(self.out, "logs.tar.gz"), "w:gz") as tar:
            tar.add(self.logs, arcname="logs")
        shutil.rmtree(self.work, ignore_errors=True)
        print(markdown_tables(rep), flush=True)
        print(f"[gpu-check] {rep['verdict']} in {rep['wall_s']:.0f} s; report in {self.out}", flush=True)


def packing_deck(pair_file, cells, steps, rebuild_every_step=False, dump=None):
    """bench/in.packing's lattice (fcc, nearest neighbours overlapping by 0.1 %) in a box of cells^3
    unit cells, the contact model of an include file of bench/, and a count of contacts per atom."""
    return f"""
variable        kk index /kk
variable        freeze index 1
variable        tangential index 1
variable        diameter index 1.0
variable        density index 1.0
units           lj
atom_style      sphere
atom_modify     map array
boundary        p p p
comm_modify     vel yes
newton          off
lattice         fcc 1.4185
region          box block 0 {cells} 0 {cells} 0 {cells}
create_box      2 box
create_atoms    1 box
set             type 1 diameter ${{diameter}} density ${{density}}
velocity        all create 0.001 4928459 loop geom
variable        kn equal 200000.0
variable        kt equal 2.0/7.0*${{kn}}
variable        gamman equal 50.0
variable        xmu equal 0.5
variable        m equal PI/6.0*v_diameter^3*v_density
include         {pair_file}
neighbor        0.1 bin
neigh_modify    every 1 delay 0 {"check no" if rebuild_every_step else ""}
timestep        0.0001
fix             1 all nve/sphere
compute         contacts all contact/atom
compute         most all reduce max c_contacts
thermo_style    custom step atoms c_most ke
thermo          1
{f"dump d all custom {steps} {dump} id x y z" if dump else ""}
run             {steps}
print           "@ most $(c_most)"
print           "@ natoms $(atoms)"
"""


def find_sanitizer():
    for c in [shutil.which("compute-sanitizer"), "/usr/local/cuda/bin/compute-sanitizer",
              "/usr/local/cuda/compute-sanitizer/compute-sanitizer"]:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    for root in ("/usr/local", "/opt"):    # e.g. /opt/nvidia/.../compute-sanitizer, at most 4 folders down
        for dirpath, dirs, files in os.walk(root):
            if "compute-sanitizer" in files and os.path.isfile(os.path.join(dirpath, "compute-sanitizer")):
                return os.path.join(dirpath, "compute-sanitizer")
            if dirpath.count(os.sep) - root.count(os.sep) >= 4:
                dirs[:] = []
    return None


def sanitizer_errors(out):
    """compute-sanitizer's error count (its summary), -1 without a summary."""
    m = re.findall(r"ERROR SUMMARY: (\d+) error", out)
    return int(m[-1]) if m else -1


def sanitizer_kinds(out):
    """What the sanitizer reported, by kind: memory accesses ('Invalid __global__ write of size 8')
    apart from failed CUDA API calls ('Program hit cudaError...')."""
    kinds = {}
    for line in out.splitlines():
        m = re.match(r"=+ (Invalid \S+ (?:read|write|atomic)|Program hit \S+|Malloc/Free error|Leaked|"
                     r"Misaligned \S+|Cuda API error)", line)
        if m:
            kinds[m.group(1)] = kinds.get(m.group(1), 0) + 1
    return kinds


def markdown_tables(rep):
    lines = ["| part | status | seconds | result |", "| --- | --- | --- | --- |"]
    for p in rep["parts"]:
        lines.append(f"| {p['name']} | {p['status']} | {p['seconds']:.0f} | {p.get('summary', '').replace('|', '/')} |")
    lines += ["", "| deck | atoms | pair style | steps | loop (s) | atom-steps/s | vs gran/hooke/history/kk |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in rep["speed"]:
        if "atom_steps_per_s" in r:
            ratio = f"{r['ratio_to_hooke']:.3f}" if "ratio_to_hooke" in r else "-"
            lines.append(f"| {r['deck']} | {r['atoms']} | {r['style']} | {r['steps']} | {r['loop_s']:.3f} | "
                         f"{r['atom_steps_per_s']:.4g} | {ratio} |")
        else:
            lines.append(f"| {r['deck']} | {r['size']} | {r.get('style', 'all')} | | | {r.get('status', '')} | |")
    return "\n".join(lines)


def markdown(rep):
    m = rep.get("machine", {})
    out = [f"# GPU check of the /kk styles ({rep['mode']} mode{', quick' if rep['quick'] else ''}): {rep['verdict']}",
           "", f"Started {rep['started']}, {rep['wall_s']:.0f} s of a {rep['budget_s']:.0f} s budget.", "",
           "## Machine", ""]
    for k in ("os", "libc", "uname", "cpus", "python", "nvidia_smi_L", "nvidia_smi", "nvcc", "compute_sanitizer",
              "missing_libraries", "note"):
        if k in m:
            out.append(f"- {k}: `{m[k]}`" if "\n" not in str(m[k]) else f"- {k}:\n```\n{m[k]}\n```")
    if m.get("lammps_help"):
        out += ["- LAMMPS:", "```", m["lammps_help"], "```"]
    if m.get("smoke_kokkos_lines"):
        out += ["- Kokkos in the two-sphere run:", "```"] + m["smoke_kokkos_lines"] + ["```"]
    out += ["", "## Parts and speed", "", markdown_tables(rep), "", "## Checks", "",
            "Counted: the tolerance checks. 'exact (host-only)': comparisons of bits, which the GPU's atomics "
            "and FMA contraction change by design (see tools/gpu_check.py).", ""]
    for p in rep["parts"]:
        if not p["checks"]:
            continue
        out.append(f"### {p['name']}: {p['status']}" + (f" ({p['what']})" if p.get("what") else ""))
        out.append("")
        for c in p["checks"]:
            tag = "ok  " if c["ok"] else ("DIFF" if c["class"] == "exact" else "FAIL")
            out.append(f"- `{tag}` {'[exact, host-only] ' if c['class'] == 'exact' else ''}{c['text']}")
        out.append("")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lmp", required=True)
    ap.add_argument("--plugin-dir", required=True)
    ap.add_argument("--chute-data", required=True, help="LAMMPS's bench/data.chute (or .gz)")
    ap.add_argument("--lammps-python", default="", help="LAMMPS's python/ folder (its lammps module)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--mode", choices=("gpu", "host"), default="gpu")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--budget", type=float, default=None, help="seconds for everything (gpu 450, host 3600, quick 100)")
    ap.add_argument("--reserve", type=float, default=None, help="seconds kept back for speed and the report")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--threads", type=int, default=2, help="OpenMP threads of the /kk runs in host mode (default 2, "
                    "as the kokkos tests)")
    ap.add_argument("--speed-steps", type=int, default=0, help="timed steps per run (default: by size)")
    ap.add_argument("--parts", default="", help="comma-separated part names (default: all)")
    ap.add_argument("--max-atoms", type=float, default=float("inf"), help="leave out speed decks larger than this")
    ap.add_argument("--kokkos-args", default="", help="instead of '-k on g 1' (gpu) or '-k on t N' (host), e.g. "
                    "'-k on g 1 t 2'; '-k on t 1' with --mode gpu tries the gpu mode's code on a CPU")
    args = ap.parse_args()
    if args.budget is None:
        args.budget = 150 if args.quick else 450 if args.mode == "gpu" else 3600
    if args.reserve is None:
        args.reserve = 30 if args.quick else 150 if args.mode == "gpu" else 300
    if args.workers is None:
        args.workers = max(1, min(8, (os.cpu_count() or 2) // 2)) if args.mode == "gpu" else 1
    if args.mode == "gpu":
        args.threads = 1
    Check(args).run()


if __name__ == "__main__":
    main()
