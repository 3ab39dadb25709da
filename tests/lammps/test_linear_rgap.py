"""dem/linear reference gap: the contact is active iff g_s = g_c - rgap <= 0 and the normal
force is k_n g_s; an rgap the neighbor lists cannot see is an error, a collision with rgap
rebuilt every step has the closed-form restitution."""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from collision import deck  # noqa: E402
from demtest import Checks, run_here  # noqa: E402

KN, R = 1e5, 0.01


def static(gap, rgap, skin=1e-3, neigh="neigh_modify every 1 delay 0 check no", expect_error=False):
    text = f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -0.1 0.1 -0.1 0.1 -0.1 0.1
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single {2 * R + gap} 0 0
set type 1 diameter {2 * R} density 2500
pair_style dem/linear
pair_coeff * * kn {KN} rgap {rgap}
neighbor {skin} bin
{neigh}
fix integrate all nve/sphere
run 0
print "@ fx2 $(fx[2]:%.17g)"
"""
    return run_here(text, expect_error=expect_error)


chk = Checks()
kn_c = KN / 2    # like types: springs in series
for gap, rgap in ((2e-4, 5e-4), (2e-4, 1e-4), (-0.5e-4, -1e-4), (-3e-4, -1e-4), (0.0, 0.0)):
    gs = gap - rgap
    want = kn_c * -gs if gs < 0 else 0.0
    chk.close(f"gap {gap} rgap {rgap}: normal force k_n*(-g_s)", static(gap, rgap)["fx2"], want,
              abs_tol=1e-9 * kn_c * 1e-4)
res = static(2e-4, 2e-3, expect_error=True)
chk.true("rgap" in res.error and "skin" in res.error, f"rgap beyond the skin is an error: '{res.error}'")
res = static(2e-4, 5e-4, neigh="")
chk.true("WARNING" in res.output and "rgap" in res.output, "rgap > 0 without rebuilds every step warns")

z, rgap = 0.3, 5e-4
m = 2500 * 4 / 3 * math.pi * R ** 3
w0 = math.sqrt(kn_c / (m / 2))
dt = math.pi / w0 / 2000
coll = deck("dem/linear", [f"* * kn {KN} dp_nratio {z} rgap {rgap}"], dt=dt, steps=7000, gap0=2e-3,
            extra="neigh_modify every 1 delay 0 check no")
rows = run_here(coll).thermo
e = rows[-1]["v_vrel"] / -rows[0]["v_vrel"]
chk.close("collision with rgap: restitution e(zeta)", e, math.exp(-z * math.pi / math.sqrt(1 - z * z)), rel=3e-3)
touching = [r for r in rows if r["v_fx"] != 0.0]
v0 = -rows[0]["v_vrel"]
chk.true(touching and max(r["v_gap"] for r in touching) <= rgap < touching[0]["v_gap"] + 1.01 * v0 * dt,
         "collision with rgap: the force acts exactly while the gap is below rgap")
chk.finish()
