"""The /kk styles' kernel for the common settings (Law::plain, PairDEMKokkos::compute's plain)
computes what the general kernel computes, to the last bit.

When every pair of types has a law's common settings (constant stiffness, one friction
coefficient, the linear shear spring, no reference gap, no shear dashpot or dashpot limits, no
rolling resistance or adhesion), the /kk styles run a kernel in which those settings are
constants. `energy yes` takes the general kernel on every step (the one that books the
dissipation), so a settling pile run with `energy no` and with `energy yes` must end in the same
state, bit for bit, on one thread (two sum their forces in an order that varies): the two kernels
make the same operations. The styles take that kernel only while most neighbours touch
(PairDEMKokkos::compute), so the pile settles with a thin neighbour skin, and the test checks that
most neighbour pairs touch at the end. The pile (pile.py) goes through activations, sliding and
separations; the test checks that it did. The kernel reads each pair of types' constants: the
pile's floor (type 2) with another friction coefficient must also end in the general kernel's
state.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402
from pile import pile_deck  # noqa: E402

# the pile's properties without the settings that are not plain (shear dashpot, dashpot modes,
# a dynamic friction of its own)
PLAIN = {"linear": "* * kn 2000 ks 1500 fric 0.5 dp_nratio 0.3",
         "hertz": "* * hz_shear 5e6 hz_poiss 0.3 fric 0.5 dp_nratio 0.3 dp_alpha 0.25",
         "hysteretic": "* * kn 2000 restitution 0.5 kt_ratio 0.75 fric 0.5 hys_damp 0.3"}
# the floor's friction differs, so the pairs of types 1-1 and 1-2 have different constants (dem/linear
# only: every law reads them the same way)
TWO_SETS = {"linear": PLAIN["linear"] + "\npair_coeff 2 2 kn 2000 ks 1500 fric 0.3 dp_nratio 0.3"}
# the pile's upper quarter left out (800 grains): it settles sooner, and after 8000 steps 2/3 to 4/5
# of the neighbour pairs touch (measured), about as many as in the full pile after 12000
STEPS = 8000
FALL = ("0.004 0.0435 units box", "0.004 0.0335 units box")


# the /kk styles take the kernel for the common settings once most neighbours touch: the pile settles
# with a thin neighbour skin (1 % of the radius), so that it does after the grains have landed
DENSE = """
compute contacts all contact/atom
compute touching all reduce sum c_contacts
variable touching equal c_touching/2
run 0 post no
print "@ touching ${touching}"
"""


def final_state(law, coeff, energy):
    style = f"dem/{law}" + (" energy yes" if energy else "")
    deck = pile_deck(style, coeff, steps=STEPS, dump="final.dump", thermo_every=1000)
    assert FALL[0] in deck
    deck = deck.replace("neighbor 0.0004 bin", "neighbor 0.00001 bin").replace(*FALL)
    res = run(deck + DENSE, kokkos=True, threads=1)
    return res, read_dump(os.path.join(res.workdir, "final.dump"))


def differing_values(a, b):
    cols = ("x", "y", "z", "vx", "vy", "vz", "omegax", "omegay", "omegaz")
    return sum(1 for i in a for c in cols if a[i][c] != b[i][c]) + abs(len(a) - len(b)) * len(cols)


def neighbours(res):
    """The half list's pairs, from the last run's summary."""
    found = re.findall(r"^Total # of neighbors = (\d+)", res.output, re.M)
    return int(found[-1]) if found else 0


def main():
    chk = Checks()
    cases = [(law, coeff, "") for law, coeff in PLAIN.items()]
    cases += [(law, coeff, ", two sets of constants") for law, coeff in TWO_SETS.items()]
    for law, coeff, what in cases:
        name = f"dem/{law}/kk{what}"
        plain, a = final_state(law, coeff, False)
        general, b = final_state(law, coeff, True)
        chk.true(plain.error is None and general.error is None, f"{name}: both runs finished")
        differing = differing_values(a, b)
        chk.true(differing == 0, f"{name}: energy no (plain kernel) and energy yes (general kernel) end in the "
                 f"same state: {differing} of {len(a) * 9} values differ")
        # most neighbours touch at the end, so the energy-no run took the kernel for the common settings
        touching, pairs = plain.values.get("touching", 0), neighbours(plain)
        chk.true(2 * touching > pairs, f"{name}: {touching:.0f} of {pairs} neighbour pairs touch at the end")
        # contacts were made and slid (compute pair: activations, slip starts), so that the
        # comparison goes through every branch of the step
        last = plain.thermo[-1]
        chk.true(last["c_dem[7]"] > 1000 and last["c_dem[8]"] > 0,
                 f"{name}: {last['c_dem[7]']:.0f} activations, {last['c_dem[8]']:.0f} slip starts")
    chk.finish()


if __name__ == "__main__":
    main()
