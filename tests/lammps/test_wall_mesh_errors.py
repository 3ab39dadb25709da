"""fix wall/dem ... mesh: bad input stops the run with an error that names what was found (and
LAMMPS exits cleanly, no crash); doubtful input gives a warning.
Errors: missing file, malformed file, file without triangles, zero-area triangles (count and the
first one), vertices that are not finite numbers (NaN, inf in a binary file) or too large to
multiply (1e308), a scale or offset that makes coordinates too large or a triangle's area zero
(scale 1e308 and 1e-300, offset 1e308 and 1e20: naming the keyword and the range this mesh
allows, never "zero-area triangle(s)"), no file name, out-of-range keywords, shear on a mesh, a `move` variable that does not
exist or is not equal-style.
Warnings: a mesh entirely outside the box, inconsistent normals (with the count)."""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, clean_error_exit, errors_in_process  # noqa: E402
from stlmesh import box, floor, write_stl  # noqa: E402

BASE = """
units si
atom_style sphere
atom_modify map array
boundary f f f
region box block -1 1 -1 1 -1 1
create_box 1 box
create_atoms 1 single 0 0 0.5
set atom 1 diameter 0.1 density 1000
comm_modify vel yes
pair_style zero 0.5
pair_coeff * *
fix integrate all nve/sphere
fix w all {style} linear kn 1000 {args}
run 10
"""


def deck(args, style="wall/dem"):
    return BASE.format(args=args, style=style)


def main():
    chk = Checks()
    tmp = tempfile.mkdtemp(prefix="demmesh-")
    good = write_stl(os.path.join(tmp, "floor.stl"), floor(2, -0.5, 0.5))
    bad = os.path.join(tmp, "bad.stl")
    with open(bad, "w") as f:
        f.write("solid bad\nfacet normal 0 0 1\n outer loop\n  vertex 0 0 0\n  vertex 1 zero 0\n")
    empty = os.path.join(tmp, "empty.stl")
    with open(empty, "w") as f:
        f.write("solid empty\nendsolid empty\n")
    tris = floor(2, -0.5, 0.5)
    tris.insert(3, ((0, 0, 0), (0.1, 0, 0), (0.3, 0, 0)))
    tris.insert(5, ((0, 0, 0), (0, 0, 0), (0.3, 0, 0)))
    degenerate = write_stl(os.path.join(tmp, "degenerate.stl"), tris)
    # a vertex coordinate that is not a finite number, or too large to multiply (triangle 3)
    odd = {}
    for label, value, binary in (("nan", math.nan, True), ("inf", math.inf, True), ("huge", 1e308, False)):
        t = floor(2, -0.5, 0.5)
        t[2] = ((value, 0, 0), t[2][1], t[2][2])
        odd[label] = write_stl(os.path.join(tmp, f"{label}.stl"), t, binary=binary)
    cases = [
        ("missing file", deck(f"mesh {tmp}/nothing.stl"), ["nothing.stl", "Cannot open"]),
        ("malformed file", deck(f"mesh {bad}"), ["bad.stl"]),
        ("no triangles", deck(f"mesh {empty}"), ["empty.stl", "no triangles"]),
        ("zero-area triangles", deck(f"mesh {degenerate}"), ["2 zero-area", "the first is triangle 4"]),
        ("NaN vertex", deck(f"mesh {odd['nan']}"), ["triangle 3 ", "non-finite vertex coordinate (nan)"]),
        ("inf vertex", deck(f"mesh {odd['inf']}"), ["triangle 3 ", "non-finite vertex coordinate (inf)"]),
        ("1e308 vertex", deck(f"mesh {odd['huge']}"), ["triangle 3 ", "as large as 1e+308", "overflow"]),
        ("scale 1e308", deck(f"mesh {good} scale 1e308"),
         ["mesh scale = 1e+308", "as large as 5e+307", "overflow", "allowed range for this mesh about [1e-"]),
        ("scale 1e-300", deck(f"mesh {good} scale 1e-300"),
         ["mesh scale = 1e-300", "of nonzero area in the file", "allowed range for this mesh about [1e-"]),
        ("offset 1e308", deck(f"mesh {good} offset 1e308 0 0"),
         ["mesh offset = (1e+308, 0, 0)", "overflow", "offset components up to about 1e+"]),
        ("offset 1e20", deck(f"mesh {good} offset 0 1e20 0"),
         ["mesh offset = (0, 1e+20, 0)", "merges its vertices", "offset components up to about 1e+"]),
        ("no file name", deck("mesh"), ["mesh needs an STL file name"]),
        ("scale 0", deck(f"mesh {good} scale 0"), ["scale = 0", "(0, inf)"]),
        ("coplanar 90", deck(f"mesh {good} coplanar 90"), ["coplanar = 90", "[0, 90)"]),
        ("curvature -1", deck(f"mesh {good} curvature -1"), ["curvature = -1", "[0, 90)"]),
        ("contacts 0", deck(f"mesh {good} contacts 0"), ["contacts = 0", "1 to 32"]),
        ("move spin", deck(f"mesh {good} move spin 1 2 3"), ["move spin", "translate or rotate"]),
        ("move rotate, zero axis", deck(f"mesh {good} move rotate 0 0 0 0 0 0 1"), ["zero length"]),
        ("move rotate, too few", deck(f"mesh {good} move rotate 0 0 0 0 0 1"), ["move rotate needs"]),
        ("shear on a mesh", deck(f"mesh {good} shear x 1"), ["surface_velocity or move"]),
        ("move translate, unknown variable", deck(f"mesh {good} move translate 0 0 v_nothing"),
         ["move translate vz", "variable nothing does not exist"]),
        ("move rotate, atom-style variable", deck(f"mesh {good} move rotate 0 0 0 0 0 1 v_a\nvariable a atom x"),
         ["move rotate omega", "variable a is not equal-style"]),
        ("move translate, v_ without a name", deck(f"mesh {good} move translate v_ 0 0"),
         ["move translate vx", "v_ needs a variable name"]),
        ("unknown keyword", deck(f"mesh {good} wobble 1"), ["unknown keyword wobble", "coplanar"]),
    ]
    # warnings: decks that run through
    far = write_stl(os.path.join(tmp, "far.stl"), floor(2, 10, 11))
    flipped = floor(2, -0.5, 0.5)
    a, b, c = flipped[2]
    flipped[2] = (a, c, b)
    flipped = write_stl(os.path.join(tmp, 'flip.stl'), flipped)
    boxed = write_stl(os.path.join(tmp, 'box.stl'), box((-0.5,) * 3, (0.5,) * 3))
    warn_decks = [deck(f"mesh {far}"), deck(f"mesh {flipped}"), deck(f"mesh {good}"), deck(f"mesh {boxed}")]
    # all decks in one process (LAMMPS's Python module); a crash in one still fails its case
    results = errors_in_process([c[1] for c in cases] + warn_decks)
    for (what, d, words), res in zip(cases, results):
        chk.true(clean_error_exit(res), f"{what}: clean exit")
        msg = res.error or ""
        chk.true(all(w in msg for w in words), f"{what}: message says {words}: {msg}")
        chk.true(what == "zero-area triangles" or "zero-area triangle(s)" not in msg, f"{what}: not a zero-area report")

    far_res, flip_res, good_res, box_res = results[len(cases):]
    for what, res in (("far mesh", far_res), ("flipped triangle", flip_res), ("a good mesh", good_res), ("a box", box_res)):
        chk.true(res.returncode == 0 and res.error is None, f"{what}: runs ({res.error})")
    res = far_res
    chk.true("lies entirely outside the simulation box" in res.output, "far mesh: warned")
    res = flip_res
    warnings = [line for line in res.output.splitlines() if "WARNING" in line]
    chk.true(any("inconsistent normals: 3 shared edge(s)" in w for w in warnings),
             f"flipped triangle: warned with the count {warnings}")
    res = good_res
    warnings = [line for line in res.output.splitlines() if "WARNING" in line]
    chk.true(not warnings, f"a good mesh: no warning {warnings}")
    chk.true("8 triangles, 1 facet patches" in res.output, "a good mesh: its summary")
    res = box_res
    chk.true("12 triangles, 6 facet patches (coplanar 0.01 degrees), 6 smooth groups (curvature 10 degrees), "
             "0 open edges" in res.output, "a box: 6 patches, 6 smooth groups")
    chk.finish()


if __name__ == "__main__":
    main()
