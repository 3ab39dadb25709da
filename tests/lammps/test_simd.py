"""The CPU loop's SIMD path (pair_style dem/linear, dem/hertz and dem/hysteretic with the common
settings) computes what the scalar loop computes, to the last bit.

A settling pile (pile.py) with the law's common settings (dem/linear: constant kn and ks, one
friction coefficient, the normal dashpot; dem/hertz: the same with the exponent 3/2 and a dashpot
exponent dp_alpha of 0, 1/4, 1/2 or 1; dem/hysteretic: constant kn, one friction coefficient, the
linear shear spring, with and without secondary damping) runs with `simd yes` (the default: the SIMD path on every
step that tallies nothing) and with `simd no` (the scalar loop on every step); the two must end in
the same state, every position, velocity and spin equal to the last bit, which after 3000 steps
of contacts forming, sliding and opening leaves no difference unseen. Cases: one rank with newton
on; two ranks with newton off (pairs with ghosts, counted on both ranks); the floor (type 2,
frozen) with a friction coefficient of its own, so that the lanes of a group read different pairs
of types; each dashpot exponent of dem/hertz; dem/hysteretic with and without hys_damp (the piles
have a thin neighbour skin: on a CPU without AVX2 the lanes run only while most neighbours touch); dem/linear with
rolling resistance on every pair of types (PFC's rrlinear; Rocky's type C, the same spring), whose
final state must differ from the pile's without it. The log says which loop ran; settings beyond
the common ones (a shear dashpot; two dashpot exponents; rolling resistance on some pairs of types
only, or Rocky's type A) take the scalar loop and say why; so does `simd no`.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import demtest  # noqa: E402
from demtest import Checks, read_dump, run  # noqa: E402
from pile import pile_deck  # noqa: E402

PLAIN = "* * kn 2000 ks 1500 fric 0.5 dp_nratio 0.3"
ROLLING = PLAIN + " rr_fric 0.1"
TWO_SETS = PLAIN + "\npair_coeff 2 2 kn 2000 ks 1500 fric 0.3 dp_nratio 0.3"
HERTZ = "* * hz_shear 5e6 hz_poiss 0.3 fric 0.5 dp_nratio 0.3 dp_alpha {}"
HYSTERETIC = "* * kn 2000 restitution 0.5 kt_ratio 0.75 fric 0.5 hys_damp {}"
COLS = ("x", "y", "z", "vx", "vy", "vz", "omegax", "omegay", "omegaz")


def final_state(coeff, simd, ranks=1, newton="on", law="linear"):
    style = f"dem/{law} simd {'yes' if simd else 'no'}"
    deck = pile_deck(style, coeff, steps=3000, dump="final.dump", thermo_every=1000)
    deck = deck.replace("comm_modify vel yes", f"comm_modify vel yes\nnewton {newton}")
    # a thin skin, so that most neighbours touch once the pile has landed: on a CPU without AVX2 every
    # law takes the SIMD path only then
    deck = deck.replace("neighbor 0.0004 bin", "neighbor 0.00001 bin")
    res = run(deck, ranks=ranks)
    return res, read_dump(os.path.join(res.workdir, "final.dump"))


def differing_values(a, b):
    return sum(1 for i in a for c in COLS if a[i][c] != b[i].get(c)) + abs(len(a) - len(b)) * len(COLS)


def main():
    chk = Checks()
    cases = [("dem/linear, one rank, newton on", PLAIN, 1, "on", "linear"),
             ("dem/linear, floor with its own friction", TWO_SETS, 1, "on", "linear"),
             ("dem/linear rr_fric 0.1", ROLLING, 1, "on", "linear")]
    if demtest.HAVE_MPI:
        cases.append(("dem/linear, two ranks, newton off", PLAIN, 2, "off", "linear"))
        cases.append(("dem/linear rr_fric 0.1 rr_model 3, two ranks, newton off", ROLLING + " rr_model 3", 2, "off", "linear"))
        cases.append(("dem/hertz dp_alpha 0.25, two ranks, newton off", HERTZ.format(0.25), 2, "off", "hertz"))
        cases.append(("dem/hysteretic, two ranks, newton off", HYSTERETIC.format(0.3), 2, "off", "hysteretic"))
    cases += [(f"dem/hertz dp_alpha {a}", HERTZ.format(a), 1, "on", "hertz") for a in (0, 0.25, 0.5, 1)]
    cases += [(f"dem/hysteretic hys_damp {g}", HYSTERETIC.format(g), 1, "on", "hysteretic") for g in (0, 0.3)]
    ends = {}
    for name, coeff, ranks, newton, law in cases:
        lanes, a = final_state(coeff, True, ranks, newton, law)
        scalar, b = final_state(coeff, False, ranks, newton, law)
        ends[name] = a
        chk.true("contacts in SIMD lanes" in lanes.output,
                 f"{name}: simd yes takes the SIMD path (the log says so)")
        found = re.findall(r"(\d+) of (\d+) steps computed their contacts in SIMD lanes", lanes.output)
        simd_steps, steps = map(int, found[-1]) if found else (0, 0)
        dense_only = "while most neighbours touch" in lanes.output
        chk.true(steps >= 3000 and simd_steps >= (0.3 if dense_only else 0.99) * steps,
                 f"{name}: {simd_steps} of {steps} steps took the SIMD path")
        chk.true("scalar contact loop (simd no)" in scalar.output, f"{name}: simd no takes the scalar loop")
        differing = differing_values(a, b)
        chk.true(len(a) > 900 and differing == 0,
                 f"{name}: the SIMD path and the scalar loop end in the same state: {differing} of "
                 f"{len(a) * len(COLS)} values differ")
        # contacts were made and slid, so that the comparison went through the rare paths
        last = lanes.thermo[-1]
        chk.true(last["c_dem[7]"] > 1000 and last["c_dem[8]"] > 0,
                 f"{name}: {last['c_dem[7]']:.0f} activations, {last['c_dem[8]']:.0f} slip starts")
    moved = differing_values(ends["dem/linear rr_fric 0.1"], ends["dem/linear, one rank, newton on"])
    chk.true(moved > 1000, f"rolling resistance changed the pile's end ({moved} values differ)")
    # settings beyond the common ones: the scalar loop, and the log says why
    res = run(pile_deck("dem/linear", PLAIN + " dp_sratio 0.2", steps=10))
    chk.true("scalar contact loop (a pair of types has settings beyond the common ones" in res.output,
             "a shear dashpot takes the scalar loop and the log says why")
    res = run(pile_deck("dem/hertz", HERTZ.format(0.25) + "\npair_coeff 2 2 dp_alpha 0.5\npair_coeff 1 2 dp_alpha 0.5", steps=10))
    chk.true("scalar contact loop (the SIMD path needs one dp_alpha" in res.output,
             "dem/hertz with two dashpot exponents takes the scalar loop and the log says why")
    for coeff, what in (("\npair_coeff 2 2 rr_fric 0", "rolling resistance on some pairs of types"),
                        (" rr_model 1", "Rocky's rolling type A")):
        res = run(pile_deck("dem/linear", ROLLING + coeff, steps=10))
        chk.true("scalar contact loop (a pair of types has settings beyond the common ones" in res.output,
                 f"{what} takes the scalar loop and the log says why")
    chk.finish()


if __name__ == "__main__":
    main()
