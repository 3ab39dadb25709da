"""A restart file of dem/hysteretic written by an earlier version of the plugin continues exactly.

Since the plugin of 2026-11-24 (after commit 39f4e41), dem/hysteretic without energy tracking keeps
9 values per contact instead of 11: its loading-cycle flags share the state's value and the plastic
work is not kept (dem/hysteretic.h). tests/data/hysteretic_stack_v8.restart was written by that
commit (11 values per contact) at step 1000 of tests/data/hysteretic_stack_v8.in, a leaning stack
of five spheres whose resting contacts unload and load again (so the flags matter: they switch on
the secondary damping), and hysteretic_stack_v8.dump is that commit's state at step 2000.

Read with this version, the history converts (the log says so) and 1000 more steps end in that
state (positions to 1e-12 m, velocities to 1e-9 m/s: the same operations, so in practice 0).
The same restart with reset_history yes (contacts start afresh, flags lost) ends elsewhere by far
more, which shows that the comparison can fail.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data")


def deck(reset):
    # the writer's settings after its read_restart: the pair style and properties come from the file
    return f"""
read_restart stack.restart
pair_style dem/hysteretic reset_history {"yes" if reset else "no"}
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


def continued(reset):
    workdir = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"demtest-legacy-{os.getpid()}-{int(reset)}")
    os.makedirs(workdir, exist_ok=True)
    shutil.copy(os.path.join(DATA, "hysteretic_stack_v8.restart"), os.path.join(workdir, "stack.restart"))
    res = run(deck(reset), workdir=workdir)
    return res, read_dump(os.path.join(workdir, "final.dump")) if res.error is None else {}


def worst(a, b, cols):
    return max(abs(a[i][c] - b[i][c]) for i in b for c in cols)


def main():
    chk = Checks()
    want = read_dump(os.path.join(DATA, "hysteretic_stack_v8.dump"))
    res, got = continued(False)
    chk.true(res.error is None, f"the earlier version's restart file is read ({res.error})")
    chk.true("converted from 11 to 9 values per contact" in res.output,
             "the log says the history was converted from 11 to 9 values per contact")
    if got:
        chk.close("largest position difference from the earlier version's run (m)", worst(got, want, "xyz"), 0.0,
                  abs_tol=1e-12)
        chk.close("largest velocity difference (m/s)", worst(got, want, ("vx", "vy", "vz")), 0.0, abs_tol=1e-9)
    _, fresh = continued(True)
    if fresh:
        off = worst(fresh, want, "xyz")
        chk.true(off > 1e-9, f"with reset_history yes the stack ends elsewhere ({off:.3g} m): the stored history matters")
    chk.finish()


if __name__ == "__main__":
    main()
