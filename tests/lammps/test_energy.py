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
from pile import VARIANTS, law_from_argv, pile_coeff, pile_deck  # noqa: E402

chk = Checks()
law = law_from_argv()
for k, variant in enumerate(VARIANTS[law]):
    rows = run(pile_deck(f"dem/{law} energy yes", pile_coeff(law, k), steps=12000, thermo_every=500)).thermo
    channels = ("c_dem[2]", "c_dem[3]", "c_dem[10]")    # slip, dashpot, plastic

    def total(r):
        return r["c_ke"] + r["c_erot"] + r["c_pe_grav"] + r["c_dem[1]"] + sum(r[c] for c in channels)

    e0 = total(rows[0])
    dissipated = sum(rows[-1][c] for c in channels)
    worst = max(abs(total(r) - e0) for r in rows)
    chk.true(dissipated > 0.2 * (rows[0]["c_ke"] + rows[0]["c_pe_grav"] - rows[-1]["c_pe_grav"]),
             f"{variant}: the pile dissipates energy ({dissipated:.4g} J)")
    used = [c for c in channels if rows[-1][c] > 0]
    want = {"linear": channels[:2], "hertz": channels[:2], "hysteretic": channels}[law]
    if "hys_damp 0" in variant:
        want = (channels[0], channels[2])
    chk.true(set(used) == set(want), f"{variant}: energy is dissipated through {want} ({used})")
    chk.close(f"{variant}: energy balance, worst deviation", worst, 0.0, abs_tol=0.01 * dissipated)
    chk.true(rows[-1]["c_dem[7]"] > 1000, f"{variant}: contacts were activated ({rows[-1]['c_dem[7]']:.0f})")
chk.finish()
