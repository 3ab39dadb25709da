"""single() (compute pair/local) of the pair styles reports the contact the last force
computation left, whichever of its two atoms the neighbor list holds it under.

Two spheres overlapping by 0.1 (radius 0.5, per-type kn 1e5: k_n = 5e4 in series) take one step
of 1e-9 s (they move by ~1e-12): compute pair/local gives the normal force k_n * 0.1 and the gap
-0.1, for both orders of the atoms in the deck.

A pair within the cutoff that the style's list lacks is an error in single() (it has no history
to report), not a zero. compute pair/local's list is a copy of the pair style's, so no input
reaches that case today; it guards callers whose list is built otherwise.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run_here  # noqa: E402

DECK = """
units si
atom_style sphere
comm_modify vel yes
region box block -3 3 -3 3 -3 3
create_box 1 box
create_atoms 1 single {x1} 0 0
create_atoms 1 single {x2} 0 0
pair_style dem/linear
pair_coeff * * kn 1e5
fix 1 all nve/sphere
compute pl all pair/local p1 p8 cutoff radius
timestep 1e-9
run 1
write_dump all local single.txt index c_pl[1] c_pl[2]
"""


def read_local(path):
    """Rows (fn, gap) of the write_dump local file."""
    rows = []
    with open(path) as f:
        items = False
        for line in f:
            if line.startswith("ITEM: ENTRIES"):
                items = True
            elif items and line.strip():
                rows.append([float(v) for v in line.split()[1:]])
    return rows


def main():
    chk = Checks()
    kn_c, overlap = 5e4, 0.1
    for x1, x2 in ((0.0, 0.9), (0.9, 0.0)):
        res = run_here(DECK.format(x1=x1, x2=x2))
        rows = read_local(os.path.join(res.workdir, "single.txt"))
        chk.true(len(rows) == 1, f"atoms at {x1}, {x2}: one contact reported ({len(rows)})")
        if rows:
            chk.close(f"atoms at {x1}, {x2}: normal force k_n * overlap", rows[0][0], kn_c * overlap, rel=1e-9)
            chk.close(f"atoms at {x1}, {x2}: gap", rows[0][1], -overlap, rel=1e-9)
    chk.finish()


if __name__ == "__main__":
    main()
