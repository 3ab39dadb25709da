"""The pair loop for the common settings (Law::plain, PairDEM::compute_loop's PLAIN) computes what
the general loop computes, to the last bit.

When every pair of types has a law's common settings (constant stiffness, one friction
coefficient, the linear shear spring, no reference gap, no shear dashpot or dashpot limits, no
rolling resistance or adhesion), the CPU styles run a loop in which those settings are constants.
`energy yes` takes the general loop on every step (the one that books the dissipation), so a
settling pile run with `energy no` and with `energy yes` must end in the same state, bit for bit:
the two loops make the same operations. The pile (pile.py) goes through activations, sliding
and separations; the test checks that it did.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402
from pile import pile_deck  # noqa: E402

# the pile's properties without the settings that are not plain (shear dashpot, dashpot modes,
# a dynamic friction of its own)
PLAIN = {"linear": "* * kn 2000 ks 1500 fric 0.5 dp_nratio 0.3",
         "hertz": "* * hz_shear 5e6 hz_poiss 0.3 fric 0.5 dp_nratio 0.3 dp_alpha 0.25",
         "hysteretic": "* * kn 2000 restitution 0.5 kt_ratio 0.75 fric 0.5 hys_damp 0.3"}
STEPS = 4000


def final_state(law, energy):
    style = f"dem/{law}" + (" energy yes" if energy else "")
    res = run(pile_deck(style, PLAIN[law], steps=STEPS, dump="final.dump", thermo_every=1000))
    return res, read_dump(os.path.join(res.workdir, "final.dump"))


def main():
    chk = Checks()
    for law in PLAIN:
        plain, a = final_state(law, False)
        general, b = final_state(law, True)
        chk.true(plain.error is None and general.error is None, f"dem/{law}: both runs finished")
        cols = ("x", "y", "z", "vx", "vy", "vz", "omegax", "omegay", "omegaz")
        differing = sum(1 for i in a for c in cols if a[i][c] != b[i][c])
        chk.true(len(a) == len(b) and differing == 0,
                 f"dem/{law}: energy no (plain loop) and energy yes (general loop) end in the same state: "
                 f"{differing} of {len(a) * len(cols)} values differ")
        # contacts were made and slid (compute pair: activations, slip starts), so that the
        # comparison goes through every branch of the step
        last = plain.thermo[-1]
        chk.true(last["c_dem[7]"] > 1000 and last["c_dem[8]"] > 0,
                 f"dem/{law}: {last['c_dem[7]']:.0f} activations, {last['c_dem[8]']:.0f} slip starts")
    chk.finish()


if __name__ == "__main__":
    main()
