"""A cantilever chain of parallel-bonded balls under a tip load, against the discrete beam's closed form.

N equal balls of radius R in a row along x, touching, bonded by dem_bond; ball 1 is clamped (fix
freeze), ball N carries a load P along z (fix addforce); the contacts' dashpots and fix viscous
bring the chain to rest. The linear contacts have no friction (their shear springs carry nothing)
and no normal force, so at rest the bonds alone hold the load. Each bond is a bending spring k_b = pb_kn I (moment per relative
rotation) and a shear spring k_s = pb_ks A (force per relative displacement of its contact point)
between rigid balls. The bond between balls i and i+1 carries the shear force P and the moment
M_i = P l_i, l_i = 2R (N - i - 1/2) the distance from its contact point to the tip ball's centre;
its rotation M_i/k_b turns the rest of the chain about its contact point, and its shear P/k_s
shifts it, so the tip deflects by
    w = (P/k_b) sum_i l_i^2 + (N - 1) P/k_s = P (2R)^2/k_b sum_{m=1}^{N-1} (m - 1/2)^2 + (N - 1) P/k_s.
Small deflections (w/L ~ 1e-3): the geometric nonlinearity
is ~1e-6; the test allows 1 % (measured: 2e-5).
With --bpm the same chain bonded by LAMMPS's bond_style bpm/rotational (stiffnesses mapped as
bpm.py says) must deflect alike: the two measure the shear at the contact point and the relative
rotation alike to first order, so they differ by the geometric nonlinearity, ~w/L (the test allows
1e-3; measured: 3e-6).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import bpm  # noqa: E402
from demtest import Checks, run  # noqa: E402

N, R, P = 8, 0.01, 0.05
KNB, KSB = 1e9, 4e8
AREA = math.pi * R ** 2
INERTIA = AREA * R ** 2 / 4
KB, KS = KNB * INERTIA, KSB * AREA
LEVERS = [2 * R * (N - i - 0.5) for i in range(1, N)]
W_BEND = P / KB * sum(l * l for l in LEVERS)
W_SHEAR = (N - 1) * P / KS

deck = f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -0.05 {2 * R * N + 0.05} -0.05 0.05 -0.05 0.05
create_box 1 box
{chr(10).join(f"create_atoms 1 single {2 * R * k} 0 0" for k in range(N))}
set type 1 diameter {2 * R} density 2500
pair_style dem/linear
pair_coeff * * kn 1e5 ks 1e5 fric 0 dp_nratio 0.5 dp_sratio 0.5 pb_kn {KNB} pb_ks {KSB} pb_ten 1e8 pb_coh 1e8
neighbor 2e-3 bin
group root id 1
group tip id {N}
fix clamp root freeze
fix load tip addforce 0 0 {P}
fix damp all viscous 0.05
fix integrate all nve/sphere
timestep 2e-5
dem_bond all gap 1e-9
variable w equal z[{N}]
thermo_style custom step v_w ke
thermo_modify format float %.17g
thermo 20000
run 200000
"""


def at_rest(rows, label):
    last = rows[-1]
    chk.true(last["KinEng"] < 1e-6 * 0.5 * P * W_BEND,
             f"{label}: at rest (kinetic energy {last['KinEng']:.1e} J, {last['KinEng'] / (0.5 * P * W_BEND):.0e} of "
             f"the bonds' strain energy)")
    return last["v_w"]


chk = Checks()
tip = at_rest(run(deck).thermo, "parallel bonds")
chk.close("tip deflection = P (2R)^2/k_b sum (m - 1/2)^2 + (N - 1) P/k_s", tip, W_BEND + W_SHEAR, rel=1e-2)
chk.true(W_SHEAR > 1e-3 * W_BEND, f"the shear term counts ({W_SHEAR / W_BEND:.1e} of the bending term)")
if "--bpm" in sys.argv:    # the same chain with LAMMPS's bond_style bpm/rotational, stiffnesses mapped
    bpm_deck = bpm.convert(deck, 2 * R * (1 + 1e-9), bpm.coefficients(R, KNB, KSB), damping=(1, 1, 1e-4, 1e-4))
    bpm_tip = at_rest(run(bpm_deck).thermo, "BPM bonds")
    chk.close(f"BPM's tip deflection is the parallel bonds' (relative difference {abs(bpm_tip / tip - 1):.0e})",
              bpm_tip, tip, rel=1e-3)
chk.finish()
