"""Contact history read from a restart file is continued exactly, or the run stops and says why.

The settling pile of test_restart.py, written to a restart file at step N/2 and continued for
N/2 steps in a new process under other circumstances. At the restart step the strain energy
comes from the stored contact forces alone: read back right, it equals the writer's at that step
to round-off (1e-10 relative); a lost or misread history changes it by far more.
--law LAW (default linear):
1. Backends: a CPU restart continued under Kokkos (-sf kk) and a Kokkos restart continued on the
   CPU, the pile resting on a wall/dem floor as well: the pair's and the wall's strain energy at
   the restart step as above, and after N/2 more steps the state of an uninterrupted run within
   the round-off of the threads' sums (test_mpi.compare's tolerances).
2. Another pair instance wrote the file (the writer defined another pair style first, so its
   history fix has another ID): continued exactly (positions to 1e-12 m).
   --rolling: with rolling resistance (rr_fric 0.1) on every contact: its moment converts too.
--layout (instead, CPU):
3. The energy keyword switched on or off: the history is converted exactly (positions to 1e-12 m),
   also with rolling resistance (its moment follows the law's values).
4. dem/hertz with tan_mode 2 or rolling resistance switched on (its history has 3 more values),
   rolling resistance switched off, and a dem/hertz file read by dem/linear: an error naming what
   changed and reset_history; with reset_history yes the run goes on and the log says the history
   was discarded.
5. fix wall/dem redefined with the same ID as another law or another wall geometry, or with
   rolling resistance switched on: a warning that its wall contacts start afresh (the same wall:
   no warning, and the run continues exactly).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import itertools
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402
from pile import LAW_COEFFS, law_from_argv, pile_deck  # noqa: E402
from test_mpi import compare  # noqa: E402

N = 2000
RESUMED = itertools.count()
MODE = {"linear": "dp_mode 3 lin_mode 1", "hertz": "dp_mode 3 tan_mode 2", "hysteretic": "tan_mode 0"}


def write(law, kokkos=False, before="", coeff_extra=None, energy="yes", wall=""):
    """The straight run (N steps, restart file at N/2)."""
    coeff = f"* * {LAW_COEFFS[law]} {MODE[law] if coeff_extra is None else coeff_extra}"
    if wall:
        wall += "\nthermo_style custom step atoms c_ke c_dem[1] c_dem[7] c_dem[8] f_w\nthermo_modify format float %.17g norm no"
    deck = pile_deck(f"dem/{law} energy {energy}", coeff, steps=N, dump="final.dump", restart_mid=N // 2,
                     extra_before_run=wall)
    return run(deck.replace("pair_style dem/", before + "pair_style dem/", 1), kokkos=kokkos)


def resume(straight, pair_lines="", kokkos=False, wall="", expect_error=False):
    """N/2 more steps from the straight run's restart file, in a new process."""
    workdir = straight.workdir + f"-resumed{next(RESUMED)}"
    os.makedirs(workdir)
    shutil.copy(os.path.join(straight.workdir, f"restart.{N // 2}"), workdir)
    deck = f"""
read_restart restart.{N // 2}
comm_modify vel yes
{pair_lines}
neighbor 0.0004 bin
neigh_modify delay 0 every 1 check yes
fix freeze floor freeze
fix integrate grains nve/sphere
fix gravity grains gravity 9.81 vector 0 0 -1
{wall}
timestep 1e-5
compute dem all pair {pair_lines.split()[1] if pair_lines else "dem/" + LAW}
dump d all custom {N // 2} final.dump id x y z vx vy vz omegax omegay omegaz
dump_modify d sort id format float %.17g
thermo_style custom step c_dem[1] c_dem[7] c_dem[8] {"f_w" if wall else ""}
thermo_modify format float %.17g norm no
thermo 100
run {N // 2}
"""
    return run(deck, workdir=workdir, kokkos=kokkos, expect_error=expect_error)


def strain_at_restart(straight, resumed):
    """The strain energy at step N/2: (writer's, reader's)."""
    want = next(r["c_dem[1]"] for r in straight.thermo if r["Step"] == N // 2)
    return want, resumed.thermo[0]["c_dem[1]"]


def final(res):
    return read_dump(os.path.join(res.workdir, "final.dump"))


def nearest_images(ref, other, box=0.02):
    """other's positions moved by whole periods of x and y (the pile's periodic box) next to ref's:
    an atom on a periodic boundary may be wrapped in one run and not in the other."""
    for i, a in other.items():
        for c in ("x", "y"):
            a[c] -= box * round((a[c] - ref[i][c]) / box)
    return other


def same_state(chk, label, a, b, tol=1e-12):
    dx = max(abs(a[i][c] - b[i][c]) for i in a for c in ("x", "y", "z"))
    chk.close(f"{label}: max position difference to the uninterrupted run", dx, 0.0, abs_tol=tol)


# a floor wall just below the lowest grains, which they reach before the restart step
FLOOR = "fix w grains wall/dem linear kn 2000 ks 1500 fric 0.5 zplane 0.0045 NULL\nfix_modify w energy yes"


def backends(chk, law, rolling=False):
    extra = MODE[law] + (" rr_fric 0.1" if rolling else "")
    for writer_kk in (False, True):
        name = "Kokkos -> CPU" if writer_kk else "CPU -> Kokkos"
        straight = write(law, kokkos=writer_kk, coeff_extra=extra, wall=FLOOR)
        resumed = resume(straight, kokkos=not writer_kk, wall=FLOOR)
        want, got = strain_at_restart(straight, resumed)
        chk.true(want > 0, f"{name}: the pile has strain energy at the restart step ({want:.6g})")
        chk.close(f"{name}: strain energy at the restart step", got, want, rel=1e-10)
        wall_rows = [r for r in straight.thermo if r["Step"] == N // 2]
        chk.true(wall_rows and wall_rows[0]["f_w"] > 0 and resumed.thermo[0]["f_w"] > 0,
                 f"{name}: the grains touch the wall at the restart step")
        if wall_rows:
            chk.close(f"{name}: wall strain energy at the restart step", resumed.thermo[0]["f_w"], wall_rows[0]["f_w"],
                      rel=1e-10)
        reader = write(law, kokkos=not writer_kk, coeff_extra=extra, wall=FLOOR)    # uninterrupted, on the reading backend
        compare(chk, f"{name}, after {N // 2} more steps", final(reader), nearest_images(final(reader), final(resumed)),
                reader.thermo, resumed.thermo)
    # the writer's history fix was not the first pair instance's (ID DEM_HISTORY1)
    straight = write(law, before="pair_style soft 1.0\n")
    resumed = resume(straight)
    same_state(chk, "file of another pair instance", final(straight), final(resumed))


def layouts(chk):
    for before, after in (("no", "yes"), ("yes", "no")):
        straight = write("linear", energy=before)
        resumed = resume(straight, pair_lines=f"pair_style dem/linear energy {after}")
        same_state(chk, f"energy {before} -> {after}", final(straight), final(resumed))
        chk.true("converted" in resumed.output, f"energy {before} -> {after}: the log says the history was converted")
        straight = write("linear", energy=before, coeff_extra="dp_mode 3 rr_fric 0.1")
        resumed = resume(straight, pair_lines=f"pair_style dem/linear energy {after}")
        same_state(chk, f"rolling resistance, energy {before} -> {after}", final(straight), final(resumed))

    hertz = write("hertz", coeff_extra="dp_mode 3")
    for label, lines, words in (
            ("dem/hertz tan_mode 0 -> 2", "pair_style dem/hertz\npair_coeff * * tan_mode 2", ("tan_mode 2",)),
            ("dem/hertz rolling resistance on", "pair_style dem/hertz\npair_coeff * * rr_fric 0.1", ("rr_fric",)),
            ("dem/hertz file read by dem/linear", "pair_style dem/linear\npair_coeff * * kn 2000 ks 1500", ("dem/hertz",))):
        msg = resume(hertz, pair_lines=lines, expect_error=True).error
        chk.true(all(w in msg for w in words) and "reset_history" in msg, f"{label}: error '{msg}'")
        lines = lines.replace("\n", " reset_history yes\n", 1)
        ok = resume(hertz, pair_lines=lines)
        chk.true("discarded" in ok.output and len(ok.thermo) > 1, f"{label}, reset_history yes: runs, history discarded")
    rolling = write("linear", coeff_extra="dp_mode 3 rr_fric 0.1")
    msg = resume(rolling, pair_lines="pair_style dem/linear energy yes\npair_coeff * * rr_fric 0", expect_error=True).error
    chk.true("rr_fric" in msg and "reset_history" in msg, f"dem/linear rolling resistance off: error '{msg}'")

    wall = "fix w grains wall/dem linear kn 2000 ks 1500 fric 0.5 zplane 0.002 NULL"
    straight = write("linear", wall=wall)
    same = resume(straight, pair_lines="pair_style dem/linear energy yes", wall=wall)
    chk.true("WARNING" not in same.output, "the same wall: no warning")
    same_state(chk, "the same wall", final(straight), final(same))
    # (x and y are periodic: the other geometry is a region wall)
    for label, other in (("another law", "fix w grains wall/dem hertz hz_shear 5e6 hz_poiss 0.3 fric 0.5 zplane 0.002 NULL"),
                         ("another geometry", "region above block INF INF INF INF 0.002 INF\n"
                          "fix w grains wall/dem linear kn 2000 ks 1500 fric 0.5 region above"),
                         ("rolling resistance on", "fix w grains wall/dem linear kn 2000 ks 1500 fric 0.5 rr_fric 0.1 "
                          "zplane 0.002 NULL")):
        res = resume(straight, pair_lines="pair_style dem/linear energy yes", wall=other)
        chk.true("start afresh" in res.output, f"wall redefined as {label}: warning")


LAW = law_from_argv()
if __name__ == "__main__":
    checks = Checks()
    if "--layout" in sys.argv:
        layouts(checks)
    else:
        backends(checks, LAW, rolling="--rolling" in sys.argv)
    checks.finish()
