"""Effective mass with rigid bodies: two rigid dumbbells (two spheres each, fix rigid) collide
end-on. The contact must use the body masses, m_c = M1 M2/(M1+M2) = m here, so restitution and
duration follow the closed forms with that mass; with the single-sphere masses (m/2) the
dashpot would be sqrt(2) weaker. Tolerances as in test_linear_collision.py."""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402

R, RHO, KN, ZETA, V0 = 0.01, 2500.0, 1e5, 0.3, 1.0
M = RHO * 4.0 / 3.0 * math.pi * R ** 3
W0 = math.sqrt((KN / 2) / M)    # contact stiffness kn/2 (like types), m_c = (2M)(2M)/(4M) = M
DT = math.pi / W0 / 2000

deck = f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -0.2 0.2 -0.2 0.2 -0.2 0.2
create_box 1 box
create_atoms 1 single {-3 * R} 0 0
create_atoms 1 single {-R} 0 0
create_atoms 1 single {R + 1e-4} 0 0
create_atoms 1 single {3 * R + 1e-4} 0 0
set type 1 diameter {2 * R} density {RHO}
group body1 id 1 2
group body2 id 3 4
velocity body1 set {V0 / 2} 0 0
velocity body2 set {-V0 / 2} 0 0
pair_style dem/linear
pair_coeff * * kn {KN} dp_nratio {ZETA}
neighbor {R / 2} bin
neigh_modify exclude group body1 body1 exclude group body2 body2
fix rigid all rigid group 2 body1 body2
timestep {DT}
variable gap equal x[3]-x[2]-{2 * R}
variable vrel equal vx[3]-vx[2]
thermo_style custom step v_gap v_vrel
thermo_modify format float %.17g
thermo 1
run 5000
"""

rows = run(deck).thermo
crossings = [a["Step"] + a["v_gap"] / (a["v_gap"] - b["v_gap"])
             for a, b in zip(rows, rows[1:]) if (a["v_gap"] > 0) != (b["v_gap"] > 0)]
chk = Checks()
chk.true(len(crossings) == 2, f"one contact ({crossings})")
e = rows[-1]["v_vrel"] / -rows[0]["v_vrel"]
chk.close("rigid bodies: restitution with the body masses", e, math.exp(-ZETA * math.pi / math.sqrt(1 - ZETA ** 2)), rel=3e-3)
if len(crossings) == 2:
    chk.close("rigid bodies: contact duration with m_c = M1 M2/(M1+M2)", (crossings[1] - crossings[0]) * DT,
              math.pi / (W0 * math.sqrt(1 - ZETA ** 2)), rel=2e-3)
chk.finish()
