"""fix wall/dem: every bad input gives a LAMMPS error that names the keyword and its range."""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, clean_error_exit, errors_in_process  # noqa: E402

BASE = """
units si
atom_style {atom_style}
boundary {xb} f {zb}
region box block -1 1 -1 1 -1 1
create_box 1 box
create_atoms 1 single 0 0 0
region ball sphere 0 0 0 0.9
{extra}
fix w all wall/dem {args}
run 0
"""


def deck(args, atom_style="sphere", zb="f", extra="", xb="f"):
    return BASE.format(args=args, atom_style=atom_style, zb=zb, extra=extra, xb=xb)


CASES = [
    ("unknown law", deck("hooke kn 1 zplane 0 NULL"), ["unknown contact law", "hooke", "linear, hertz"]),
    ("no wall style", deck("linear kn 1"), ["no wall style", "xplane"]),
    ("negative kn", deck("linear kn -1 zplane 0 NULL"), ["kn", "[0, inf)"]),
    ("dp_nratio above 1", deck("linear kn 1 dp_nratio 1.5 zplane 0 NULL"), ["dp_nratio", "[0, 1]"]),
    ("dp_mode 4", deck("linear kn 1 dp_mode 4 zplane 0 NULL"), ["dp_mode", "0, 1, 2 or 3"]),
    ("restitution 0", deck("linear kn 1 restitution 0 zplane 0 NULL"), ["restitution", "(0, 1]"]),
    ("emod and kn", deck("linear kn 1 emod 1e7 zplane 0 NULL"), ["emod", "kn", "alternatives"]),
    ("restitution and dp_nratio", deck("linear kn 1 restitution 0.5 dp_nratio 0.1 zplane 0 NULL"),
     ["restitution", "dp_nratio"]),
    ("no-tension restitution too small", deck("linear kn 1 restitution 0.05 dp_mode 1 zplane 0 NULL"),
     ["restitution", "below"]),
    ("unknown linear keyword", deck("linear kn 1 hz_shear 1 zplane 0 NULL"), ["unknown keyword hz_shear", "allowed"]),
    ("keyword without value", deck("linear kn zplane 0 NULL"), ["kn", "value"]),
    ("energy not yes or no", deck("linear kn 1 zplane 0 NULL energy maybe"), ["energy must be yes or no, not maybe"]),
    ("hertz poisson", deck("hertz hz_shear 1e6 hz_poiss 0.7 zplane 0 NULL"), ["hz_poiss", "(-1, 0.5]"]),
    ("hertz negative shear", deck("hertz hz_shear -1 zplane 0 NULL"), ["hz_shear", "[0, inf)"]),
    ("hertz hz_emod 0", deck("hertz hz_emod 0 zplane 0 NULL"), ["hz_emod", "(0, inf)"]),
    ("hertz hz_emod and hz_shear", deck("hertz hz_emod 1e9 hz_shear 1e8 zplane 0 NULL"), ["hz_shear and hz_emod", "alternatives"]),
    ("plane NULL NULL", deck("linear kn 1 zplane NULL NULL"), ["NULL NULL", "no wall"]),
    ("plane lo above hi", deck("linear kn 1 xplane 1 -1"), ["lo", "below hi"]),
    ("plane in periodic dimension", deck("linear kn 1 zplane 0 NULL", zb="p"), ["periodic", "zplane"]),
    ("plane missing args", deck("linear kn 1 zplane 0"), ["zplane", "two arguments"]),
    ("cylinder radius", deck("linear kn 1 zcylinder -1"), ["zcylinder radius", "(0, inf)"]),
    ("missing region", deck("linear kn 1 region nowhere"), ["region nowhere", "does not exist"]),
    ("shear along the normal", deck("linear kn 1 zplane 0 NULL shear z 1"), ["shear", "parallel"]),
    ("shear on a region", deck("linear kn 1 region ball shear x 1"), ["shear", "region"]),
    ("unknown trailing keyword", deck("linear kn 1 zplane 0 NULL wiggle z 1 1"), ["unknown keyword wiggle", "shear, origin, energy"]),
    ("atom style", deck("linear kn 1 zplane 0 NULL", atom_style="atomic"), ["radius", "atom_style sphere"]),
    ("cylinder in a periodic dimension", deck("linear kn 1 zcylinder 0.9", xb="p"), ["zcylinder", "periodic"]),
    ("cylinder, x and z periodic", deck("hertz hz_shear 1e6 zcylinder 0.9", xb="p", zb="p"),
     ["zcylinder", "periodic"]),
    ("huge rgap", deck("linear kn 1 rgap 1e308 zplane -0.5 NULL"), ["rgap", "exceeds the neighbor skin"]),
    ("rgap above the skin", deck("linear kn 1 rgap 0.5 zplane -0.5 NULL", extra="neighbor 0.1 bin"),
     ["rgap 0.5", "skin 0.1"]),
    ("huge hz_shear", deck("hertz hz_shear 1e308 zplane 0 NULL"), ["keyword hz_shear", "not finite"]),
    ("huge hz_alpha", deck("hertz hz_shear 1e8 hz_alpha 1e308 zplane 0 NULL"), ["keyword hz_alpha", "not finite"]),
    ("huge hysteretic kt_ratio", deck("hysteretic kn 1e5 kt_ratio 1e308 zplane 0 NULL"), ["keyword kt_ratio", "not finite"]),
    ("hysteretic emod with kn", deck("hysteretic kn 1 emod 1e7 zplane 0 NULL"), ["emod", "alternatives"]),
    ("region wall, bad keyword after the region", deck("linear kn 1 region ball wiggle"), ["unknown keyword wiggle"]),
]


def main():
    chk = Checks()
    # all decks in one process (LAMMPS's Python module); a crash in one still fails its case
    for (what, text, words), res in zip(CASES, errors_in_process([c[1] for c in CASES])):
        msg = res.error or ""
        # and no abort from the fix's destructor after an error in its constructor
        chk.true(all(w in msg for w in words) and clean_error_exit(res),
                 f"{what}: '{msg}' names {words}; exit code {res.returncode}, no crash")
    chk.finish()


if __name__ == "__main__":
    main()
