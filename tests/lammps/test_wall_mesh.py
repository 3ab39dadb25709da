"""fix wall/dem ... mesh: a flat floor made of triangles acts exactly as the plane zplane.

1. A settling pile (~1000 spheres, Hertz with friction and rolling resistance, dem/hertz between
   them) on a floor of 2 triangles and on the same floor tiled by 40 x 40 x 2 triangles: the
   state after the run equals the run on `zplane 0 NULL`. The floor is one facet patch, its face
   contact gives the plane's distance and normal bit for bit, so we ask for equality to 1e-15
   relative (round-off), and for the same wall outputs.
2. One sphere sliding and then rolling across ~40 triangle edges of the tiled floor, for each law
   (linear, hertz, hysteretic) and with rolling resistance: the trajectory and spin equal the
   plane's to round-off, and the wall keeps one contact all the way (no doubled force at edges,
   no lost shear history: the shear force would jump back to zero at a lost history).
3. The ASCII and binary STL of the same floor give the same run.
4. A conveyor belt: the floor with surface_velocity 0.3 0 0, and the floor moving in its own
   plane (move translate 0.3 0 0), equal zplane with shear x 0.3 for the sliding sphere: the
   wall's velocity at the contact point enters the relative velocity exactly.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run_here  # noqa: E402
from stlmesh import floor, write_stl  # noqa: E402

R, RHO = 0.001, 2500.0
HERTZ = "hertz hz_shear 5e6 hz_poiss 0.3 fric 0.5 dp_nratio 0.3 dp_sratio 0.2"
LAWS = {"linear": "linear kn 2000 ks 1500 fric 0.3 dp_nratio 0.3 dp_sratio 0.2",
        "hertz": HERTZ.replace("fric 0.5", "fric 0.3"),
        "hysteretic": "hysteretic kn 2000 restitution 0.5 kt_ratio 0.75 fric 0.3 fric_dyn 0.25 hys_damp 0.3"}


def pile_deck(wall, steps=6000):
    return f"""
units si
atom_style sphere
atom_modify map array
boundary p p f
comm_modify vel yes
region box block 0 0.02 0 0.02 0 0.05
create_box 1 box
lattice sc 0.0025 origin 0.5 0.5 0.5
region fall block 0 0.02 0 0.02 0.0015 0.04 units box
create_atoms 1 region fall
set type 1 diameter {2 * R} density {RHO}
velocity all create 1e15 4928459 loop geom dist gaussian
velocity all set NULL NULL -0.05 sum yes
pair_style dem/hertz
pair_coeff * * hz_shear 5e6 hz_poiss 0.3 fric 0.5 dp_nratio 0.3 dp_sratio 0.2
fix w all wall/dem {HERTZ} rr_fric 0.1 {wall} energy yes
fix gravity all gravity 9.81 vector 0 0 -1
fix integrate all nve/sphere
timestep 1e-5
dump d all custom {steps} dump.txt id x y z vx vy vz omegax omegay omegaz
dump_modify d sort id format float %.17g
run {steps}
print "@ fz $(f_w[7]:%.17g)"
print "@ tx $(f_w[8]:%.17g)"
print "@ n $(f_w[11]:%.17g)"
print "@ slip $(f_w[2]:%.17g)"
print "@ strain $(f_w[1]:%.17g)"
"""


def slide_deck(law, wall, steps=20000):
    """One sphere thrown along (1, 0.37) with backspin over the floor z = 0, resting on it."""
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block -0.01 0.05 -0.01 0.05 -0.01 0.02
create_box 1 box
create_atoms 1 single -0.008 -0.008 {R - 5e-8}
set atom 1 diameter {2 * R} density {RHO}
velocity all set 0.4 0.148 0
set atom 1 omega 0 -100 100
pair_style zero {2 * R}
pair_coeff * *
fix w all wall/dem {law} {wall} energy yes
fix gravity all gravity 9.81 vector 0 0 -1
fix integrate all nve/sphere
timestep 5e-6
variable ft equal sqrt(f_w[5]^2+f_w[6]^2)
variable px equal x[1]
variable vx equal vx[1]
dump d all custom 500 traj.txt id x y z vx vy vz omegax omegay omegaz
dump_modify d format float %.17g
thermo_style custom step v_px v_vx f_w[11] v_ft
thermo_modify format float %.17g
thermo 500
run {steps}
"""


def trajectory(res):
    """Every snapshot of the one sphere in traj.txt, as dicts."""
    with open(os.path.join(res.workdir, "traj.txt")) as f:
        lines = f.read().splitlines()
    out = []
    for i, line in enumerate(lines):
        if line.startswith("ITEM: ATOMS"):
            out.append(dict(zip(line.split()[2:], map(float, lines[i + 1].split()))))
    return out


def max_rel_diff(a, b):
    worst = 0.0
    for i in a:
        for k in a[i]:
            scale = max(abs(a[i][k]), abs(b[i][k]), 1e-300)
            worst = max(worst, abs(a[i][k] - b[i][k]) / scale if k in ("vx", "vy", "vz", "omegax", "omegay", "omegaz")
                        else abs(a[i][k] - b[i][k]) / 0.02)
    return worst


def main():
    chk = Checks()
    tmp = tempfile.mkdtemp(prefix="demmesh-")
    two = write_stl(os.path.join(tmp, "floor2.stl"), floor(1, -0.01, 0.03))
    fine = write_stl(os.path.join(tmp, "floor3200.stl"), floor(40, -0.01, 0.03))
    fine_bin = write_stl(os.path.join(tmp, "floor3200b.stl"), floor(40, -0.01, 0.03), binary=True)

    # 1. the settling pile
    ref = run_here(pile_deck("zplane 0 NULL"))
    ref_atoms = read_dump(os.path.join(ref.workdir, "dump.txt"))
    chk.true(ref["n"] > 20, f"pile: many spheres on the floor ({ref['n']:g})")
    for label, path in (("2 triangles", two), ("3200 triangles", fine), ("3200 triangles, binary STL", fine_bin)):
        res = run_here(pile_deck(f"mesh {path}"))
        atoms = read_dump(os.path.join(res.workdir, "dump.txt"))
        d = max_rel_diff(ref_atoms, atoms)
        print(f"pile on {label}: largest difference to zplane {d:.3g} (relative)")
        chk.true(d <= 1e-15, f"pile on {label}: the state equals zplane's (difference {d:.3g})")
        for k in ("fz", "tx", "n", "slip", "strain"):
            chk.close(f"pile on {label}: wall output {k} as zplane's", res[k], ref[k], abs_tol=1e-13 * abs(ref[k]) + 1e-300)

    # 2. one sphere sliding then rolling across the tiled floor
    for law in ("linear", "hertz", "hysteretic", "hertz-rolling"):
        args = LAWS["hertz"] + " rr_fric 0.05" if law == "hertz-rolling" else LAWS[law]
        ra, rb = run_here(slide_deck(args, "zplane 0 NULL")), run_here(slide_deck(args, f"mesh {fine}"))
        a, b = ra.thermo, rb.thermo
        ta, tb = trajectory(ra), trajectory(rb)
        worst = 0.0
        for sa, sb in zip(ta + a, tb + b):
            for k in sa:
                worst = max(worst, abs(sa[k] - sb[k]) / max(abs(sa[k]), 1e-3))
        wy = [s["omegay"] for s in ta]
        dist = a[-1]["v_px"] - a[0]["v_px"]
        chk.true(dist > 0.02, f"{law}: the sphere crosses many triangles ({dist / (0.04 / 40) * 1.4:.0f} edges)")
        chk.true(len(a) == len(b) and worst <= 1e-13, f"{law}: trajectory, spin and shear force equal zplane's "
                 f"(largest relative difference {worst:.3g})")
        chk.true(all(r["f_w[11]"] <= 1 for r in b) and sum(r["f_w[11]"] for r in b) > 0.9 * len(b),
                 f"{law}: one contact at most, at nearly every output (bounces aside)")
        rolling = [s for s in ta if abs(s["vx"] - R * s["omegay"]) < 1e-2 * abs(s["vx"])]
        chk.true(len(ta) == len(tb) and min(wy) < 0 < max(wy), f"{law}: backspin turned into rolling")
        chk.true(len(rolling) > 0 or law == "hysteretic", f"{law}: the sphere ends up rolling")
    # 4. conveyor belts
    a = trajectory(run_here(slide_deck(LAWS["hertz"], "zplane 0 NULL shear x 0.3")))
    for label, mesh in (("surface_velocity", f"mesh {fine} surface_velocity 0.3 0 0"),
                        ("move translate", f"mesh {fine} move translate 0.3 0 0")):
        b = trajectory(run_here(slide_deck(LAWS["hertz"], mesh)))
        worst = max(abs(sa[k] - sb[k]) / max(abs(sa[k]), 1e-3) for sa, sb in zip(a, b) for k in sa)
        chk.true(len(a) == len(b) and worst <= 1e-13, f"conveyor, {label}: equals zplane shear x 0.3 ({worst:.3g})")
    chk.true(abs(a[-1]["vx"] - R * a[-1]["omegay"] - 0.3) < 1e-3, "conveyor: the sphere ends up rolling on the belt")
    chk.finish()


if __name__ == "__main__":
    main()
