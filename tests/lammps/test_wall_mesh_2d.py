"""fix wall/dem ... mesh in a 2d simulation (dimension 2): the particles lie in the plane z = 0, and
a mesh acts on them where it crosses that plane. A surface extruded along z (triangles perpendicular
to the plane) works: a sphere resting on a strip y = 0 pushes on it with its weight, with the
overlap of the closed form, and no force out of the plane. Any other mesh would push along normals
out of the plane (a tilted strip: part of the force lost; a mesh in the plane itself: a contact
with every particle along z): an error when the fix is defined, naming the triangle and its normal,
and so are a mesh that misses the plane, a translation with vz other than 0 and a rotation about
an axis other than z."""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, clean_error_exit, errors_in_process  # noqa: E402
from stlmesh import quad, write_stl  # noqa: E402

KN, R, G = 2000.0, 0.005, 9.81

BASE = """
dimension 2
units si
atom_style sphere
atom_modify map array
boundary f f p
comm_modify vel yes
region box block -0.1 0.1 -0.02 0.2 -0.01 0.01
create_box 1 box
create_atoms 1 single 0 0.02 0
set type 1 diameter {d} density 2500
pair_style dem/linear
pair_coeff * * kn {kn} ks 1500 fric 0.5
neighbor 0.002 bin
{extra}
fix w all wall/dem linear kn {kn} ks 1500 fric 0.5 dp_nratio 0.3 mesh {mesh}
fix integrate all nve/sphere
fix gravity all gravity {g} vector 0 -1 0
fix plane all enforce2d
timestep 1e-5
variable y equal y[1]
variable m equal mass[1]
thermo_style custom step v_y v_m f_w[5] f_w[6] f_w[7] f_w[11]
thermo_modify format float %.17g
thermo 10000
run {steps}
"""


def deck(mesh, extra="", steps=30000):
    return BASE.format(d=2 * R, kn=KN, g=G, mesh=mesh, extra=extra, steps=steps)


def main():
    chk = Checks()
    tmp = tempfile.mkdtemp(prefix="demmesh2d-")
    strip = write_stl(os.path.join(tmp, "strip.stl"), quad((-0.1, 0, -0.05), (0.1, 0, -0.05), (0.1, 0, 0.05),
                                                           (-0.1, 0, 0.05)))
    tilted = write_stl(os.path.join(tmp, "tilted.stl"), quad((-0.1, -0.025, -0.05), (0.1, -0.025, -0.05),
                                                             (0.1, 0.025, 0.05), (-0.1, 0.025, 0.05)), binary=True)
    flat = write_stl(os.path.join(tmp, "flat.stl"), quad((-0.1, -0.1, 0), (0.1, -0.1, 0), (0.1, 0.1, 0),
                                                         (-0.1, 0.1, 0)))
    good = [deck(strip), deck(f"{strip} move translate 0.01 0 0", steps=100),
            deck(f"{strip} move rotate 0 -0.1 0 0 0 1 0.01", steps=100)]
    cases = [
        ("tilted strip", deck(tilted), ["tilted.stl", "row 1 of the fix's array", "normal (0, -0.894427, 0.447214)",
                                        "extruded along z"]),
        ("mesh in the plane", deck(flat), ["flat.stl", "normal (0, 0, 1)", "extruded along z"]),
        ("strip away from the plane", deck(f"{strip} offset 0 0 1"),
         ["lies between z = 0.95 and z = 1.05", "away from the plane z = 0"]),
        ("move translate vz", deck(f"{strip} move translate 0 0 0.1"), ["move translate vz = 0.1", "so vz = 0"]),
        ("move translate v_vz", deck(f"{strip} move translate 0 0 v_vz", "variable vz equal 0"),
         ["move translate vz = v_vz", "so vz = 0"]),
        ("move rotate about x", deck(f"{strip} move rotate 0 0 0 1 0 0 0.1"),
         ["move rotate about the axis (1, 0, 0)", "the axis is z"]),
    ]
    results = errors_in_process(good + [c[1] for c in cases])
    rest, moving, turning = results[:3]
    for what, res in (("resting", rest), ("translating", moving), ("turning", turning)):
        chk.true(res.returncode == 0 and res.error is None, f"strip, {what}: runs ({res.error})")
    if rest.thermo:
        last = rest.thermo[-1]
        weight = last["v_m"] * G
        chk.close("resting sphere: force on the strip along y", last["f_w[6]"], -weight, rel=1e-6)
        chk.close("resting sphere: its overlap", R - last["v_y"], weight / KN, rel=1e-6)
        chk.true(last["f_w[5]"] == 0.0 and last["f_w[7]"] == 0.0, "resting sphere: no force along x or z")
        chk.true(last["f_w[11]"] == 1, "resting sphere: one contact")
    for (what, d, words), res in zip(cases, results[len(good):]):
        chk.true(clean_error_exit(res), f"{what}: clean exit")
        msg = res.error or ""
        chk.true(all(w in msg for w in words), f"{what}: message says {words}: {msg}")
    chk.finish()


if __name__ == "__main__":
    main()
