"""The dem/* styles under pair_style hybrid and hybrid/overlay, used as LAMMPS users do
("pair_coeff * * dem/linear ..."): a settling pile moves exactly as with the plain style, for a
single sub-style, with another style overlaid, and with types and a pair of types set one by one."""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run_here  # noqa: E402
from pile import LAW_COEFFS, R, pile_deck  # noqa: E402

STEPS = 3000


def pile(pair_style, coeffs, law):
    """Final state and pair outputs of the pile with these pair commands."""
    deck = pile_deck(pair_style=pair_style, coeff=coeffs[0], steps=STEPS, dump="final.dump",
                     extra_before_run="\n".join(f"pair_coeff {c}" for c in coeffs[1:]))
    # compute pair takes the sub-style's name under hybrid
    deck = deck.replace(f"compute dem all pair {pair_style.split()[0]}", f"compute dem all pair dem/{law}")
    res = run_here(deck)
    return read_dump(os.path.join(res.workdir, "final.dump")), res.thermo[-1]


def worst(a, b):
    """Largest difference relative to the largest magnitude of that column (positions: the radius)."""
    cols = [c for c in next(iter(a.values())) if c != "id"]
    out = 0.0
    for c in cols:
        scale = R if c in "xyz" else max(abs(b[i][c]) for i in b) or 1.0
        out = max(out, max(abs(a[i][c] - b[i][c]) for i in a) / scale)
    return out


def main():
    chk = Checks()
    for law in ("linear", "hertz", "hysteretic"):
        style, props = f"dem/{law}", LAW_COEFFS[law]
        ref, ref_thermo = pile(style, [f"* * {props}"], law)
        cases = {
            "hybrid, one sub-style": (f"hybrid {style}", [f"* * {style} {props}"]),
            "hybrid/overlay with zero": (f"hybrid/overlay {style} zero 0.003",
                                         [f"* * {style} {props}", "* * zero"]),
            "types one by one, then the pair alone": (f"hybrid/overlay {style} zero 0.003",
                                                      [f"1 1 {style} {props}", f"2 2 {style} {props}",
                                                       f"1 2 {style}", "* * zero"]),
        }
        for what, (pair_style, coeffs) in cases.items():
            got, thermo = pile(pair_style, coeffs, law)
            d = worst(got, ref)
            # the same to round-off: the sub-styles' neighbor lists may list the pairs in another order
            chk.true(d < 1e-9 and got.keys() == ref.keys(),
                     f"{law}, {what}: final state as with {style} (largest difference {d:.3g})")
            chk.close(f"{law}, {what}: strain energy (compute pair)", thermo["c_dem[1]"], ref_thermo["c_dem[1]"],
                      rel=1e-9)
    chk.finish()


if __name__ == "__main__":
    main()
