"""Contacts that hold beyond the neighbour skin (hold_gap, contact and parallel bonds), with LAMMPS's
default skin (1e-3 m in si units), and the bond inputs that once ran silently wrong.

Two equal spheres of radius R = 0.01 (fix move: sphere 2 pulled apart slowly at V, forces measured):
1. hold_gap 4e-3 (larger than the skin): the contact carries F_n = k_n g_s in tension up to g_s = 4e-3
   and then lets go: e_break (compute pair entry 13) is k_n g^2/2 averaged over the step it let go
   at (the mean of the spring's energy at the step's two ends, as for bonds); a pair that opens
   before its contact formed books nothing;
2. a contact bond of cb_tenf = k_n 3e-3 and a parallel bond of pb_ten = kn_b 3e-3: each holds to
   g = 3e-3 (beyond the skin) and breaks once, in tension (entries 14, 16);
3. dem_bond gap 5e-3 bonds a pair 3e-3 apart (one bond made, entry 15);
4. an unbreakable parallel bond (pb_ten 1e12, pb_kn 1e11: a reach of 20 m by its strength) runs and
   holds (F_n = kn_b A g); pulled to a gap of more than R1 + R2 without breaking, the run stops with
   an error naming the atoms (a bond never leaves the neighbour lists unnoticed);
5. a bond made by dem_bond before the first run on a contact with no history, broken in shear on
   its first step: e_break >= 0 (what breaking releases is never negative);
6. two dem_bond commands before a run both apply (three spheres in a row: two bonds); a pending
   request dropped by a new pair_style is warned about;
7. pb_rmul 1e-160 (the bond's area underflows to 0): an error naming pb_rmul, not NaN.
With --kokkos the pulls run on /kk too (agreeing with the CPU); with --ranks they run astride two
ranks. The forces are linear springs: exact to round-off but for the step (V dt) at the break.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Batch, Checks, clean_error_exit, errors_in_process, on_two_ranks, run  # noqa: E402
from two_spheres import contact_frame, error_deck, setup  # noqa: E402

R, KN = 0.01, 5e4
KN_C = KN / 2                    # like types: springs in series
V, DT = 2.0, 1e-6                # V dt = 2e-6: 2000 steps to 4e-3
KNB = 1e7                        # the parallel bond's stiffness per area
AREA = math.pi * R ** 2


def pull(coeff, steps, x2=2 * R, bond="dem_bond all gap 1e-5", v=V, tail=""):
    """Sphere 2 at x2 from sphere 1 (still), pulled along x at v; thermo every 10 steps and at the end."""
    return setup(x2, -R, R) + f"""
pair_style dem/linear energy yes
pair_coeff * * kn {KN} ks {KN} fric 0.2 {coeff}
timestep {DT}
group one id 1
group two id 2
fix still one move linear 0 0 0
fix pull two move linear {v} 0 0
{bond}
compute dem all pair dem/linear
{contact_frame(R)}
thermo_style custom step v_gap v_fn c_dem[13] c_dem[14] c_dem[15] c_dem[16] c_dem[17]
thermo_modify format float %.17g
thermo 1
run {steps}
{tail}
"""


def let_go(rows, reach, label, broken):
    """The pair held F_n = k F(g) up to `reach` and let go once; returns the last row that held."""
    held = [r for r in rows if r["v_fn"] != 0.0]
    last = held[-1]
    chk.true(reach - V * DT * 1.001 <= last["v_gap"] <= reach * (1 + 1e-9) and all(
        r["v_fn"] == 0.0 for r in rows[rows.index(last) + 1:]),
        f"{label}: holds beyond the skin up to g = {reach:g} and then lets go (last held at {last['v_gap']:.7g})")
    chk.true(rows[-1]["c_dem[16]"] == broken, f"{label}: {broken} break(s) in tension counted")
    return last


def held_linear(res, label="hold_gap 4e-3"):
    rows = res.thermo
    worst = max(abs(r["v_fn"] - KN_C * r["v_gap"]) for r in rows if r["v_fn"] != 0.0)
    chk.true(worst < 1e-9, f"{label}: F_n = k_n g_s in tension (worst {worst:.1e} N)")
    last = let_go(rows, 4e-3, label, 0)
    after = rows[rows.index(last) + 1]
    chk.close(f"{label}: e_break is the mean of k_n g^2/2 over the step it let go at", rows[-1]["c_dem[13]"],
              0.25 * KN_C * (last["v_gap"] ** 2 + after["v_gap"] ** 2), rel=1e-9)


def contact_bond(res, label="contact bond"):
    rows = res.thermo
    worst = max(abs(r["v_fn"] - KN_C * r["v_gap"]) for r in rows if r["v_fn"] != 0.0)
    chk.true(worst < 1e-9, f"{label}: F_n = k_n g in tension (worst {worst:.1e} N)")
    let_go(rows, 3e-3, label, 1)
    chk.true(rows[-1]["c_dem[14]"] == 0 and rows[-1]["c_dem[15]"] == 1, f"{label}: made once, none intact after")


def parallel_bond(res, label="parallel bond"):
    rows = res.thermo
    worst = max(abs(r["v_fn"] - KNB * AREA * r["v_gap"] - (KN_C * r["v_gap"] if r["v_gap"] < 0 else 0.0))
                for r in rows if r["v_fn"] != 0.0)
    chk.true(worst < 1e-6, f"{label}: F_n = kn_b A g in tension (worst {worst:.1e} N)")
    let_go(rows, 3e-3, label, 1)


def never_formed(res):
    chk.true(all(r["c_dem[13]"] == 0.0 for r in res.thermo),
             "hold_gap, a pair that opens before its contact formed: no break energy (also past a rebuild on /kk)")


def gap_bond(res):
    rows = res.thermo
    chk.true(rows[-1]["c_dem[15]"] == 1 and rows[-1]["c_dem[14]"] == 1,
             "dem_bond gap 5e-3 bonds a pair 3e-3 apart (one bond made and intact)")


def unbreakable(res):
    rows = res.thermo
    worst = max(abs(r["v_fn"] - KNB * 10 * AREA * r["v_gap"]) / (KNB * 10 * AREA * 4e-3) for r in rows[1:])
    chk.true(rows[-1]["c_dem[14]"] == 1 and rows[-1]["v_gap"] > 3.9e-3 and worst < 1e-9,
             f"pb_ten 1e12 (a 20 m reach by strength): runs and holds to g = {rows[-1]['v_gap']:.4g} "
             f"(F_n = kn_b A g, worst {worst:.1e})")


chk = Checks()
kokkos, ranks = "--kokkos" in sys.argv, 2 if "--ranks" in sys.argv else 1
steps = int(4.2e-3 / (V * DT))
pulls = [
    (pull("hold_gap 4e-3", steps, x2=2 * R - 1e-5, bond=""), held_linear, "hold_gap 4e-3"),
    (pull(f"cb_tenf {KN_C * 3e-3} cb_shearf 1e3", steps), contact_bond, "contact bond"),
    (pull(f"pb_kn {KNB} pb_ks {KNB} pb_ten {KNB * 3e-3} pb_coh 1e9", steps), parallel_bond, "parallel bond"),
    (pull("hold_gap 4e-3", 300, x2=2 * R - 1e-6, bond=""), never_formed, "never formed"),
    (pull(f"cb_tenf 1e3 cb_shearf 1e3", 10, x2=2 * R + 3e-3, bond="dem_bond all gap 5e-3"), gap_bond,
     "dem_bond gap 5e-3"),
    (pull(f"pb_kn {KNB * 10} pb_ks {KNB * 10} pb_ten 1e12 pb_coh 1e12", int(4e-3 / (V * DT))), unbreakable,
     "unbreakable"),
]
if ranks == 2:
    for deck, check, label in pulls:
        check(on_two_ranks(chk, deck, label))
    chk.finish()

batch = Batch()
for deck, check, label in pulls:
    batch.add(deck, check, label)
batch.run(chk, kokkos)

# 4. stretched beyond R1 + R2 without breaking: a clean error naming the atoms
far = run(pull(f"pb_kn {KNB} pb_ks {KNB} pb_ten 1e12 pb_coh 1e12", 3000, v=10.0, bond="dem_bond all gap 1e-4"),
          expect_error=True, kokkos=kokkos)
# (error->one, as for coincident atoms: the rank that sees the pair stops the run)
chk.true(far.error is not None and "atoms 1 and 2" in far.error and "without breaking" in far.error
         and far.returncode != 0, f"an unbreakable bond stretched beyond R1 + R2 stops the run: '{far.error}'")

# 5. bonded before the first run on a fresh contact, broken in shear on its first step
fresh = run(setup(2 * R - 1e-4, 0.0, R) + f"""
pair_style dem/linear energy yes
pair_coeff * * kn 1e5 ks 1e5 fric 0.2 cb_tenf 1e3 cb_shearf 1e-3
timestep {DT}
velocity all set 0 0 0
set atom 2 vx 0 vy 1.0
fix 1 all nve/sphere
dem_bond all gap 0
compute dem all pair dem/linear
thermo_style custom step c_dem[13] c_dem[17]
thermo_modify format float %.17g
thermo 1
run 2
""", kokkos=kokkos)
rows = fresh.thermo
chk.true(rows[-1]["c_dem[17]"] == 1 and rows[-1]["c_dem[13]"] >= 0.0,
         f"a bond made on a fresh contact and broken in shear on its first step releases e_break >= 0 "
         f"({rows[-1]['c_dem[13]']:.3g} J)")

# 6. two dem_bond requests before a run; a pending one dropped by a new pair style
three = setup(2 * R, -2 * R, R) + "create_atoms 1 single 0.02 0 0\nset type 1 diameter 0.02 density 2500\n"
both = run(three + f"""
pair_style dem/linear
pair_coeff * * kn 1e5 ks 1e5 cb_tenf 1 cb_shearf 1
group g12 id 1 2
group g23 id 2 3
dem_bond g12 gap 1e-6
dem_bond g23 gap 1e-6
fix 1 all nve/sphere
compute dem all pair dem/linear
thermo_style custom step c_dem[14] c_dem[15]
run 1
pair_style dem/linear
pair_coeff * * kn 1e5 ks 1e5 cb_tenf 1 cb_shearf 1
dem_bond g12 unbond
pair_style none
""", kokkos=kokkos)
chk.true(both.thermo[-1]["c_dem[15]"] == 2 and both.thermo[-1]["c_dem[14]"] == 2,
         f"two dem_bond commands before a run: both apply ({both.thermo[-1]['c_dem[15]']:g} bonds made)")
chk.true("WARNING" in both.output and "unbond group g12" in both.output,
         "a dem_bond request dropped by a new pair style is warned about")

# 7. pb_rmul 1e-160: the bond's area underflows to 0
res, = errors_in_process([error_deck("pair_style dem/linear\npair_coeff * * kn 1e5 pb_kn 1e9 pb_ten 1e6 "
                                     "pb_rmul 1e-160\ndem_bond all gap 0")], kokkos=kokkos)
chk.true(res.error is not None and "pb_rmul" in res.error and clean_error_exit(res),
         f"pb_rmul 1e-160: a clean error naming pb_rmul: '{res.error}'")
chk.finish()
