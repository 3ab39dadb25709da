"""Bonds at walls (fix wall/dem linear with cb_*, pb_*, fj_*; dem_bond), against closed forms.

A ball of radius R on the plane z = 0 (fix move: its motion prescribed, the wall's force measured,
tension on the wall positive), bonded to it by dem_bond:
1. a contact bond pulled off at speed V: F = k_n g while bonded (the wall's own k_n: no springs in
   series), broken on the first step where F > cb_tenf; then no force, one break in tension, and
   e_break the mean of k_n g^2/2 over the breaking step's ends;
2. a contact bond pressed and sheared: F_s = k_s s beyond the Coulomb limit up to cb_shearf, then
   one break in shear and F_s = fric |F_n|;
3. a parallel bond of modulus pb_emod pulled off: its stiffness is E/L with L = R (PFC's
   ball-facet length), so F = (E/R) pi (lambda R)^2 g, and it breaks where F/A > pb_ten;
4. a flat joint (fj_emod) pulled off: F = (E/R) A (g - g_0) (g_0: the gap it was installed at),
   and every element breaks in tension on one step;
5. dem_bond ... unbond lets the pulled ball go; a mesh floor bonds as the plane does; dem_bond
   works with a pair style other than dem/linear when the wall takes bonds; fix dem/cracks
   records the parallel bond's break (the wall's ID 0, the normal from the wall, the bond's
   radius, at the contact point), also on /kk;
6. a restart file keeps the wall's bonds (a continued run equals the uninterrupted one), also read
   on /kk with --kokkos; a fix without bonds reading it warns that the bond is lost;
7. balls with drawn strengths (pb_ten_sd) break one by one, the same on 1 and 2 ranks (--mpi)
   and on /kk (--kokkos);
8. bad input (a bond's radius whose area underflows) or a bond that cannot break carried out of
   the wall's reach: clear errors;
9. in 2d (a disk on a line) the parallel bond and the flat joint of length 2 lambda R and unit
   thickness: F = k_n 2 lambda R (g - g_0).
The forces are exact linear springs: the checks are to round-off, except the break step, which a
step's displacement V dt resolves.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, errors_in_process, run, run_backends, thermo_difference  # noqa: E402
from stlmesh import quad, write_stl  # noqa: E402

R, KN = 0.01, 1e5
V, DT = 0.05, 1e-6                      # V dt = 5e-8
TEN, SHEAR = 2.0, 3.0                   # cb_tenf, cb_shearf [N]
EMOD, RMUL, STRENGTH = 1e9, 0.5, 1e6    # pb_emod / fj_emod, pb_rmul / fj_rmul, pb_ten / fj_ten
AREA = math.pi * (RMUL * R) ** 2
K_BOND = EMOD / R                       # E/L, L = R against a wall
LINEAR = f"linear kn {KN} ks {KN} fric 0.2"
CB = f"cb_tenf {TEN} cb_shearf {SHEAR}"
PB = f"pb_emod {EMOD} pb_ten {STRENGTH} pb_coh {STRENGTH} pb_rmul {RMUL}"
FJ = f"fj_emod {EMOD} fj_ten {STRENGTH} fj_coh {STRENGTH} fj_rmul {RMUL} fj_fric 0.5 fj_nr 2 fj_nal 4"
COLUMNS = "f_w[5] f_w[7] f_w[21] f_w[22] f_w[23] f_w[24] v_gap"
CRACK = ["step", "time", "x", "y", "z", "nx", "ny", "nz", "radius", "mode", "count", "id1", "id2"]
DUMP = "write_dump all local cracks.dump " + " ".join(f"f_cr[{k + 1}]" for k in range(len(CRACK)))


def deck(bonds, move, steps, z=R, balls=((0.0, 0.0),), wall="zplane 0 NULL", pair="", tail="",
         restart=None, bond="dem_bond all gap 1e-6", write=None):
    """Balls at (x, y, z) moved at `move` (fix move linear), the wall of fix w with `bonds`; thermo
    every step: the wall's force (x, z), e_break, bonded, broken in tension and in shear, ball 1's
    gap. With `restart`, everything but the fixes and the run comes from that file."""
    atoms = "\n".join(f"create_atoms 1 single {x} {y} {z}" for x, y in balls)
    made = f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
region box block -1 1 -1 1 -1 1
create_box 1 box
{atoms}
set type 1 diameter {2 * R} density 1000
{pair or f"pair_style dem/linear{chr(10)}pair_coeff * * kn {KN} ks {KN}"}
neighbor 0.001 bin
comm_modify vel yes
timestep {DT}
"""
    return f"""
{f"read_restart {restart}" if restart else made}
fix w all wall/dem {LINEAR} {bonds} {wall} energy yes
fix m all move linear {move}
{"" if restart else bond}
variable gap equal z[1]-{R}
thermo_style custom step {COLUMNS}
thermo_modify format float %.17g
thermo 1
run {steps}
{f"write_restart {write}" if write else ""}
{tail}
"""


def plane_deck(bonds):
    """2d: a disk of radius R on the line y = 0, bonded to it and pulled off at V along y"""
    return f"""
units si
dimension 2
atom_style sphere
atom_modify map array
boundary f f p
comm_modify vel yes
region box block -1 1 -1 1 -0.5 0.5
create_box 1 box
create_atoms 1 single 0 {R} 0
set type 1 diameter {2 * R} density 1000
pair_style dem/linear
pair_coeff * * kn {KN} ks {KN}
timestep {DT}
fix w all wall/dem {LINEAR} {bonds} yplane 0 NULL
fix m all move linear 0 {V} 0
dem_bond all gap 1e-6
variable gap equal y[1]-{R}
thermo_style custom step f_w[6] f_w[22] v_gap
thermo_modify format float %.17g
thermo 10
run 100
"""


def cracks(res):
    """The crack records of the deck's last write_dump"""
    lines = open(os.path.join(res.workdir, "cracks.dump")).read().splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("ITEM: ENTRIES"))
    return [dict(zip(CRACK, map(float, line.split()))) for line in lines[start + 1:]]


def cracked_pb(chk, res, label):
    rec = cracks(res)
    want = int(STRENGTH / (K_BOND * V * DT)) + 1    # the breaking step
    g = want * V * DT
    ok = len(rec) == 1 and all(rec[0][k] == v for k, v in (("step", want), ("mode", 1), ("count", 1),
                                                               ("id1", 0), ("id2", 1)))
    chk.true(ok, f"{label}: one crack record, step {want}, tension, the wall's ID 0 and the ball's ({rec})")
    if not ok:
        return
    r = rec[0]
    chk.true(abs(r["radius"] - RMUL * R) < 1e-15 and (r["nx"], r["ny"], r["nz"]) == (0, 0, 1)
             and abs(r["z"] - 0.5 * g) < 1e-15 and r["x"] == 0 and r["y"] == 0,
             f"{label}: at the contact point z = g/2, normal from the wall to the ball, radius pb_rmul R")


def differ(rows, other, columns):
    """thermo_difference over some columns"""
    pick = lambda table: [{c: r[c] for c in columns} for r in table]    # noqa: E731
    return thermo_difference(pick(rows), pick(other))


def bonded_rows(rows):
    return [r for r in rows[1:] if r["f_w[22]"] > 0]


def pulled_cb(chk, rows, label):
    held = bonded_rows(rows)
    worst = max(abs(r["f_w[7]"] - KN * r["v_gap"]) for r in held)
    chk.true(worst < 1e-9, f"{label}: the bond's force on the wall is k_n g (worst {worst:.1e} N)")
    last = held[-1]
    after = rows[rows.index(last) + 1]
    chk.true(TEN - KN * V * DT <= last["f_w[7]"] <= TEN, f"{label}: the largest tension is cb_tenf to a step "
             f"({last['f_w[7]']:.6f} N)")
    chk.true(all(r["f_w[7]"] == 0.0 for r in rows[rows.index(last) + 1:]), f"{label}: no force after the break")
    chk.close(f"{label}: e_break is the mean of k_n g^2/2 over the breaking step", rows[-1]["f_w[21]"],
              0.25 * KN * (last["v_gap"] ** 2 + after["v_gap"] ** 2), rel=1e-12)
    chk.true((rows[-1]["f_w[22]"], rows[-1]["f_w[23]"], rows[-1]["f_w[24]"]) == (0, 1, 0),
             f"{label}: one break in tension, no bond left")


def sheared_cb(chk, rows):
    fn = rows[1]["f_w[7]"]    # compression on the wall: negative
    peak = max(range(len(rows)), key=lambda k: rows[k]["f_w[5]"])
    chk.true(SHEAR - KN * V * DT <= rows[peak]["f_w[5]"] <= SHEAR * (1 + 1e-12),
             f"sheared: the bond holds F_s up to cb_shearf to a step ({rows[peak]['f_w[5]']:.6f} N), beyond the "
             f"Coulomb limit {0.2 * abs(fn):.3f} N")
    worst = max(abs(r["f_w[5]"] - KN * V * DT * r["Step"]) for r in rows[1:peak + 1])
    chk.true(worst < 1e-9, f"sheared: F_s = k_s s while bonded (worst {worst:.1e} N)")
    chk.close("sheared: after the break F_s = fric |F_n|", rows[-1]["f_w[5]"], 0.2 * abs(rows[-1]["f_w[7]"]),
              rel=1e-9)
    chk.true((rows[-1]["f_w[22]"], rows[-1]["f_w[23]"], rows[-1]["f_w[24]"]) == (0, 0, 1),
             "sheared: one break in shear")


def pulled_pb(chk, rows):
    held = bonded_rows(rows)
    worst = max(abs(r["f_w[7]"] / (K_BOND * AREA * V * DT * r["Step"]) - 1) for r in held)
    chk.true(worst < 1e-12, f"parallel bond: F = (pb_emod/R) pi (pb_rmul R)^2 g, L = R at a wall (worst "
             f"relative {worst:.1e})")
    last = held[-1]
    want = int(STRENGTH / (K_BOND * V * DT))    # the last step with sigma <= pb_ten
    chk.true(last["Step"] == want and rows[-1]["f_w[23]"] == 1 and rows[-1]["f_w[7]"] == 0.0,
             f"parallel bond: broke in tension after step {last['Step']:.0f} (sigma = pb_ten after step {want})")


def pulled_fj(chk, rows):
    held = bonded_rows(rows)
    g0 = V * DT    # installed on step 1, open by one step's displacement: stress-free there
    worst = max(abs(r["f_w[7]"] - K_BOND * AREA * (r["v_gap"] - g0)) / (STRENGTH * AREA) for r in held[1:])
    chk.true(worst < 1e-9, f"flat joint: F = (fj_emod/R) A (g - g_0) at a wall (worst {worst:.1e} of its strength)")
    broke = rows[-1]["f_w[23]"]
    chk.true(broke == 8 and rows[-1]["f_w[22]"] == 0 and rows[-1]["f_w[7]"] == 0.0,
             f"flat joint: its 8 elements broke in tension ({broke:.0f}), then no force")
    sigma = K_BOND * (held[-1]["v_gap"] - g0)
    chk.true(STRENGTH - K_BOND * V * DT <= sigma <= STRENGTH, f"flat joint: the largest stress is fj_ten to a step "
             f"({sigma:.6g} Pa)")


def main():
    chk = Checks()
    kokkos, mpi = "--kokkos" in sys.argv, "--mpi" in sys.argv
    pull = f"0 0 {V}"
    cb_steps = int(TEN / (KN * V * DT)) + 50

    if mpi:    # balls on both ranks, drawn strengths
        drawn = deck(f"{PB} pb_ten_sd {0.2 * STRENGTH} pb_seed 7", pull, 300,
                     balls=[(-0.45 + 0.1 * k, 0.0) for k in range(10)])
        two = run(drawn, ranks=2)
        worst = thermo_difference(run(drawn).thermo, two.thermo)
        chk.true(worst <= 1e-12, f"drawn strengths: 2 ranks agree with 1 (worst relative difference {worst:.1e})")
        chk.finish()

    # 1-4: the bonds pulled and sheared (with --kokkos also on /kk, checked against the CPU)
    pulled_cb(chk, run_backends(chk, deck(CB, pull, cb_steps), kokkos, "contact bond").thermo, "contact bond")
    sheared_cb(chk, run_backends(chk, deck(CB, f"{V} 0 0", int(SHEAR / (KN * V * DT)) + 100, z=R - 1e-4),
                                 kokkos, "sheared").thermo)
    pulled_pb(chk, run_backends(chk, deck(PB, pull, 260), kokkos, "parallel bond").thermo)
    pulled_fj(chk, run_backends(chk, deck(FJ, pull, 260), kokkos, "flat joint").thermo)

    # 5: unbond; a mesh floor; a Hertz pair style
    rows = run(deck(CB, pull, 100, tail="dem_bond all unbond\nrun 50")).thermo
    chk.true(rows[0]["f_w[7]"] > 0 and all(r["f_w[7]"] == 0.0 for r in rows[1:]) and rows[-1]["f_w[22]"] == 0,
             f"dem_bond unbond: the pulled ball lets go (tension {rows[0]['f_w[7]']:.3f} N before)")
    work = tempfile.mkdtemp(prefix="wall-bonds-")
    floor = write_stl(os.path.join(work, "floor.stl"), quad((-0.5, -0.5, 0), (0.5, -0.5, 0), (0.5, 0.5, 0),
                                                            (-0.5, 0.5, 0)))
    plane = run(deck(CB, pull, cb_steps)).thermo
    mesh = run_backends(chk, deck(CB, pull, cb_steps, wall=f"mesh {floor}"), kokkos, "mesh floor").thermo
    worst = differ(plane, mesh, ["f_w[7]", "f_w[21]", "f_w[22]", "f_w[23]"])
    chk.true(worst <= 1e-12, f"mesh floor: the same bond as the plane's (worst relative difference {worst:.1e})")
    crack_deck = deck(PB, pull, 260, bond="dem_bond all gap 1e-6\nfix cr all dem/cracks", tail=DUMP)
    cracked_pb(chk, run(crack_deck), "fix dem/cracks")
    if kokkos:
        cracked_pb(chk, run(crack_deck, kokkos=True), "fix dem/cracks on /kk")
    hertz = run(deck(CB, pull, cb_steps, pair="pair_style dem/hertz\npair_coeff * * hz_shear 4e6 hz_poiss 0.25")).thermo
    worst = thermo_difference(plane, hertz)
    chk.true(worst <= 1e-12, f"pair style dem/hertz: dem_bond bonds the wall's contacts all the same (worst {worst:.1e})")

    # 6: restart halfway through the parallel bond's pull
    whole = run(deck(PB, pull, 260)).thermo
    half = os.path.join(work, "half.restart")
    run(deck(PB, pull, 130, write=half))
    for kk in ([False, True] if kokkos else [False]):
        rest = run(deck(PB, pull, 130, restart=half), kokkos=kk).thermo
        worst = differ(whole[130:], rest, ["Step", "f_w[7]", "f_w[21]", "f_w[22]", "f_w[23]"])
        chk.true(worst <= 1e-12, f"restart{' on /kk' if kk else ''}: the bond continues as if never interrupted "
                 f"(worst relative difference {worst:.1e})")
    # read by a fix that takes no bonds: its contacts start afresh, and the warning counts the bonds lost
    plain = run(deck("", pull, 1, restart=half))
    chk.true("start afresh, and the bonds of its 1 bonded contacts are lost" in plain.output,
             "restart into a wall without bonds: the warning says the bond is lost")

    # 7: drawn strengths break the bonds one by one (the same on /kk)
    drawn = deck(f"{PB} pb_ten_sd {0.2 * STRENGTH} pb_seed 7", pull, 300,
                 balls=[(-0.45 + 0.1 * k, 0.0) for k in range(10)])
    rows = run_backends(chk, drawn, kokkos, "drawn strengths").thermo
    steps = sorted({r["Step"] for a, r in zip(rows, rows[1:]) if r["f_w[23]"] > a["f_w[23]"]})
    chk.true(rows[-1]["f_w[23]"] == 10 and len(steps) >= 5,
             f"drawn strengths: the 10 bonds broke on {len(steps)} different steps")

    # 9: 2d, a disk on the line y = 0 (an interface of length 2 lambda R, unit thickness): the parallel
    # bond F = k_n 2 lambda R g, the flat joint k_n 2 lambda R (g - g_0), g_0 = V dt (installed on step 1)
    for name, bonds, g0 in (("parallel bond", f"pb_kn {K_BOND} pb_ten 1e12 pb_coh 1e12 pb_rmul {RMUL}", 0.0),
                            ("flat joint", f"fj_kn {K_BOND} fj_ten 1e12 fj_coh 1e12 fj_rmul {RMUL} fj_nr 2", V * DT)):
        rows = run(plane_deck(bonds)).thermo
        worst = max(abs(r["f_w[6]"] - K_BOND * 2 * RMUL * R * (r["v_gap"] - g0)) for r in rows[2:])
        chk.true(worst <= 1e-12 * K_BOND * 2 * RMUL * R * rows[-1]["v_gap"] and rows[-1]["f_w[22]"] == 1,
                 f"2d {name} at a wall: F = k_n 2 lambda R (g - g_0) (worst {worst:.1e} N)")

    # 8: errors
    msgs = [r.error or "" for r in errors_in_process([
        deck("hold_gap 1e-3", pull, 10),
        deck("cb_tenf 1e9 cb_shearf 1e9", f"0 0 {100 * V}", 100000, bond="dem_bond all gap 1e-5"),
        deck(CB, pull, 10, tail=f"set atom 1 z 0.5\nrun 10"),
        deck(PB.replace(f"pb_rmul {RMUL}", "pb_rmul 1e-200"), pull, 10),
        deck(FJ.replace(f"fj_rmul {RMUL}", "fj_rmul 1e-200"), pull, 10),
    ])]
    chk.true("hold_gap is a property of particle-particle contacts" in msgs[0], f"hold_gap at a wall: {msgs[0]}")
    chk.true("was stretched to a gap" in msgs[1] and "without breaking" in msgs[1],
             f"an unbreakable bond pulled beyond its hold stops the run: {msgs[1]}")
    chk.true("out of the wall's reach in one step" in msgs[2], f"a bonded ball moved out of sight: {msgs[2]}")
    for name, msg in (("pb_rmul", msgs[3]), ("fj_rmul", msgs[4])):    # (the area underflows to 0)
        chk.true(f"keyword {name}: its value gives forces that are not finite" in msg, f"{name} 1e-200 at a wall: {msg}")
    chk.finish()


if __name__ == "__main__":
    main()
