"""Energy balance of a settling pile with rolling resistance (energy yes): kinetic (translation and
rotation) + gravitational + strain (with the rolling springs') + slip (with the rolling
dissipation) + dashpot + plastic energy stays at its initial value, within 0.5% of the energy
dissipated, for each law and rolling model; and rolling resistance dissipates a real share.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402
from pile import LAW_COEFFS, pile_deck  # noqa: E402

CASES = [("linear", "rr_fric 0.1"), ("linear", "rr_fric 0.1 rr_model 1"), ("hertz", "rr_fric 0.1 rr_model 3"),
         ("hysteretic", "rr_fric 0.1")]
CHANNELS = ("c_dem[2]", "c_dem[3]", "c_dem[10]")    # slip (with rolling), dashpot, plastic


def total(r):
    return r["c_ke"] + r["c_erot"] + r["c_pe_grav"] + r["c_dem[1]"] + sum(r[c] for c in CHANNELS)


chk = Checks()
for law, rolling in CASES:
    label = f"{law} {rolling}"
    coeff = f"* * {LAW_COEFFS[law]} dp_mode 1" if law != "hysteretic" else f"* * {LAW_COEFFS[law]}"
    rows = run(pile_deck(f"dem/{law} energy yes", f"{coeff} {rolling}", steps=12000, thermo_every=500)).thermo
    plain = run(pile_deck(f"dem/{law} energy yes", coeff, steps=12000, thermo_every=12000)).thermo
    e0 = total(rows[0])
    dissipated = sum(rows[-1][c] for c in CHANNELS)
    worst = max(abs(total(r) - e0) for r in rows)
    chk.close(f"{label}: energy balance, worst deviation", worst, 0.0, abs_tol=0.005 * dissipated)
    # the pile settles to rest: rolling resistance does not change how much energy is dissipated much,
    # but it moves some of it from the slip of the shear springs into the rolling slip
    extra = rows[-1]["c_dem[2]"] - plain[-1]["c_dem[2]"]
    chk.true(abs(rows[-1]["c_erot"] - plain[-1]["c_erot"]) > 0 and extra != 0.0,
             f"{label}: rolling resistance changes the slip dissipation ({extra:.4g} J of {dissipated:.4g} J)")
chk.finish()
