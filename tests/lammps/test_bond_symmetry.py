"""Both copies of a bonded pair agree: with newton off (always on /kk) and for a pair across a rank
boundary or a periodic image, a bonded pair is computed twice, from two history copies with i and j
swapped. The pair step is written so that the two copies are the same computation with the signs
of the vectors swapped (the contact gap as r - (R1 + R2), the relative velocity and the increments
from differences that negate exactly), so both copies decide a break alike.

Two spheres bonded by a parallel bond, flung apart by opposite velocities with a shear and a spin
(nve/sphere, no other force), so that the bond bends, shears and breaks:
1. astride two ranks (the ghost an exact copy of the atom): the forces on the two atoms are opposite
   to the last bit on every step, and the bond breaks on both copies on the same step;
2. across a periodic image on one rank (the ghost's position shifted by the box length, which
   rounds): both copies break on the same step, and the total momentum stays at round-off.
Counts are in halves of a pair (a bond broken on one copy only would show as 0.5). CPU with newton
off and on; --kokkos: /kk (newton off); --ranks: the two-rank cases.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402

R, V = 0.01, 4.0


def deck(newton, periodic):
    """Sphere 1 left of sphere 2, touching; across x = 0 (the boundary of two ranks), or across the
    periodic boundary at x = +-0.1."""
    x1, x2 = (-R, R) if not periodic else (0.1 - R, -0.1 + R)
    return f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
boundary {"p" if periodic else "f"} f f
newton {newton}
region box block -0.1 0.1 -0.1 0.1 -0.1 0.1
create_box 1 box
create_atoms 1 single {x1} 0 0
create_atoms 1 single {x2} 0 0
set type 1 diameter {2 * R} density 2500
pair_style dem/linear energy yes
pair_coeff * * kn 1e5 ks 1e5 fric 0.3 pb_kn 1e8 pb_ks 5e7 pb_ten 3e5 pb_coh 2e5 pb_fa 20
dem_bond all gap 1e-4
timestep 1e-6
velocity all set 0 0 0
set atom 1 vx {-V} vy 0.3
set atom 1 omega 20 0 40
set atom 2 vx {V} vy -0.3
set atom 2 omega 0 -30 0
fix 1 all nve/sphere
compute dem all pair dem/linear
variable px equal mass[1]*vx[1]+mass[2]*vx[2]
variable py equal mass[1]*vy[1]+mass[2]*vy[2]
variable fsum equal abs(fx[1]+fx[2])+abs(fy[1]+fy[2])+abs(fz[1]+fz[2])
variable fmag equal abs(fx[1])+abs(fy[1])+abs(fz[1])
thermo_style custom step c_dem[14] c_dem[16] c_dem[17] v_px v_py v_fsum v_fmag
thermo_modify format float %.17g
thermo 1
run 1000
"""


def check(res, label, exact):
    rows = res.thermo
    halves = [r for r in rows if any(r[k] != int(r[k]) for k in ("c_dem[14]", "c_dem[16]", "c_dem[17]"))]
    broke = rows[-1]["c_dem[16]"] + rows[-1]["c_dem[17]"]
    chk.true(broke == 1 and rows[-1]["c_dem[14]"] == 0 and not halves,
             f"{label}: the bond breaks once, on both copies on the same step "
             f"({len(halves)} steps with half a pair counted)")
    p = max(abs(r["v_px"]) + abs(r["v_py"]) for r in rows)
    scale = 2 * 2500 * 4.18879e-6 * V
    chk.true(p < 1e-12 * scale, f"{label}: the total momentum stays at round-off ({p / scale:.1e} of m v)")
    if exact:
        worst = max(r["v_fsum"] for r in rows[1:])
        chk.true(worst == 0.0 and max(r["v_fmag"] for r in rows) > 0,
                 f"{label}: the forces on the two atoms are opposite to the last bit (worst |f1 + f2| {worst:.1e} N)")


chk = Checks()
kokkos = "--kokkos" in sys.argv
if "--ranks" in sys.argv:
    for newton in ("off", "on"):
        check(run(deck(newton, False), ranks=2, kokkos=kokkos and newton == "off"),
              f"astride two ranks, newton {newton}", exact=True)
    check(run(deck("off", True), ranks=2, kokkos=kokkos), "across the periodic image, 2 ranks", exact=False)
elif kokkos:
    check(run(deck("off", True), kokkos=True), "/kk, across the periodic image", exact=False)
else:
    for newton in ("off", "on"):
        check(run(deck(newton, True)), f"across the periodic image, newton {newton}", exact=False)
chk.finish()
