"""Energy balance of a settling pile with dem/linear or dem/hertz (energy yes, --law): kinetic (translation and
rotation) + gravitational + strain + slip + dashpot dissipation stays at its initial value.

The dissipation increments are trapezoids of consecutive forces over each step's displacement,
the work velocity Verlet lets the forces do, so the balance closes to O(dt^2): measured on this
pile over 0.06 s, the worst deviation was 1.9e-6, 4.7e-7 and 1.1e-7 J for dt = 1e-5, 5e-6 and
2.5e-6 s, against 8e-4 J dissipated. At dt = 1e-5 (t_c/23) we allow 1% of the dissipation.
dem/hertz closes to 5.7e-6 J of 1.3e-3 J (0.43%): its shear stiffness follows the normal force
(eq. 8), and the energy |F_s|^2/(2 k_s) of the shear spring changes with k_s without work.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402
from pile import LAW_COEFFS, law_from_argv, pile_deck  # noqa: E402

chk = Checks()
law = law_from_argv()
for mode in (0, 1, 3):
    coeff = f"* * {LAW_COEFFS[law]} dp_mode {mode}"
    rows = run(pile_deck(f"dem/{law} energy yes", coeff, steps=12000, thermo_every=500)).thermo

    def total(r):
        return r["c_ke"] + r["c_erot"] + r["c_pe_grav"] + r["c_dem[1]"] + r["c_dem[2]"] + r["c_dem[3]"]

    e0 = total(rows[0])
    dissipated = rows[-1]["c_dem[2]"] + rows[-1]["c_dem[3]"]
    worst = max(abs(total(r) - e0) for r in rows)
    chk.true(dissipated > 0.2 * (rows[0]["c_ke"] + rows[0]["c_pe_grav"] - rows[-1]["c_pe_grav"]),
             f"dp_mode {mode}: the pile dissipates energy ({dissipated:.4g} J)")
    chk.true(rows[-1]["c_dem[2]"] > 0 and rows[-1]["c_dem[3]"] > 0, f"dp_mode {mode}: slip and dashpot both dissipate")
    chk.close(f"dp_mode {mode}: energy balance, worst deviation", worst, 0.0, abs_tol=0.01 * dissipated)
    chk.true(rows[-1]["c_dem[7]"] > 1000, f"dp_mode {mode}: contacts were activated ({rows[-1]['c_dem[7]']:.0f})")
chk.finish()
