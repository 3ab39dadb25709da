"""Restart files of the development versions before 1.0.0 are refused; this version's own files of
dem/hysteretic continue with energy tracking switched (the history converts).

tests/data/hysteretic_stack_v8.restart (11 history values per contact, written on 2026-11-24) and
hysteretic_stack_v9.restart (9 values, 2026-11-26) were written by development versions whose
pair and fix restart data were raw structs. Restart format 1 (doc/restart.rst) replaced them, and
those layouts never shipped in a release: read_restart stops with an error that says the file
holds the pair record DEM3 of a pre-1.0 development version and which formats this version reads.

The writer's deck (tests/data/hysteretic_stack_v8.in) run by this version, with energy tracking on
(13 values, the dashpot force as a vector) and off (7 values, its normal component), is continued
with it switched: the log says the history was converted, and 1000 more steps end in the state of
the uninterrupted run (positions to 1e-12 m, velocities to 1e-9 m/s).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data")


def deck(reset=False, energy="no"):
    # the writer's settings after its read_restart: the pair style and properties come from the file
    return f"""
read_restart stack.restart
pair_style dem/hysteretic energy {energy} reset_history {"yes" if reset else "no"}
pair_coeff * * kn 2000 restitution 0.5 kt_ratio 0.75 fric 0.5 hys_damp 0.3
neighbor 0.0004 bin
neigh_modify delay 0 every 1 check yes
group base type 2
group grains type 1
fix freeze base freeze
fix integrate grains nve/sphere
fix gravity grains gravity 9.81 vector 0 0 -1
timestep 1e-5
dump d all custom 1000 final.dump id x y z vx vy vz omegax omegay omegaz
dump_modify d sort id format float %.17g
run 1000
"""


def workdir(label):
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"demtest-legacy-{os.getpid()}-{label}")
    os.makedirs(path, exist_ok=True)
    return path


def continued(restart, label, **kw):
    """1000 more steps from the restart file: the run and its final state."""
    kokkos = kw.pop("kokkos", False)
    expect_error = kw.pop("expect_error", False)
    where = workdir(label)
    shutil.copy(restart, os.path.join(where, "stack.restart"))
    res = run(deck(**kw), workdir=where, kokkos=kokkos, threads=1, expect_error=expect_error)
    return res, read_dump(os.path.join(where, "final.dump")) if res.error is None else {}


def written_now(energy):
    """The writer's deck run by this version with energy tracking on or off: its restart file at
    step 1000 and its state at step 2000."""
    where = workdir(f"writer-{energy}")
    with open(os.path.join(DATA, "hysteretic_stack_v8.in")) as f:
        writer = f.read().replace("pair_style dem/hysteretic\n", f"pair_style dem/hysteretic energy {energy}\n")
    run(writer, workdir=where)
    return os.path.join(where, "stack.1000.restart"), read_dump(os.path.join(where, "stack.dump"))


def worst(a, b, cols):
    return max(abs(a[i][c] - b[i][c]) for i in b for c in cols)


def check_continued(chk, label, res, got, want, values, to=7):
    chk.true(res.error is None, f"{label}: the restart file is read ({res.error})")
    chk.true(f"converted from {values} to {to} values per contact" in res.output,
             f"{label}: the log says the history was converted from {values} to {to} values per contact")
    if got:
        chk.close(f"{label}: largest position difference from the writer's run (m)", worst(got, want, "xyz"), 0.0,
                  abs_tol=1e-12)
        chk.close(f"{label}: largest velocity difference (m/s)", worst(got, want, ("vx", "vy", "vz")), 0.0,
                  abs_tol=1e-9)


def main():
    chk = Checks()
    for version in ("v8", "v9"):
        restart = os.path.join(DATA, f"hysteretic_stack_{version}.restart")
        res, _ = continued(restart, version, expect_error=True)
        chk.true(res.error is not None and "pair record DEM3 of a pre-1.0 development version" in res.error
                 and "restart formats 1 to" in res.error,
                 f"{version} file: refused with an error naming its pre-1.0 record ({res.error})")
    # this version's files with energy tracking switched: 13 values <-> 7
    for before, after, values, to in (("yes", "no", 13, 7), ("no", "yes", 7, 13)):
        restart, want = written_now(before)
        res, got = continued(restart, f"energy-{before}-{after}", energy=after)
        check_continued(chk, f"energy {before} -> {after}", res, got, want, values, to)
    chk.finish()


if __name__ == "__main__":
    main()
