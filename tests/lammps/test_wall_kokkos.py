"""fix wall/dem/kk (Kokkos; 2 OpenMP threads for --law linear, see tests/CMakeLists.txt) against fix
wall/dem, for one law (--law).

1. One sphere against walls, with energy tracking: head-on with friction and spin (zplane lo),
   oblique in gross sliding against a shearing wall (xplane hi, torques about an origin),
   squeezed between two walls at once (yplane lo and hi: two history slots), and inside the z
   cylinder. The Kokkos kernel runs the CPU fix's per-ball code (plugin/wall_contacts.h) on the
   same numbers in the same order, so with the rest of the run on the CPU (-k on without -sf kk:
   only atom_style sphere/kk, run_style verlet/kk and wall/dem/kk are Kokkos styles, and every step the atom data
   crosses host <-> device) the runs must
   agree to the last bit: positions, velocities, spins and every fix output on every thermo line.
   With -sf kk the integrator is nve/sphere/kk, which rounds differently from nve/sphere (measured:
   up to 1e-13 of the largest value of a kind, e.g. spin); we allow 1e-12.
2. A pile settling in a box of plane walls (x and y pairs, a floor shearing along x) with the
   law's /kk pair style: everything on the CPU vs -sf kk. The kernel sums the pair forces in
   another order, round-off that the collisions amplify; as for the pair styles (test_mpi.py) we
   allow 1e-9 m, 1e-7 m/s and 1e-4 rad/s after 3000 steps (measured: 3e-12 m, 4e-9 m/s,
   5e-6 rad/s). The wall outputs are sums over the contacts of those states: activations and
   contacts must be equal, energies agree to 1e-5 of their size, forces and torques to 1e-5 of the
   largest on those walls (measured: 1e-8 and 2.5e-7; a wrong wall contact would be of order 1).
Each comparison is checked to compare something: the walls must have pushed (nonzero force,
contacts activated), so a fix that did nothing on one side could not pass.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run_here  # noqa: E402
from pile import LAW_COEFFS, law_from_argv  # noqa: E402

R, RHO = 0.01, 2500.0
# the wall contact's properties for one sphere (about 200 steps per contact)
BALL_COEFFS = {"linear": "kn 1e5 ks 5e4 fric 0.3 dp_nratio 0.3 dp_sratio 0.2 dp_mode 1",
               "hertz": "hz_shear 1e8 hz_poiss 0.3 fric 0.3 dp_nratio 0.3 dp_sratio 0.2 dp_mode 1",
               "hysteretic": "kn 1e5 restitution 0.6 kt_ratio 0.5 fric 0.3 fric_dyn 0.2"}
# per case: walls, extra law keywords (linear: each case another model option), start, velocity, spin
BALL_CASES = {
    "head-on, spinning": ("zplane 0 0.1", {"linear": "lin_mode 1"}, (0, 0, 0.0105), (0.2, 0, -1), (0, 30, 5)),
    "oblique sliding on a shearing wall": ("xplane -0.04 0.04 shear y 0.5", {"linear": "rgap 0.0002"},
                                           (0.0295, 0, 0), (1, 1.5, 0.3), (0, 0, 0)),
    "squeezed between two walls": ("yplane -0.0099 0.0099", {"linear": "dp_mode 3"}, (0, 0.0002, 0),
                                   (0.05, 0.1, 0), (2, 0, 0)),
    "inside the z cylinder": ("zcylinder 0.05 shear z 0.2", {"linear": "emod 1e7 kratio 2"}, (0.039, 0.001, 0),
                              (1, 0.2, 0.1), (0, 0, 10)),
}
BALL_STEPS, BALL_DT = 1500, 2e-6
ROW_COLS = 7


def ball_deck(law, case, kk):
    walls, extra, pos, vel, spin = BALL_CASES[case]
    coeff = BALL_COEFFS[law]
    if "emod" in extra.get(law, ""):
        coeff = coeff.replace("kn 1e5 ks 5e4 ", "")
    style, atom_style = ("wall/dem/kk", "sphere/kk") if kk else ("wall/dem", "sphere")
    run_style = "run_style verlet/kk" if kk else ""
    rows = 1 if walls.startswith("zcylinder") else 2
    array = " ".join(f"f_wall[{r}][{c}]" for r in range(1, rows + 1) for c in range(1, ROW_COLS + 1))
    return f"""
units si
atom_style {atom_style}
atom_modify map array
boundary f f f
comm_modify vel yes
region box block -0.2 0.2 -0.2 0.2 -0.2 0.2
create_box 1 box
create_atoms 1 single {pos[0]} {pos[1]} {pos[2]}
set atom 1 diameter {2 * R} density {RHO}
velocity all set {vel[0]} {vel[1]} {vel[2]}
set atom 1 omega {spin[0]} {spin[1]} {spin[2]}
pair_style zero {2 * R}
pair_coeff * *
fix wall all {style} {law} {coeff} {extra.get(law, "")} {walls} energy yes origin 0.01 -0.02 0.03
fix integrate all nve/sphere
timestep {BALL_DT}
{run_style}
variable x equal x[1]
variable y equal y[1]
variable z equal z[1]
variable vx equal vx[1]
variable vy equal vy[1]
variable vz equal vz[1]
compute spin all property/atom omegax omegay omegaz
compute w all reduce sum c_spin[1] c_spin[2] c_spin[3]
thermo_style custom step v_x v_y v_z v_vx v_vy v_vz c_w[1] c_w[2] c_w[3] f_wall {" ".join(f"f_wall[{k}]" for k in range(1, 13))} {array}
thermo_modify format float %.17g
thermo 50
run {BALL_STEPS}
"""


def columns(rows):
    return [c for c in rows[0] if c != "Step"]


def kind(col):
    """What a thermo column of ball_deck measures: round-off is compared with the size of that
    kind of quantity (a slip energy that is round-off itself, 1e-21 J next to 4e-3 J of dashpot
    work, has no scale of its own)."""
    if col.startswith("v_v"):
        return "velocity"
    if col.startswith("v_"):
        return "position"
    if col.startswith("c_w"):
        return "spin"
    if col.count("[") == 2:    # f_wall[row][column]
        c = int(col.split("[")[2].rstrip("]"))
        return "force" if c <= 3 else "torque" if c <= 6 else "count"
    k = int(col[7:-1]) if "[" in col else 1    # the scalar is vector entry 1
    return "energy" if k <= 4 else "force" if k <= 7 else "torque" if k <= 10 else "count"


def check_ball(chk, law, case):
    ref = run_here(ball_deck(law, case, kk=False)).thermo
    pushed = max(abs(r["f_wall[5]"]) + abs(r["f_wall[6]"]) + abs(r["f_wall[7]"]) for r in ref)
    dissipated = sum(ref[-1][f"f_wall[{k}]"] for k in (2, 3, 4))
    chk.true(pushed > 0 and ref[-1]["f_wall[12]"] >= 1 and dissipated > 0,
             f"{case}: the wall pushed (largest force {pushed:.3g} N, {ref[-1]['f_wall[12]']:g} contacts, "
             f"{dissipated:.3g} J dissipated)")
    kk = run_here(ball_deck(law, case, kk=True), kokkos=True, suffix=False).thermo
    differ = [c for a, b in zip(ref, kk) for c in columns(ref) if a[c] != b[c]]
    chk.true(len(ref) == len(kk) and not differ,
             f"{case}: wall/dem/kk equals wall/dem to the last bit ({len(ref) * len(columns(ref))} values; "
             f"differing: {sorted(set(differ)) or 'none'})")
    sf = run_here(ball_deck(law, case, kk=False), kokkos=True).thermo
    scale = {}
    for c in columns(ref):
        scale[kind(c)] = max([scale.get(kind(c), 0.0)] + [abs(r[c]) for r in ref])
    rel = max((abs(a[c] - b[c]) / scale[kind(c)], c) for a, b in zip(ref, sf) for c in columns(ref))
    chk.true(len(ref) == len(sf) and rel[0] < 1e-12,
             f"{case}: -sf kk run equals the CPU run to round-off (worst difference {rel[0]:.3g} of the "
             f"largest value of its kind, in {rel[1]})")


# A pile in a box closed by plane walls: x and y pairs, a floor that shears along x.
BOX = 0.015


def box_deck(law, steps=3000, restart=None, read=None, wall_id=""):
    """A pile in a box of plane walls (settle from a lattice). restart: write restart files every
    that many steps; read: start from this restart file instead of the lattice; wall_id: appended
    to the IDs of the wall fixes."""
    walls = LAW_COEFFS[law] + (" lin_mode 1 dp_mode 1" if law == "linear" else "")
    start = f"read_restart {read}" if read else f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
region box block 0 {BOX} 0 {BOX} 0 0.04
create_box 1 box
lattice sc 0.0025 origin 0.5 0.5 0.5
region fill block 0 {BOX} 0 {BOX} 0.001 0.03 units box
create_atoms 1 region fill
set type 1 diameter 0.002 density {RHO}
velocity all create 1e15 4928459 loop geom dist gaussian
velocity all set NULL NULL -0.05 sum yes
pair_style dem/{law}
pair_coeff * * {LAW_COEFFS[law]}
"""
    return f"""
{start}
comm_modify vel yes
neighbor 0.0004 bin
neigh_modify delay 0 every 1 check yes
fix sides{wall_id} all wall/dem {law} {walls} xplane 0 {BOX} energy yes origin {BOX / 2} {BOX / 2} 0
fix front{wall_id} all wall/dem {law} {walls} yplane 0 {BOX} energy yes
fix floor{wall_id} all wall/dem {law} {walls} zplane 0 NULL shear x 0.01 energy yes
fix integrate all nve/sphere
fix gravity all gravity 9.81 vector 0 0 -1
timestep 1e-5
dump d all custom {steps} final.dump id x y z vx vy vz omegax omegay omegaz
dump_modify d sort id format float %.17g
thermo_style custom step atoms {" ".join(f"f_{w}{wall_id}[{k}]" for w in ("sides", "front", "floor") for k in (1, 2, 3, 4, 5, 6, 7, 9, 11, 12))} f_sides{wall_id}[1][1] f_sides{wall_id}[2][1]
thermo_modify format float %.17g
thermo 500
{f"restart {restart} restart.*" if restart else ""}
run {steps}
"""


def compare_box(chk, label, ref, other, tol_x=1e-9, tol_v=1e-7, tol_w=1e-4, tol_out=1e-5):
    """Two runs of box_deck: final states and wall outputs."""
    a = read_dump(os.path.join(ref.workdir, "final.dump"))
    b = read_dump(os.path.join(other.workdir, "final.dump"))
    chk.true(set(a) == set(b) and len(a) > 300, f"{label}: same {len(a)} atoms")
    for cols, tol in ((("x", "y", "z"), tol_x), (("vx", "vy", "vz"), tol_v), (("omegax", "omegay", "omegaz"), tol_w)):
        diff = max(abs(a[i][c] - b[i][c]) for i in a for c in cols)
        chk.close(f"{label}: max difference in {'/'.join(cols)}", diff, 0.0, abs_tol=tol)
    last, other_last = ref.thermo[-1], other.thermo[-1]
    for w in ("sides", "front", "floor"):
        chk.close(f"{label}: {w} walls, contacts activated", other_last[f"f_{w}[12]"], last[f"f_{w}[12]"], abs_tol=0.5)
        # an energy is compared with its own size, a force component with the largest force on
        # these walls (a friction component is round-off sensitive at slip transitions: seen at
        # 3e-5 of itself, 2e-7 of the load)
        forces = max(abs(r[f"f_{w}[{k}]"]) for r in ref.thermo for k in (5, 6, 7))
        for k, what in ((1, "strain energy"), (2, "slip energy"), (3, "dashpot energy"), (4, "plastic energy"),
                        (5, "force x"), (6, "force y"), (7, "force z"), (9, "torque y"), (11, "contacts now")):
            col = f"f_{w}[{k}]"
            scale = max(abs(r[col]) for r in ref.thermo) if k <= 4 or k > 7 else forces
            chk.close(f"{label}: {w} walls, {what}", other_last[col], last[col], abs_tol=tol_out * scale + 1e-300)


def check_box(chk, law):
    ref = run_here(box_deck(law))
    last = ref.thermo[-1]
    chk.true(all(last[f"f_{w}[12]"] >= 20 for w in ("sides", "front", "floor")) and last["f_floor[7]"] < 0
             and last["f_sides[1][1]"] < 0 < last["f_sides[2][1]"],
             f"box: every wall pushed ({last['f_sides[12]']:g}, {last['f_front[12]']:g}, {last['f_floor[12]']:g} "
             f"contacts activated; floor carries {-last['f_floor[7]']:.3g} N; sides {last['f_sides[1][1]']:.3g}, "
             f"{last['f_sides[2][1]']:.3g} N)")
    compare_box(chk, "box, -sf kk vs CPU", ref, run_here(box_deck(law), kokkos=True))


def main(law):
    chk = Checks()
    for case in BALL_CASES:
        check_ball(chk, law, case)
    check_box(chk, law)
    chk.finish()


if __name__ == "__main__":
    main(law_from_argv())
