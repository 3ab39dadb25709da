"""fix wall/dem: particles touching several walls at once come to rest with the wall forces that
balance their weight.

1. A sphere pushed by gravity along (-1, 0, -1) into the corner of two plane walls (two fixes):
   the force on each wall is m g / sqrt(2) along its normal, no friction is needed.
2. The same in the corner of a region block (one fix, three faces touching): m g / sqrt(3) on
   each face (array rows xlo = 1, ylo = 3, zlo = 5), three contacts.
3. A sphere squeezed between the two walls of one xplane fix (lo and hi): equal and opposite
   forces k_n (overlap) on the two walls.
Tolerance 1e-6 relative on forces once the motion is damped out (remaining velocity < 1e-9 m/s).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run_here  # noqa: E402

R, RHO, G = 0.01, 2500.0, 9.81
# frictionless walls make the wall forces unique; with friction the shear springs keep what the
# settling left in them (statically indeterminate) and only the sums are fixed
LAW = "linear kn 1e5 ks 5e4 fric 0 dp_nratio 0.7 dp_sratio 0.5"
LAW_FRIC = "linear kn 1e5 ks 5e4 fric 0.3 dp_nratio 0.7 dp_sratio 0.5"
HEAD = f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block -0.2 0.2 -0.2 0.2 -0.2 0.2
create_box 1 box
"""
TAIL = f"""
set atom 1 diameter {2 * R} density {RHO}
velocity all set 0 0 0
pair_style zero {2 * R}
pair_coeff * *
fix integrate all nve/sphere
timestep 2e-5
variable speed equal sqrt(vx[1]^2+vy[1]^2+vz[1]^2)
print "@ m $(mass[1]:%.17g)"
"""


def corner_two_planes(law):
    return HEAD + f"create_atoms 1 single {R + 1e-4} 0 {R + 2e-4}\n" + TAIL + f"""
fix wx all wall/dem {law} xplane 0 NULL
fix wz all wall/dem {law} zplane 0 NULL
fix gravity all gravity {G} vector -1 0 -1
run 20000
print "@ speed $(v_speed:%.17g)"
print "@ fx $(f_wx[5]:%.17g)"
print "@ fz $(f_wz[7]:%.17g)"
print "@ fz_on_x $(f_wx[7]:%.17g)"
print "@ fx_on_z $(f_wz[5]:%.17g)"
print "@ nx $(f_wx[11]:%.17g)"
print "@ nz $(f_wz[11]:%.17g)"
"""


def main():
    chk = Checks()
    # 1. two plane walls
    res = run_here(corner_two_planes(LAW))
    w = res["m"] * G / math.sqrt(2)
    chk.close("two planes: at rest", res["speed"], 0.0, abs_tol=1e-9)
    chk.close("two planes: force on the x wall -m g/sqrt(2)", res["fx"], -w, rel=1e-6)
    chk.close("two planes: force on the z wall -m g/sqrt(2)", res["fz"], -w, rel=1e-6)
    chk.close("two planes: no friction needed", res["fz_on_x"], 0.0, abs_tol=1e-9 * w)
    chk.true(res["nx"] == 1 and res["nz"] == 1, "two planes: one contact on each")
    res = run_here(corner_two_planes(LAW_FRIC))
    chk.close("two planes, friction: at rest", res["speed"], 0.0, abs_tol=1e-9)
    chk.close("two planes, friction: x force on both walls -m g/sqrt(2)", res["fx"] + res["fx_on_z"], -w, rel=1e-6)
    chk.close("two planes, friction: z force on both walls -m g/sqrt(2)", res["fz"] + res["fz_on_x"], -w, rel=1e-6)
    chk.true(abs(res["fz_on_x"]) > 1e-4 * w, f"two planes, friction: the x wall carries friction ({res['fz_on_x']:.3g} N)")

    # 2. the corner of a region block: three faces of one fix
    res = run_here(HEAD + f"create_atoms 1 single {R + 1e-4} {R + 3e-4} {R + 2e-4}\n" + TAIL + f"""
region corner block 0 0.1 0 0.1 0 0.1
fix w all wall/dem {LAW} region corner
fix gravity all gravity {G} vector -1 -1 -1
run 20000
print "@ speed $(v_speed:%.17g)"
print "@ fx $(f_w[1][1]:%.17g)"
print "@ fy $(f_w[3][2]:%.17g)"
print "@ fz $(f_w[5][3]:%.17g)"
print "@ total $(f_w[5]+f_w[6]+f_w[7]:%.17g)"
print "@ n $(f_w[11]:%.17g)"
print "@ n_rows $(f_w[1][7]+f_w[3][7]+f_w[5][7]:%.17g)"
""")
    w = res["m"] * G / math.sqrt(3)
    chk.close("block corner: at rest", res["speed"], 0.0, abs_tol=1e-9)
    for k in ("fx", "fy", "fz"):
        chk.close(f"block corner: {k} on its face -m g/sqrt(3)", res[k], -w, rel=1e-6)
    chk.close("block corner: total force on the region -m g sqrt(3)", res["total"], -3 * w, rel=1e-6)
    chk.true(res["n"] == 3 and res["n_rows"] == 3, f"block corner: three contacts ({res['n']:g})")

    # 3. squeezed between the two walls of one xplane fix: overlap 1e-4 on each side
    res = run_here(HEAD + "create_atoms 1 single 0 0 0\n" + TAIL + f"""
fix w all wall/dem {LAW} xplane {-R + 1e-4} {R - 1e-4}
run 100
print "@ speed $(v_speed:%.17g)"
print "@ flo $(f_w[1][1]:%.17g)"
print "@ fhi $(f_w[2][1]:%.17g)"
print "@ n $(f_w[11]:%.17g)"
""")
    chk.close("slot: force on the lo wall -k_n overlap", res["flo"], -1e5 * 1e-4, rel=1e-9)
    chk.close("slot: force on the hi wall +k_n overlap", res["fhi"], 1e5 * 1e-4, rel=1e-9)
    chk.close("slot: the sphere stays at rest", res["speed"], 0.0, abs_tol=1e-12)
    chk.true(res["n"] == 2, "slot: two contacts")
    chk.finish()


if __name__ == "__main__":
    main()
