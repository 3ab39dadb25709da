"""fix wall/dem/kk: what it does not support stops the run with an error that says what it
supports and what to use instead; bad input is caught by the same parsing as fix wall/dem.
--rigid: also check that rigid bodies are refused, by the fix and by the /kk pair styles (needs
LAMMPS's RIGID package)."""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, clean_error_exit, errors_in_process  # noqa: E402

BASE = """
units si
atom_style sphere
atom_modify map array
boundary {xb} f f
region box block -1 1 -1 1 -1 1
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single 0.5 0 0
region ball sphere 0 0 0 0.9
comm_modify vel yes
pair_style zero 0.5
pair_coeff * *
{extra}
fix w all {style} {args}
run 0
"""


def deck(args, style="wall/dem", extra="", xb="f"):
    return BASE.format(args=args, style=style, extra=extra, xb=xb)


# (what, deck, words the message must contain); run with -k on -sf kk
CASES = [
    ("region wall, wall/dem/kk", deck("linear kn 1 region ball", style="wall/dem/kk"),
     ["wall/dem/kk", "xplane, yplane, zplane, zcylinder and mesh", "not region", "fix wall/dem", "suffix off"]),
    ("region wall, wall/dem with -sf kk", deck("hertz hz_shear 1e6 region ball"),
     ["wall/dem/kk", "not region", "suffix off"]),
    ("unknown law", deck("hooke kn 1 zplane 0 NULL", style="wall/dem/kk"),
     ["wall/dem/kk", "unknown contact law", "linear, hertz, hysteretic"]),
    ("bad keyword value (shared parsing)", deck("linear kn -1 zplane 0 NULL", style="wall/dem/kk"),
     ["wall/dem/kk", "kn", "[0, inf)"]),
    ("bad wall argument (shared parsing)", deck("linear kn 1 zcylinder -1", style="wall/dem/kk"),
     ["wall/dem/kk", "zcylinder radius", "(0, inf)"]),
    ("unknown law keyword (shared parsing)", deck("linear kn 1 hz_shear 1 zplane 0 NULL", style="wall/dem/kk"),
     ["wall/dem/kk", "unknown keyword hz_shear"]),
    ("unknown keyword after the wall", deck("hertz hz_shear 1e6 zplane 0 NULL wiggle", style="wall/dem/kk"),
     ["wall/dem/kk", "unknown keyword wiggle"]),
    ("cylinder in a periodic dimension", deck("linear kn 1 zcylinder 0.9", style="wall/dem/kk", xb="p"),
     ["wall/dem/kk", "zcylinder", "periodic"]),
    ("huge rgap", deck("linear kn 1 rgap 1e308 zplane -0.5 NULL", style="wall/dem/kk"),
     ["wall/dem/kk", "rgap", "exceeds the neighbor skin"]),
]
RIGID = [("rigid body", deck("linear kn 1 zplane -0.5 NULL", extra="fix rb all rigid single"),
          ["wall/dem/kk", "rigid bodies", "fix wall/dem"]),
         # and the /kk pair styles (they have no rigid-body effective mass)
         ("rigid body, pair style", deck("").split("pair_style")[0] + "pair_style dem/linear\npair_coeff * * kn 1\n"
          "fix rb all rigid single\nrun 0\n", ["dem/linear/kk", "rigid bodies", "without the kk suffix"])]


def main(rigid):
    chk = Checks()
    cases = CASES + (RIGID if rigid else [])
    # the way out that the region error names: the CPU fix inside a Kokkos run
    way_out = deck("linear kn 1e3 region ball", extra="suffix off").replace("run 0", "suffix on\nrun 10")
    # all Kokkos decks in one process (LAMMPS's Python module); a crash in one still fails its case
    results = errors_in_process([c[1] for c in cases] + [way_out], kokkos=True)
    for (what, text, words), res in zip(cases, results):
        msg = res.error or ""
        # and no abort from the fix's destructor after an error in its constructor
        chk.true(all(w in msg for w in words) and clean_error_exit(res),
                 f"{what}: '{msg}' names {words}; exit code {res.returncode}, no crash")
    res = results[-1]
    chk.true(res.returncode == 0 and res.error is None and "Loop time" in res.output,
             f"region wall with 'suffix off' around the fix runs: {res.error}")
    # without -k on the /kk style must stop cleanly, not crash
    res, = errors_in_process([deck("linear kn 1 zplane -0.5 NULL", style="wall/dem/kk")])
    msg = res.error or ""
    chk.true("-k on" in msg and clean_error_exit(res), f"wall/dem/kk without Kokkos: '{msg}', exit code {res.returncode}")
    chk.finish()


if __name__ == "__main__":
    main("--rigid" in sys.argv)
