"""fix wall/dem/kk ... mesh when a particle larger than any at the start of the run appears during
it: the mesh's grid, whose cells list the triangles within the largest particle's reach, is
rebuilt (another origin, cell size, cell count and margin), and the kernel must search the new
grid with the new geometry.

Three spheres of radius 1 mm fall onto a tiled floor mesh; during the fall (step 300, no
reneighbouring then: only at step 1000) `fix adapt` grows one to radius 3 mm, whose reach is
beyond the grid's margin: the CPU fix rebuilds the grid on that step. With the rest of the run on the CPU (-k on
without -sf kk, explicit /kk styles) fix wall/dem/kk runs the CPU fix's code on the same numbers,
so every thermo line (each step around the growth and the landing: positions, the wall's force,
contacts) must equal fix wall/dem's to the last bit, and the large sphere must land on the floor.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402
from stlmesh import floor, write_stl  # noqa: E402


def deck(kk, mesh):
    style, atom_style = ("wall/dem/kk", "sphere/kk 1") if kk else ("wall/dem", "sphere 1")
    return f"""
units si
atom_style {atom_style}
atom_modify map array
boundary f f f
region box block -0.014 0.014 -0.014 0.014 -0.004 0.02
create_box 1 box
create_atoms 1 single 0.0003 0.0002 0.0045
create_atoms 1 single 0.006 -0.004 0.0011
create_atoms 1 single -0.007 0.005 0.003
set type 1 diameter 0.002 density 2500
group big id 1
velocity big set 0 0 -0.2
pair_style zero 0.008
pair_coeff * *
comm_modify vel yes
neighbor 0.001 bin
neigh_modify every 1000 delay 0 check no
fix w all {style} linear kn 2000 ks 1500 fric 0.5 dp_nratio 0.3 dp_sratio 0.2 mesh {mesh} energy yes
fix integrate all nve/sphere
fix gravity all gravity 9.81 vector 0 0 -1
variable d equal 0.002+0.004*(step>=300)
fix grow big adapt 1 atom diameter v_d reset no
timestep 1e-5
{"run_style verlet/kk" if kk else ""}
variable z1 equal z[1]
variable vz1 equal vz[1]
variable z2 equal z[2]
thermo_style custom step v_z1 v_vz1 v_z2 f_w[5] f_w[7] f_w[11] f_w[12]
thermo_modify format float %.17g
thermo 5
run 1200
"""


def main():
    chk = Checks()
    tmp = tempfile.mkdtemp(prefix="demmesh-")
    mesh = write_stl(os.path.join(tmp, "floor.stl"), floor(20, -0.012, 0.012))
    ref = run(deck(False, mesh)).thermo
    chk.true(ref[-1]["f_w[12]"] >= 3, f"CPU: all three spheres touched the floor ({ref[-1]['f_w[12]']:g} contacts)")
    lowest = min(r["v_z1"] for r in ref)
    chk.true(2.9e-3 < lowest < 3e-3, f"CPU: the grown sphere landed on the floor (lowest centre {lowest:.6g} m)")
    try:
        kk = run(deck(True, mesh), kokkos=True, suffix=False).thermo
    except AssertionError as e:
        kk = []
        print(str(e)[:2000])
    same = len(ref) == len(kk) and all(a == b for a, b in zip(ref, kk))
    if not same:
        print("first differences:", [(a["Step"], k, a[k], b[k]) for a, b in zip(ref, kk) for k in a if a[k] != b[k]][:5])
    chk.true(same, "wall/dem/kk equals wall/dem to the last bit on every thermo line, across the grid's rebuild")
    chk.finish()


if __name__ == "__main__":
    main()
