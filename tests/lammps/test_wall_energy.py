"""fix wall/dem energy outputs: a pile settling in a box of plane walls (x and y lo/hi, a floor),
pair style and walls of the same law, both with `energy yes`. Kinetic (translation and rotation)
+ gravitational + the pair's strain and dissipated energies + each wall fix's strain, slip,
dashpot and plastic energies (its vector, indices 1-4) stays at its initial value.

As for the pair styles (test_energy.py), the dissipation is booked with the trapezoid rule, so
the balance closes to O(dt^2); we allow 1% of the total dissipation, and check that the walls
take a real share of it (the floor carries the pile) so that a wall fix booking nothing would fail.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run_here  # noqa: E402
from pile import LAW_COEFFS, R, RHO  # noqa: E402

WALLS = {"xw": "xplane 0 0.02", "yw": "yplane 0 0.02", "floor": "zplane 0 NULL"}
CASES = [("linear", ""), ("hertz", ""), ("hertz", "tan_mode 2 dp_mode 1"), ("hysteretic", "tan_mode 1 kt_ratio 0"),
         ("linear", "rr_fric 0.1"), ("hysteretic", "rr_fric 0.1 rr_model 1")]


def deck(law, variant, steps=12000):
    props = f"{LAW_COEFFS[law]} {variant}"
    walls = "\n".join(f"fix {name} all wall/dem {law} {props} {where} energy yes" for name, where in WALLS.items())
    wall_terms = " ".join(f"f_{name}[{k}]" for name in WALLS for k in range(1, 5))
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block 0 0.02 0 0.02 0 0.05
create_box 1 box
lattice sc 0.0025 origin 0.5 0.5 0.5
region fall block 0 0.02 0 0.02 0.002 0.04 units box
create_atoms 1 region fall
set type 1 diameter {2 * R} density {RHO}
velocity all create 1e15 4928459 loop geom dist gaussian
velocity all set NULL NULL -0.05 sum yes
pair_style dem/{law} energy yes
pair_coeff * * {props}
neighbor 0.0004 bin
neigh_modify delay 0 every 1 check yes
{walls}
fix integrate all nve/sphere
fix gravity all gravity 9.81 vector 0 0 -1
timestep 1e-5
compute dem all pair dem/{law}
variable pe_grav atom mass*9.81*z
compute pe_grav all reduce sum v_pe_grav
compute erot all erotate/sphere
compute ke all ke
thermo_style custom step c_ke c_erot c_pe_grav c_dem[1] c_dem[2] c_dem[3] c_dem[10] {wall_terms} f_floor[11]
thermo_modify format float %.17g norm no
thermo 500
run {steps}
"""


def main():
    chk = Checks()
    pair = ("c_dem[1]", "c_dem[2]", "c_dem[3]", "c_dem[10]")
    wall_dissipation = [f"f_{name}[{k}]" for name in WALLS for k in (2, 3, 4)]
    wall_strain = [f"f_{name}[1]" for name in WALLS]
    for law, variant in CASES:
        label = f"{law} {variant}".strip()
        rows = run_here(deck(law, variant)).thermo

        def total(r):
            return r["c_ke"] + r["c_erot"] + r["c_pe_grav"] + sum(r[c] for c in pair + tuple(wall_dissipation + wall_strain))

        e0 = total(rows[0])
        dissipated = sum(rows[-1][c] for c in pair[1:] + tuple(wall_dissipation))
        by_walls = sum(rows[-1][c] for c in wall_dissipation)
        worst = max(abs(total(r) - e0) for r in rows)
        chk.true(rows[-1]["f_floor[11]"] > 20, f"{label}: spheres rest on the floor ({rows[-1]['f_floor[11]']:.0f} contacts)")
        chk.true(by_walls > 0.05 * dissipated, f"{label}: the walls dissipate a share ({by_walls:.3g} of {dissipated:.3g} J)")
        chk.true(rows[-1]["f_floor[1]"] > 0, f"{label}: the floor stores strain energy ({rows[-1]['f_floor[1]']:.3g} J)")
        chk.close(f"{label}: energy balance with the walls, worst deviation", worst, 0.0, abs_tol=0.01 * dissipated)
    chk.finish()


if __name__ == "__main__":
    main()
