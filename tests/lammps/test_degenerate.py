"""Degenerate starting states: what the pair styles and fix wall/dem say about them.

1. Two atoms at the same position: their contact has no normal (every number would become NaN
   for the rest of the run). Each law stops with an error naming both atom IDs; under MPI (--mpi)
   the pair sits on rank 1 only, and the run must end (error->one aborts the other rank), not hang.
2. A contact deeper than the smaller radius (a small sphere mostly inside a big one): a warning
   naming the atom IDs and the overlap, once per run; a contact just under that limit gives none.
   The limit is the smaller radius: the pair here overlaps by 0.15 with radii 0.5 and 0.1. Of two
   such contacts the deepest is the one reported, on the CPU as on /kk (on one rank).
3. A ball whose centre is behind a plane wall (overlap larger than its radius): a warning naming
   the atom and the overlap, once per run; a ball just touching the wall gives none.
--kokkos: the same through the /kk styles (-sf kk); --mpi: on 2 MPI ranks.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402
from pile import LAW_COEFFS  # noqa: E402

# the atoms of a deck: (x, y, z, diameter); atom IDs are 1, 2, ... in this order. On 2 ranks
# (processors 2 1 1) rank 0 owns x < 0 and rank 1 x > 0.
DECK = """
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
processors {procs}
region box block -2 2 -2 2 -2 2
create_box 1 box
{atoms}
pair_style dem/{law}
pair_coeff * * {coeffs}
{fix}
fix 1 all nve/sphere
timestep 1e-4
thermo 5
run 10
run 10
"""


def deck(atoms, law="linear", fix="", ranks=1):
    lines = []
    for k, (x, y, z, d) in enumerate(atoms, 1):
        lines.append(f"create_atoms 1 single {x} {y} {z}")
        lines.append(f"set atom {k} diameter {d} density 1000")
    return DECK.format(atoms="\n".join(lines), law=law, coeffs=LAW_COEFFS[law], fix=fix,
                       procs="2 1 1" if ranks > 1 else "* * *")


# atoms 2 and 4 at the same position, both on rank 1; 1 and 3 elsewhere
SAME = [(-1, 0, 0, 0.5), (1, 0.2, 0.3, 0.5), (-1, 1.2, 0, 0.5), (1, 0.2, 0.3, 0.5)]
# atom 3 (radius 0.1) 0.45 from the centre of atom 2 (radius 0.5): overlap 0.15 > 0.1
DEEP = [(-1, 0, 0, 0.5), (0.5, 0, 0, 1.0), (0.95, 0, 0, 0.2)]
# two such contacts, the first atoms' the shallower: 1-2 overlap 0.15 > 0.1, 3-4 overlap 0.35 > 0.2
TWO_DEEP = [(-1, 0, 0, 1.0), (-0.55, 0, 0, 0.2), (1, 0, 0, 1.0), (1.35, 0, 0, 0.4)]
SHALLOW = [(-1, 0, 0, 0.5), (0.5, 0, 0, 1.0), (1.05, 0, 0, 0.2)]    # overlap 0.05 < 0.1
# a plane z = -1 (lo): atom 2 (radius 0.1) with its centre 0.5 behind it: overlap 0.6 > 0.1
WALL = "fix w all wall/dem linear kn 1e3 zplane -1 NULL"
BEHIND = [(-1, 0, 0, 0.2), (1, 0, -1.5, 0.2)]
TOUCHING = [(-1, 0, 0, 0.2), (1, 0, -0.95, 0.2)]    # overlap 0.05 < 0.1


def attempt(chk, what, text, expect_error=False, **kw):
    """Run a deck; a run that ends otherwise than expected (or hangs) is a failed check."""
    try:
        return run(text, expect_error=expect_error, timeout=300, **kw)
    except (AssertionError, subprocess.TimeoutExpired) as e:
        chk.true(False, f"{what}: {str(e)[:1500]}")
        return None


def warnings(res, pattern):
    return re.findall(r"^WARNING: " + pattern, res.output, re.M)


def main(kokkos, ranks):
    chk = Checks()
    kw = dict(kokkos=kokkos, ranks=ranks)

    # 1. coincident centres: an error naming both atoms, for every law
    for law in ("linear", "hertz", "hysteretic"):
        what = f"dem/{law}, atoms 2 and 4 at the same position"
        res = attempt(chk, what, deck(SAME, law=law, ranks=ranks), expect_error=True, **kw)
        if res:
            chk.true("atoms 2 and 4 are at the same position" in res.error and f"dem/{law}" in res.error,
                     f"{what}: '{res.error}'")
            if ranks > 1:
                chk.true("ERROR on proc 1" in res.output, f"{what}: rank 1, which has the pair, stops the run")

    # 2. pair overlap beyond the smaller radius: one warning per run (2 runs)
    pair = r"Pair dem/linear(/kk)?: atoms 2 and 3 overlap by "
    first = pair + r"0\.15 on step 0, more than the smaller radius \(0\.1\)"
    res = attempt(chk, "pair overlap 0.15 > radius 0.1", deck(DEEP, ranks=ranks), **kw)
    if res:
        chk.true(warnings(res, first), "pair overlap 0.15 > radius 0.1: a warning naming atoms 2 and 3, the "
                 "overlap and the radius")
        n = len(warnings(res, pair))
        chk.true(n == 2, f"pair overlap: {n} warnings (want 2: once per run, two runs)")
        chk.true(res.thermo and all(r["Step"] >= 0 for r in res.thermo), "pair overlap: the run goes on")
    if ranks == 1:
        res = attempt(chk, "two pair overlaps", deck(TWO_DEEP), **kw)
        if res:
            found = warnings(res, r"Pair dem/linear(?:/kk)?: atoms \d+ and \d+ overlap by [0-9.]+")
            chk.true(found and "atoms 3 and 4 overlap by 0.35" in found[0],
                     f"two pair overlaps (0.15, then 0.35): the deepest is reported ({found[:1]})")
    res = attempt(chk, "pair overlap 0.05 < radius 0.1", deck(SHALLOW, ranks=ranks), **kw)
    if res:
        chk.true(not warnings(res, ".*overlap"), "pair overlap 0.05 < radius 0.1: no warning")

    # 3. a ball behind a plane wall: one warning per run (2 runs)
    wall = r"Fix wall/dem(/kk)? linear: atom 2 overlaps a wall by "
    first = wall + r"0\.6 on step 0, more than its radius \(0\.1\)"
    res = attempt(chk, "wall overlap 0.6 > radius 0.1", deck(BEHIND, fix=WALL, ranks=ranks), **kw)
    if res:
        chk.true(warnings(res, first), "wall overlap 0.6 > radius 0.1: a warning naming atom 2, the overlap "
                 "and the radius")
        n = len(warnings(res, wall))
        chk.true(n == 2, f"wall overlap: {n} warnings (want 2: once per run, two runs)")
    res = attempt(chk, "wall overlap 0.05 < radius 0.1", deck(TOUCHING, fix=WALL, ranks=ranks), **kw)
    if res:
        chk.true(not warnings(res, ".*overlap"), "wall overlap 0.05 < radius 0.1: no warning")
    chk.finish()


if __name__ == "__main__":
    main(kokkos="--kokkos" in sys.argv, ranks=2 if "--mpi" in sys.argv else 1)
