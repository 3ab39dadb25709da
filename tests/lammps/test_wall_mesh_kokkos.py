"""fix wall/dem/kk ... mesh (Kokkos, 2 OpenMP threads) against fix wall/dem ... mesh.

1. One sphere: carried round by a rotating mesh drum (120 facets and caps, move rotate, rolling
   resistance: face contacts, smooth-group merging and the history handover) and thrown with spin
   at the top vertex region of a cube mesh lying on a tiled floor (edge, vertex and face contacts,
   static mesh). With the rest of the run on the CPU (-k on without -sf kk, explicit /kk styles)
   the kernel runs the CPU fix's code on the same numbers: positions, velocities, spins, the fix's
   vector and per-triangle rows must agree to the last bit.
2. ~200 spheres tumbling in the mesh drum with dem/linear: everything on the CPU vs -sf kk; the
   threads sum pair forces in another order, so as in test_wall_kokkos.py: 1e-9 m, 1e-7 m/s after
   the run, contacts activated equal, dissipation to 1e-5 relative. And with -sf kk, a run
   continued from a restart file written mid-run (wall history, the drum's angle) equals the
   straight run (test_wall_ranks.py's tolerances).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402
from stlmesh import box, drum, floor, write_stl  # noqa: E402
import test_wall_mesh_ranks as drum_test  # noqa: E402
import test_wall_ranks as ranks_test  # noqa: E402

WALL = "linear kn 2000 ks 1500 fric 0.5 dp_nratio 0.3 dp_sratio 0.2 lin_mode 1 rr_fric 0.2"


def ball_deck(kk, wall, pos, vel, spin, steps):
    style, atom_style = ("wall/dem/kk", "sphere/kk") if kk else ("wall/dem", "sphere")
    rows = " ".join(f"f_w[{r}][{c}]" for r in range(1, 13) for c in (1, 3, 7))
    return f"""
units si
atom_style {atom_style}
atom_modify map array
boundary f f f
region box block -0.014 0.014 -0.008 0.008 -0.014 0.014
create_box 1 box
create_atoms 1 single {pos}
set type 1 diameter 0.002 density 2500
velocity all set {vel}
set atom 1 omega {spin}
pair_style zero 0.002
pair_coeff * *
comm_modify vel yes
fix w all {style} {WALL} {wall} energy yes origin 0.001 0.002 0.003
fix integrate all nve/sphere
fix gravity all gravity 9.81 vector 0 0 -1
timestep 1e-5
{"run_style verlet/kk" if kk else ""}
variable x equal x[1]
variable z equal z[1]
variable vx equal vx[1]
variable vz equal vz[1]
compute spin all property/atom omegax omegay omegaz
compute s all reduce sum c_spin[1] c_spin[2] c_spin[3]
thermo_style custom step v_x v_z v_vx v_vz c_s[1] c_s[2] c_s[3] {" ".join(f"f_w[{k}]" for k in range(1, 13))} {rows}
thermo_modify format float %.17g
thermo 20
run {steps}
"""


def main():
    chk = Checks()
    tmp = tempfile.mkdtemp(prefix="demmesh-")
    drum_stl = write_stl(os.path.join(tmp, "drum.stl"), drum(0.012, 0.006, 120))
    scene = write_stl(os.path.join(tmp, "scene.stl"),
                      box((-0.004, -0.004, -0.01), (0.0, 0.004, -0.006)) + floor(20, -0.012, 0.012, -0.01))
    cases = {
        "rotating drum": (f"mesh {drum_stl} move rotate 0 0 0 0 1 0 2", "0 0 -0.0109", "0 0 0", "0 0 0", 20000),
        "cube on a floor": (f"mesh {scene}", "0.002 0.001 -0.003", "-0.3 -0.05 -0.2", "10 -40 5", 6000),
    }
    for label, (wall, pos, vel, spin, steps) in cases.items():
        ref = run(ball_deck(False, wall, pos, vel, spin, steps)).thermo
        kk = run(ball_deck(True, wall, pos, vel, spin, steps), kokkos=True, suffix=False).thermo
        chk.true(max(abs(r["f_w[5]"]) + abs(r["f_w[7]"]) for r in ref) > 0, f"{label}: the wall pushes")
        chk.true(ref[-1]["f_w[12]"] >= 2, f"{label}: contacts activated ({ref[-1]['f_w[12]']:g})")
        same = len(ref) == len(kk) and all(a == b for a, b in zip(ref, kk))
        if not same:
            bad = [(a["Step"], k, a[k], b[k]) for a, b in zip(ref, kk) for k in a if a[k] != b[k]][:5]
            print("differences:", bad)
        chk.true(same, f"{label}: wall/dem/kk equals wall/dem to the last bit on every thermo line")

    # 2. many spheres, -sf kk against the CPU
    ranks_test.SETTINGS = drum_test.mesh_settings(drum_stl)
    data = os.path.join(run(ranks_test.INIT).workdir, "init.data")
    ref = run(ranks_test.straight(data))
    res = run(ranks_test.straight(data, restart_mid=ranks_test.N // 2), kokkos=True)
    a = read_dump(os.path.join(ref.workdir, "final.dump"))
    b = read_dump(os.path.join(res.workdir, "final.dump"))
    chk.true(ref["activated"] > 100, f"mesh drum: {ref['activated']:g} contacts activated")
    chk.true(set(a) == set(b), "mesh drum: same atoms")
    for cols, tol in ((("x", "y", "z"), 1e-9), (("vx", "vy", "vz"), 1e-7)):
        diff = max(abs(a[i][c] - b[i][c]) for i in a for c in cols)
        chk.close(f"mesh drum, -sf kk: max difference in {cols}", diff, 0.0, abs_tol=tol)
    chk.close("mesh drum, -sf kk: contacts activated", res["activated"], ref["activated"], abs_tol=0.5)
    chk.close("mesh drum, -sf kk: dashpot energy", res["dashpot"], ref["dashpot"], rel=1e-5)
    second = res.workdir + "-restart"
    os.makedirs(second)
    shutil.copy(os.path.join(res.workdir, f"restart.{ranks_test.N // 2}"), second)
    cont = run(ranks_test.continuation(), workdir=second, kokkos=True)
    ranks_test.compare(chk, "mesh drum, -sf kk, restart", b, read_dump(os.path.join(second, "final.dump")), res, cont)
    chk.finish()


if __name__ == "__main__":
    main()
