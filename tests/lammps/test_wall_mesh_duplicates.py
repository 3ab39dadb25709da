"""fix wall/dem ... mesh: a facet listed more than once (a CAD export of two bodies that share a
face, or a surface exported in both orientations) is one wall.

A floor of 32 triangles, and the same floor with each triangle followed by a copy of itself and a
copy with its vertices in reverse order (96 triangles): the copies are merged when the mesh is
read, with one warning that counts them (64) and names the first (triangle 2), and no warning
about inconsistent normals. Spheres dropped onto a vertex, an edge and a face of the tiling and
onto the open floor then give the single floor's run to the last bit: every thermo line (kinetic
energy, the wall's force and contact count) and the final state. On one rank; --mpi: on 2 ranks;
--kokkos: under -sf kk (fix wall/dem/kk).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402
from stlmesh import floor, write_stl  # noqa: E402

DECK = """
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block -0.02 0.02 -0.02 0.02 -0.005 0.02
create_box 1 box
create_atoms 1 single 0.0 0.0 0.003
create_atoms 1 single 0.005 0.0 0.004
create_atoms 1 single -0.0025 -0.0025 0.005
create_atoms 1 single 0.011 -0.007 0.002
create_atoms 1 single -0.012 0.009 0.006
set type 1 diameter 0.002 density 2500
velocity all set 0.01 -0.02 -0.4
pair_style zero 0.002
pair_coeff * *
fix w all wall/dem linear kn 2000 ks 1500 fric 0.5 dp_nratio 0.1 dp_sratio 0.2 mesh {mesh} energy yes
fix gravity all gravity 9.81 vector 0 0 -1
fix integrate all nve/sphere
timestep 1e-5
dump d all custom 3000 final.dump id x y z vx vy vz omegax omegay omegaz
dump_modify d sort id format float %.17g
thermo_style custom step ke f_w[3] f_w[5] f_w[7] f_w[11] f_w[12]
thermo_modify format float %.17g
thermo 50
run 3000
"""


def main():
    chk = Checks()
    tmp = tempfile.mkdtemp(prefix="demmesh-")
    single = floor(4, -0.02, 0.02)
    doubled = []
    for a, b, c in single:
        doubled += [(a, b, c), (a, b, c), (c, b, a)]
    one = write_stl(os.path.join(tmp, "floor.stl"), single)
    three = write_stl(os.path.join(tmp, "floor_three_times.stl"), doubled)
    label, kw = ("1 rank", {})
    if "--mpi" in sys.argv:
        label, kw = ("2 ranks", {"ranks": 2})
    if "--kokkos" in sys.argv:
        label, kw = ("-sf kk", {"kokkos": True})
    ref, res = run(DECK.format(mesh=one), **kw), run(DECK.format(mesh=three), **kw)
    warnings = [line for line in res.output.splitlines() if "WARNING" in line]
    merged = [w for w in warnings if "duplicate triangle(s) merged" in w]
    chk.true(len(merged) == 1 and "64 duplicate" in merged[0] and "the first is triangle 2 " in merged[0],
             f"{label}: one warning that counts the duplicates {merged}")
    chk.true(not any("inconsistent normals" in w for w in warnings), f"{label}: no warning on normals {warnings}")
    chk.true("32 triangles, 1 facet patches" in res.output, f"{label}: the mesh built is the 32 triangles")
    chk.true(ref.thermo[-1]["f_w[12]"] >= 5, f"{label}: every sphere hits the floor")
    same = len(ref.thermo) == len(res.thermo) and all(a == b for a, b in zip(ref.thermo, res.thermo))
    if not same:
        print("first differences:", [(a["Step"], k, a[k], b[k]) for a, b in zip(ref.thermo, res.thermo)
                                     for k in a if a[k] != b[k]][:4])
    chk.true(same, f"{label}: every thermo line equals the single floor's to the last bit")
    a = read_dump(os.path.join(ref.workdir, "final.dump"))
    b = read_dump(os.path.join(res.workdir, "final.dump"))
    chk.true(a == b, f"{label}: the final state equals the single floor's to the last bit")
    chk.finish()


if __name__ == "__main__":
    main()
