"""Write hopper.stl: a conical hopper (half angle 30 degrees from the vertical) with an orifice of
diameter D (mm, first argument) at z = 0, below a cylinder of radius 15 mm up to z = 60 mm;
96 facets round, lengths in metres. Run: python3 make_hopper.py 10"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "lammps"))
from stlmesh import quad, write_stl  # noqa: E402

D = float(sys.argv[1]) * 1e-3 if len(sys.argv) > 1 else 0.010
RT, TOP, NSEG, HALF = 0.015, 0.060, 96, math.radians(30)
r0 = D / 2
zc = (RT - r0) / math.tan(HALF)    # top of the cone


def ring(r, z):
    return [(r * math.cos(2 * math.pi * k / NSEG), r * math.sin(2 * math.pi * k / NSEG), z) for k in range(NSEG)]


tris = []
for (ra, za), (rb, zb) in (((r0, 0.0), (RT, zc)), ((RT, zc), (RT, TOP))):
    lo, hi = ring(ra, za), ring(rb, zb)
    for k in range(NSEG):
        tris += quad(lo[k], lo[(k + 1) % NSEG], hi[(k + 1) % NSEG], hi[k])
write_stl("hopper.stl", tris)
print(f"hopper.stl: {len(tris)} triangles, orifice {D * 1e3:g} mm, cone top at z = {zc * 1e3:.2f} mm")
