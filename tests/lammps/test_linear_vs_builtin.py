"""dem/linear against LAMMPS's built-in granular styles where the physics coincides.

Head-on normal impacts: dem/linear with contact stiffness kn (per-type 2*kn for like types, the
springs being in series; kn itself with pair_style dem/linear coeff contact) and dp_nratio zeta
must reproduce, to round-off, the trajectories of
  pair granular hooke kn e damping coeff_restitution      (full dashpot,   dp_mode 0)
  ... with limit_damping                                   (no-tension,     dp_mode 1)
  pair gran/hooke/history kn 0 2*zeta*w0 0 0 0             (full dashpot,   dp_mode 0)
where zeta = -ln e / sqrt(pi^2 + ln^2 e) is the full-dashpot damping ratio.

Documented difference: dem/linear's 'restitution e' re-solves the damping ratio for the
no-tension dashpot (Schwager-Poschel) and so achieves e; granular's coeff_restitution with
limit_damping keeps the full-dashpot ratio and achieves a larger restitution.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from collision import deck, measure  # noqa: E402
from demtest import Checks  # noqa: E402

R, RHO, KN, E = 0.01, 2500.0, 5e4, 0.5
MASS = RHO * 4.0 / 3.0 * math.pi * R ** 3
ZETA = -math.log(E) / math.sqrt(math.pi ** 2 + math.log(E) ** 2)
W0 = math.sqrt(KN / (MASS / 2))
DT = math.pi / W0 / 2000


def trajectory(style, coeff):
    return measure(deck(style, [coeff], dt=DT, steps=5000), DT)


def same_rows(chk, label, a, b):
    worst = 0.0
    for ra, rb in zip(a["rows"], b["rows"]):
        for col, scale in (("v_gap", R), ("v_vrel", 1.0), ("v_fx", KN * 1e-3)):
            worst = max(worst, abs(ra[col] - rb[col]) / scale)
    chk.true(len(a["rows"]) == len(b["rows"]) and worst < 1e-9, f"{label}: same trajectory (worst scaled difference {worst:.2e})")


chk = Checks()
tangential = "tangential linear_nohistory 0 0"
full = trajectory("dem/linear", f"* * kn {2 * KN} dp_nratio {ZETA} dp_mode 0")
same_rows(chk, "granular hooke coeff_restitution vs dp_mode 0", full,
          trajectory("granular", f"* * hooke {KN} {E} damping coeff_restitution {tangential}"))
same_rows(chk, "gran/hooke/history vs dp_mode 0", full,
          trajectory(f"gran/hooke/history {KN} 0 {2 * ZETA * W0} 0 0 0", "* *"))
chk.close("dp_mode 0 with the full-dashpot ratio achieves e", full["e"], E, rel=3e-3)
# coeff contact: pair_coeff's kn is the contact's, as granular's hooke k (no springs in series)
same_rows(chk, "coeff contact kn k vs granular hooke k (through kn 2k per type)", full,
          trajectory("dem/linear coeff contact", f"* * kn {KN} dp_nratio {ZETA} dp_mode 0"))

no_tension = trajectory("dem/linear", f"* * kn {2 * KN} dp_nratio {ZETA} dp_mode 1")
limited = trajectory("granular", f"* * hooke {KN} {E} damping coeff_restitution {tangential} limit_damping")
same_rows(chk, "granular hooke coeff_restitution limit_damping vs dp_mode 1", no_tension, limited)

# the documented difference: our restitution keyword re-solves zeta for the no-tension dashpot
ours = trajectory("dem/linear", f"* * kn {2 * KN} restitution {E} dp_mode 1")
chk.close("dem/linear restitution with dp_mode 1 achieves e", ours["e"], E, rel=3e-3)
chk.true(limited["e"] > E + 0.05, f"granular limit_damping overshoots e: {limited['e']:.4f} > {E}")
chk.finish()
