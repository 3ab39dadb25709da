"""Restart files of dem/hysteretic written by earlier versions of the plugin continue exactly.

dem/hysteretic without energy tracking kept 11 values per contact until 2026-11-24,
then 9 (the loading-cycle flags share the state's value, the plastic work is not kept), and since
2026-11-26 7: its dashpot force, which lies along the normal, as its normal component F^d . n
instead of a vector (dem/hysteretic.h). tests/data/hysteretic_stack_v8.restart (11 values, written
on 2026-11-24) and hysteretic_stack_v9.restart (9 values, written on 2026-11-26) hold step 1000 of
tests/data/hysteretic_stack_v8.in (v9.in is the same deck), a leaning stack of five spheres whose
resting contacts unload and load again (so the flags matter: they switch on the secondary damping,
whose force the files hold as a vector), and the .dump files are each version's state at step 2000.
The v9 file is also continued under Kokkos (one thread), and this version's own files, written with
energy tracking on (13 values, the vector) and off (7 values), are continued with it switched.

Read with this version, the history converts (the log says so; F^d . n is taken from the largest
component of the vector once the setup pass knows the normal) and 1000 more steps end in that state
(positions to 1e-12 m, velocities to 1e-9 m/s: round-off apart the same operations). A dashpot
force of the wrong sign at the restart step (about 1e-6 N, 1 % of a sphere's weight) makes the
velocities differ by 6e-8 m/s and the positions by 5e-12 m (tried). The same restart with
reset_history yes (contacts start afresh, flags lost) ends elsewhere by far more, which shows that
the comparison can fail.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import HAVE_KOKKOS, Checks, read_dump, run  # noqa: E402

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
    where = workdir(label)
    shutil.copy(restart, os.path.join(where, "stack.restart"))
    res = run(deck(**kw), workdir=where, kokkos=kokkos, threads=1)
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
    for version, values in (("v8", 11), ("v9", 9)):
        restart = os.path.join(DATA, f"hysteretic_stack_{version}.restart")
        want = read_dump(os.path.join(DATA, f"hysteretic_stack_{version}.dump"))
        res, got = continued(restart, version)
        check_continued(chk, f"{version} file", res, got, want, values)
        if version == "v9" and HAVE_KOKKOS:    # the Kokkos fix converts, its kernel's setup completes
            res, got = continued(restart, f"{version}-kk", kokkos=True)
            check_continued(chk, f"{version} file under Kokkos", res, got, want, values)
        _, fresh = continued(restart, f"{version}-reset", reset=True)
        if fresh:
            off = worst(fresh, want, "xyz")
            chk.true(off > 1e-9,
                     f"{version}: with reset_history yes the stack ends elsewhere ({off:.3g} m): the stored history matters")
    # this version's files with energy tracking switched: 13 values <-> 7
    for before, after, values, to in (("yes", "no", 13, 7), ("no", "yes", 7, 13)):
        restart, want = written_now(before)
        res, got = continued(restart, f"energy-{before}-{after}", energy=after)
        check_continued(chk, f"energy {before} -> {after}", res, got, want, values, to)
    chk.finish()


if __name__ == "__main__":
    main()
