"""fix wall/dem ... mesh with variable-driven motion: `move translate` and `move rotate` whose
velocity components and angular velocity are equal-style variables (v_name).

The rule (doc/fix_wall_dem.rst): the variables are evaluated once per step; a component whose
velocity is the same as on the last step moves on at that velocity (x0 + (t - t0) v: the closed
form, as for a constant), one whose velocity changed advances by the trapezoid rule (mean of the
two velocities times the step). Vector outputs 13-16 are the displacement and the angle.

1. A variable that holds a constant gives the same run as the constant keyword, to the last bit
   (thermo lines with 17 digits and the final state): a piston (translate) and a paddle (rotate).
2. A plate (2 triangles) driven up and down by vz = A w sin(w t), a sphere resting on it.
   The displacement output against A (1 - cos(w t)): the trapezoid rule's global error is at most
   T dt^2 max|v''| / 12 = T dt^2 A w^3 / 12 (8e-12 m here; a left-rectangle rule would be off by
   up to dt A w / 2 = 6e-8 m). The sphere rides on the plate: its height minus the plate's is
   R - m (g + a) / k_n (a the plate's acceleration: the quasi-static overlap, the plate's 2 Hz being
   far below the contact's 2 kHz), which we ask to 2e-10 m (0.4% of the overlap: the dashpot
   ringing of the start has died out after 0.05 s, which we skip).
3. A vertical paddle turning about z with omega = alpha t pushes a sphere round on a floor plane.
   The angle output against alpha t^2 / 2 (the trapezoid rule is exact for a linear ramp: round-off
   of 30000 additions, 1e-12 rad). The sphere's centre lies at d = R - F_n / k_n from the paddle's
   plane (F_n its normal force, array column 8, up to 5e-3 N: the sphere is wedged between paddle
   and floor by friction): atan2(y, x) - asin(d / r) is the paddle's angle, within 1e-6 rad. What
   is left is the dashpot's part of F_n, c d(overlap)/dt ~ 1e-6 N, which shifts d by ~6e-10 m:
   1e-7 rad at r >= 5 mm. A rectangle rule would leave the paddle omega dt / 2 = 3e-5 rad behind.
4. Restart: a run continued from a restart file written mid-run equals the straight run.
   - The piston sphere, to round-off: the motion's state (the velocity of the last step
     included) is in the restart data, but LAMMPS's own `time` differs in the last bit after
     read_restart (the restart's time + (step - restart step) dt instead of step dt), and so do
     the variables of time. We ask for 1e-9 relative on every thermo column and the final state
     (measured 1e-10; the dashpot energy, a sum of ~1e-18 J terms, is among the least precise).
   - ~200 spheres tumbling in a mesh drum turned by a variable omega, with the tolerances of
     test_wall_ranks.py.
   - A restart with another mesh (scale) warns and starts the wall contacts afresh.
--mpi: only the drum, on 1 and 2 ranks and continued on 1 and 2 ranks. --kokkos: parts 1 and 2
under -sf kk.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402
from stlmesh import drum, floor, quad, write_stl  # noqa: E402
import test_wall_ranks as ranks_test  # noqa: E402

R, RHO, G = 0.001, 2500.0, 9.81
MASS = RHO * 4.0 / 3.0 * math.pi * R ** 3
KN = 2000.0
WALL = f"linear kn {KN:g} ks 1500 fric 0.5 dp_nratio 0.5 dp_sratio 0.5"
DT = 1e-5
A, W = 0.001, 4 * math.pi    # piston amplitude (m) and angular frequency (2 Hz)
ALPHA = 20.0                 # paddle's angular acceleration (rad/s^2)


def sphere_box(create):
    """SI units, a closed box, one sphere of radius R (its create_atoms line) at rest, no pair forces."""
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
region box block -0.03 0.03 -0.03 0.03 -0.01 0.02
create_box 1 box
{create}
set type 1 diameter {2 * R} density {RHO}
velocity all set 0 0 0
"""


def deck(body, wall, steps=50000, thermo=1000, restart="", read=None):
    """One sphere with the mesh wall `wall` (fix ID m); `body`: its create_atoms line, and variables
    and other walls."""
    return f"""{f"read_restart {read}" if read else sphere_box(body[0])}
pair_style zero {2 * R}
pair_coeff * *
comm_modify vel yes
{body[1]}
fix m all wall/dem {WALL} {wall} energy yes
fix integrate all nve/sphere
fix gravity all gravity {G} vector 0 0 -1
timestep {DT}
variable x equal x[1]
variable y equal y[1]
variable z equal z[1]
variable bvx equal vx[1]
variable bvz equal vz[1]
dump d all custom {steps} final.dump id x y z vx vy vz omegax omegay omegaz
dump_modify d format float %.17g
thermo_style custom step time v_x v_y v_z v_bvx v_bvz f_m[3] f_m[7] f_m[11] f_m[1][8] f_m[2][8] f_m[13] f_m[14] f_m[15] f_m[16]
thermo_modify format float %.17g
thermo {thermo}
{restart}
run {steps}
"""


def piston(plate, vz):
    """A sphere resting on the plate z = 0 (at its static overlap), the plate moving at vz."""
    z0 = R - MASS * G / KN
    return (f"create_atoms 1 single 0.002 0.001 {z0!r}",
            f"variable A equal {A!r}\nvariable w equal {W!r}\nvariable vz equal {vz}"), \
        f"mesh {plate} move translate 0 0 v_vz"


def paddle_body(om):
    z0 = R - MASS * G / KN
    return (f"create_atoms 1 single 0.005 {R!r} {z0!r}",
            f"variable om equal {om}\nfix floor all wall/dem {WALL} zplane 0 NULL")


def state(res):
    return read_dump(os.path.join(res.workdir, "final.dump"))


def identical(chk, label, a, b):
    same = len(a.thermo) == len(b.thermo) and all(x == y for x, y in zip(a.thermo, b.thermo))
    if not same:
        print("differences:", [(x["Step"], k, x[k], y[k]) for x, y in zip(a.thermo, b.thermo) for k in x
                               if x[k] != y[k]][:5])
    chk.true(same and state(a) == state(b), f"{label}: the same run to the last bit "
             f"({len(a.thermo)} thermo lines and the final state)")


def main(mpi, kokkos):
    chk = Checks()
    tmp = tempfile.mkdtemp(prefix="demmesh-")
    plate = write_stl(os.path.join(tmp, "plate.stl"), floor(1, -0.02, 0.02))
    paddle = write_stl(os.path.join(tmp, "paddle.stl"), quad((0, 0, 2e-4), (0.025, 0, 2e-4), (0.025, 0, 0.004),
                                                               (0, 0, 0.004)))
    kk = "wall/dem/kk" if kokkos else "wall/dem"
    if mpi:    # only the drum, on 2 ranks (the rest is rank-independent bookkeeping on the host)
        drum_ranks(chk, tmp, mpi)
        chk.finish()

    # 1. a variable holding a constant = the constant keyword
    body, wall = piston(plate, "0.005")
    a = run(deck(body, wall, steps=10000), kokkos=kokkos)
    b = run(deck(body, wall.replace("v_vz", "0.005"), steps=10000), kokkos=kokkos)
    chk.close(f"{kk} piston at 0.005 m/s: the plate rose by 0.05 m/s * 0.1 s", a.thermo[-1]["f_m[15]"], 5e-4,
              rel=1e-12)
    identical(chk, f"{kk} piston: move translate 0 0 v_vz (vz = 0.005) and 0 0 0.005", a, b)
    pwall = f"mesh {paddle} move rotate 0 0 0 0 0 1 v_om"
    a = run(deck(paddle_body("5"), pwall, steps=10000), kokkos=kokkos)
    b = run(deck(paddle_body("5"), pwall.replace("v_om", "5"), steps=10000), kokkos=kokkos)
    chk.close(f"{kk} paddle at 5 rad/s: its angle after 0.1 s", a.thermo[-1]["f_m[16]"], 0.5, rel=1e-12)
    identical(chk, f"{kk} paddle: move rotate ... v_om (om = 5) and ... 5", a, b)

    # 2. the piston driven by a sinusoidal velocity
    body, wall = piston(plate, "v_A*v_w*sin(v_w*time)")
    res = run(deck(body, wall), kokkos=kokkos)
    T = 50000 * DT
    bound = T * DT ** 2 * A * W ** 3 / 12
    worst_d = max(abs(r["f_m[15]"] - A * (1 - math.cos(W * r["Time"]))) for r in res.thermo)
    chk.close(f"{kk} piston: displacement against A (1 - cos(w t)), worst of {len(res.thermo)} lines", worst_d, 0.0,
              abs_tol=bound + 1e-16)
    chk.true(all(r["f_m[13]"] == 0 and r["f_m[14]"] == 0 and r["f_m[16]"] == 0 for r in res.thermo),
             "piston: no displacement along x and y, no angle")
    chk.true(all(r["f_m[11]"] == 1 for r in res.thermo), "piston: the sphere stays on the plate (one contact)")
    late = [r for r in res.thermo if r["Time"] >= 0.05]
    worst_z = max(abs(r["v_z"] - (A * (1 - math.cos(W * r["Time"])) + R
                                 - MASS * (G + A * W * W * math.cos(W * r["Time"])) / KN)) for r in late)
    chk.close(f"{kk} piston: the sphere rides on the plate (height against the quasi-static one)", worst_z, 0.0,
              abs_tol=2e-10)
    rise = max(r["v_z"] for r in res.thermo) - min(r["v_z"] for r in res.thermo)
    chk.close("piston: the sphere rises and falls by 2 A", rise, 2 * A, rel=1e-3)
    if kokkos:
        chk.finish()

    # 3. the paddle with a ramped angular velocity
    res = run(deck(paddle_body(f"{ALPHA!r}*time"), pwall, steps=30000))
    worst_a = max(abs(r["f_m[16]"] - 0.5 * ALPHA * r["Time"] ** 2) for r in res.thermo)
    chk.close("paddle: angle against alpha t^2 / 2", worst_a, 0.0, abs_tol=1e-12)
    worst_p, rmin, fmax = 0.0, 1.0, 0.0
    for r in res.thermo:
        rad = math.hypot(r["v_x"], r["v_y"])
        rmin = min(rmin, rad)
        fn = r["f_m[1][8]"] + r["f_m[2][8]"]    # the paddle's normal force (its 2 triangles)
        fmax = max(fmax, fn)
        worst_p = max(worst_p, abs(math.atan2(r["v_y"], r["v_x"]) - math.asin((R - fn / KN) / rad) - r["f_m[16]"]))
    chk.true(fmax > 1e-3, f"paddle: it pushes the sphere (normal force up to {fmax:.3g} N)")
    final = res.thermo[-1]["f_m[16]"]
    chk.true(final > 0.85 and all(r["f_m[11]"] == 1 for r in res.thermo[1:]),
             f"paddle: it turned by {final:.3f} rad pushing the sphere all the way")
    chk.close(f"paddle: the sphere's azimuth less asin(R / r) is the paddle's angle (r >= {rmin:.4f} m)", worst_p,
              0.0, abs_tol=1e-6)

    # 4. restart mid-run: one sphere on the piston, exactly
    body, wall = piston(plate, "v_A*v_w*sin(v_w*time)")
    ref = run(deck(body, wall, steps=20000, restart="restart 10000 restart.*"))
    second = ref.workdir + "-restart"
    os.makedirs(second)
    shutil.copy(os.path.join(ref.workdir, "restart.10000"), second)
    cont = run(deck(body, wall, steps=10000, read="restart.10000"), workdir=second)
    tail = [r for r in ref.thermo if r["Step"] >= 10000]
    a, b = state(ref), state(cont)
    pairs = [(x[k], y[k]) for x, y in zip(tail, cont.thermo) for k in x] + [(a[1][k], b[1][k]) for k in a[1]]
    worst = max(abs(x - y) / max(abs(x), abs(y), 1e-300) for x, y in pairs)
    chk.true(len(tail) == len(cont.thermo) and worst <= 1e-9,
             f"piston: the run continued from the restart file equals the straight run ({len(tail)} thermo lines "
             f"and the final state; largest relative difference {worst:.3g})")
    other = ref.workdir + "-other"
    os.makedirs(other)
    shutil.copy(os.path.join(ref.workdir, "restart.10000"), other)
    res = run(deck(body, wall + " scale 1.5", steps=100, read="restart.10000"), workdir=other)
    warned = [line for line in res.output.splitlines() if "WARNING" in line and "mesh has 2 triangles" in line]
    chk.true(warned and "start afresh" in warned[0], f"restart with another mesh: warned {warned[:1]}")

    drum_ranks(chk, tmp, mpi)
    chk.finish()


def drum_ranks(chk, tmp, mpi):
    """4b. many spheres in a drum turned by a variable omega: ranks and restart"""
    drum_stl = write_stl(os.path.join(tmp, "drum.stl"), drum(0.012, 0.006, 120))
    ranks_test.SETTINGS = ranks_test.SETTINGS.replace(
        "region drum cylinder y 0 0 0.012 -0.006 0.006 side in rotate v_theta 0 0 0 0 1 0 units box\n",
        "variable om equal 3*sin(20*time)+time*100\n").replace(
        "region drum energy yes", f"mesh {drum_stl} move rotate 0 0 0 0 1 0 v_om energy yes")
    data = os.path.join(run(ranks_test.INIT).workdir, "init.data")
    ref = run(ranks_test.straight(data, restart_mid=ranks_test.N // 2))
    first = state(ref)
    chk.true(ref["activated"] > 100, f"variable drum: {ref['activated']:g} contacts activated")
    if mpi:
        res = run(ranks_test.straight(data), ranks=2)
        ranks_test.compare(chk, "variable drum, 2 ranks", first, state(res), ref, res)
    for nranks in ((1, 2) if mpi else (1,)):
        second = ref.workdir + f"-restart{nranks}"
        os.makedirs(second)
        shutil.copy(os.path.join(ref.workdir, f"restart.{ranks_test.N // 2}"), second)
        res = run(ranks_test.continuation(), workdir=second, ranks=nranks)
        ranks_test.compare(chk, f"variable drum, restart on {nranks} rank(s)", first, state(res), ref, res)


if __name__ == "__main__":
    main("--mpi" in sys.argv, "--kokkos" in sys.argv)
