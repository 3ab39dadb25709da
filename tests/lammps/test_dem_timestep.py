"""fix dem/timestep (PFC's automatic timestep): dt = fraction x the shortest collision time of the
contact report, closed forms.

Spheres of radius 0.01 and 0.005 (density 2500) on dem/linear (kn 1e5) and a floor of
fix wall/dem (kn 4e5): t_c = pi sqrt(m_c/k_n), m_c = m1 m2/(m1 + m2) between spheres, m at the
wall; the timestep is fraction x the smallest t_c (1e-12 relative):
- with only the large spheres: the wall's t_c (the shortest);
- once a small sphere is created (create_atoms between runs): the small pair's, 0.8^2 ... of it
  (the timestep follows the particles);
- a floor that takes bonds counts their stiffness (A = pi (pb_rmul R)^2): k_n + pb_kn A beside the
  law's (a parallel bond), max(k_n, fj_kn A) (a flat joint: its interface instead of the law);
- max caps it; LAMMPS's time is the sum of the steps' timesteps (1e-12);
- with --kokkos the same timesteps on wall/dem/kk and dem/linear/kk;
- bad input: errors naming the argument and its range.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, errors_in_process, run  # noqa: E402

RHO, KN, KW = 2500.0, 1e5, 4e5
KB = 1e10    # a bond's stiffness per area at the floor


def mass(r):
    return RHO * 4.0 / 3.0 * math.pi * r ** 3


def tc(m, k):
    return math.pi * math.sqrt(m / k)


def deck(fix="fix ts all dem/timestep 10 0.05", pair=f"pair_style dem/linear\npair_coeff * * kn {KN} ks {KN}"):
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block -0.1 0.1 -0.1 0.1 0 0.2
create_box 1 box
create_atoms 1 single 0 0 0.02
create_atoms 1 single 0.03 0 0.02
set type 1 diameter 0.02 density {RHO}
{pair}
neighbor 0.002 bin
fix floor all wall/dem linear kn {KW} ks {KW} zplane 0 NULL
fix integrate all nve/sphere
fix g all gravity 9.81 vector 0 0 -1
{fix}
thermo_style custom step dt time f_ts[1] f_ts[2]
thermo_modify format float %.17g
run 100
print "@ dt1 $(dt:%.17g)"
print "@ tc1 $(f_ts[2]:%.17g)"
print "@ time1 $(time:%.17g)"
create_atoms 1 single -0.03 0 0.05
set atom 3 diameter 0.01 density {RHO}
run 100
print "@ dt2 $(dt:%.17g)"
print "@ tc2 $(f_ts[2]:%.17g)"
print "@ time2 $(time:%.17g)"
"""


def main():
    chk = Checks()
    kokkos = "--kokkos" in sys.argv
    big, small = mass(0.01), mass(0.005)
    wall_big = tc(big, KW)
    # every row after the small sphere came: the smallest of each type is the small one
    after = min(tc(small, KW), tc(small * small / (2 * small), KN))
    for label, kw in (("CPU", {}), ("/kk", {"kokkos": True})):
        if label == "/kk" and not kokkos:
            continue
        res = run(deck(), **kw)
        chk.close(f"{label}: t_c of the large spheres against the wall", res["tc1"], wall_big, rel=1e-12)
        chk.close(f"{label}: dt = 0.05 t_c", res["dt1"], 0.05 * wall_big, rel=1e-12)
        chk.close(f"{label}: a small sphere: t_c", res["tc2"], after, rel=1e-12)
        chk.close(f"{label}: a small sphere: dt = 0.05 t_c", res["dt2"], 0.05 * after, rel=1e-12)
        chk.close(f"{label}: time = the steps' timesteps", res["time2"], 100 * 0.05 * wall_big + 100 * 0.05 * after,
                  rel=1e-12)
    floor = f"fix floor all wall/dem linear kn {KW} ks {KW} zplane 0 NULL"
    area = math.pi * (0.5 * 0.01) ** 2
    for bonds, k in ((f"pb_kn {KB} pb_rmul 0.5 pb_ten 1e9", KW + KB * area),
                     (f"fj_kn {KB} fj_rmul 0.5 fj_ten 1e9", max(KW, KB * area))):
        res = run(deck().replace(floor, floor.replace("zplane", bonds + " zplane")))
        chk.close(f"a floor with {bonds.split()[0]}: t_c = pi sqrt(m/{k:.6g})", res["tc1"], tc(big, k), rel=1e-12)
    capped = run(deck("fix ts all dem/timestep 1 0.05 max 1e-6"))
    chk.close("max caps the timestep", capped["dt1"], 1e-6, rel=0)

    bad = [
        ("fix ts all dem/timestep 0 0.05", "N = 0 is out of range: allowed a whole number from 1 to 1e9"),
        ("fix ts all dem/timestep 10 0", "fraction = 0 is out of range: allowed (0, 1]"),
        ("fix ts all dem/timestep 10 2", "fraction = 2 is out of range: allowed (0, 1]"),
        ("fix ts all dem/timestep 10 0.05 max -1", "max = -1 is out of range: allowed (0, inf)"),
        ("fix ts all dem/timestep 10 0.05 min 1", "unknown keyword min (allowed: max)"),
        ("fix ts all dem/timestep 10", "needs N and a fraction"),
    ]
    decks = [deck(f) for f, _ in bad]
    decks.append(deck(pair="pair_style zero 0.02\npair_coeff * *").replace(
        "fix floor all wall/dem linear kn 400000.0 ks 400000.0 zplane 0 NULL", ""))
    bad.append(("", "no dem/* pair style and no fix wall/dem"))
    for (_, want), res in zip(bad, errors_in_process(decks)):
        chk.true(res.error is not None and want in res.error, f"error '{want}': got {res.error!r}")
    chk.finish()


if __name__ == "__main__":
    main()
