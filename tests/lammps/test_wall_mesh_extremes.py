"""fix wall/dem ... mesh with extreme input that is still valid.

1. `move rotate` with an axis whose length squared overflows or underflows (1e300, 1e155 and
   1e-300 along x): the axis is the unit x axis, so a floor turning about it tilts as with axis
   1 0 0, and a sphere resting on it rolls off the same way, to the last bit (and the reported
   angle grows as the mesh turns).
2. Adhesion strong enough to pull a sphere through the wall (`adh_model 2 adh_frac 0.5 adh_dist
   0.3`): on `zplane` the fix warns that the sphere overlaps the wall by more than its radius; a
   mesh floor in the same place gives the same warning (its distance is two-sided, so the centre's
   crossing of the surface is what it detects). --kokkos: part 2 under -sf kk (fix wall/dem/kk).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run_here  # noqa: E402
from stlmesh import floor, write_stl  # noqa: E402

TILT = """
units si
atom_style sphere
atom_modify map array
boundary f f f
region box block -0.05 0.05 -0.05 0.05 -0.05 0.05
create_box 1 box
create_atoms 1 single 0.001 0.004 0.001
set type 1 diameter 0.002 density 2500
pair_style zero 0.002
pair_coeff * *
comm_modify vel yes
fix w all wall/dem linear kn 2000 ks 1500 fric 0.3 dp_nratio 0.3 dp_sratio 0.2 mesh {mesh} move rotate 0 0 0 {axis} 2
fix gravity all gravity 9.81 vector 0 0 -1
fix integrate all nve/sphere
timestep 1e-5
variable y equal y[1]
variable z equal z[1]
thermo_style custom step v_y v_z f_w[11] f_w[16]
thermo_modify format float %.17g
thermo 100
run 3000
"""

PULL = """
units si
atom_style sphere
atom_modify map array
boundary f f f
region box block -1 1 -1 1 -1 1
create_box 1 box
create_atoms 1 single 0 0 0.06
set atom 1 diameter 0.1 density 1000
comm_modify vel yes
pair_style zero 0.5
pair_coeff * *
fix integrate all nve/sphere
fix w all wall/dem linear kn 1000 adh_model 2 adh_frac 0.5 adh_dist 0.3 {wall}
timestep 1e-4
thermo 100
run 3000
"""


def main():
    chk = Checks()
    tmp = tempfile.mkdtemp(prefix="demmesh-")
    mesh = write_stl(os.path.join(tmp, "floor.stl"), floor(4, -0.02, 0.02))

    # 1. axes of extreme length
    ref = run_here(TILT.format(mesh=mesh, axis="1 0 0")).thermo
    chk.true(abs(ref[-1]["f_w[16]"] - 2 * 3000 * 1e-5) < 1e-12, f"axis 1 0 0: the floor turned ({ref[-1]['f_w[16]']})")
    chk.true(abs(ref[-1]["v_y"] - 0.004) > 1e-5, f"axis 1 0 0: the sphere moved on the tilting floor (y = {ref[-1]['v_y']:.6g})")
    for axis in ("1e300 0 0", "1e155 0 0", "1e-300 0 0"):
        try:
            same, why = run_here(TILT.format(mesh=mesh, axis=axis)).thermo == ref, ""
        except AssertionError as e:
            same, why = False, str(e).splitlines()[0]
        chk.true(same, f"axis {axis}: the same run as axis 1 0 0 to the last bit {why}")

    # 2. adhesion pulls a sphere through the wall
    kk = "--kokkos" in sys.argv
    style = "wall/dem/kk (-sf kk)" if kk else "wall/dem"
    for wall in ("zplane 0 NULL", f"mesh {mesh}"):
        res = run_here(PULL.format(wall=wall), kokkos=kk)
        warned = [line for line in res.output.splitlines() if "WARNING" in line and "overlaps a wall by" in line]
        chk.true(len(warned) == 1 and "more than its radius (0.05)" in warned[0],
                 f"{style} {wall.split()[0]}: adhesion pulls the sphere through, warned once {warned}")
    chk.finish()


if __name__ == "__main__":
    main()
