"""fix wall/dem with moving region walls: the wall's velocity at the contact point enters the
relative velocity.

1. Rotating drum (region cylinder z ... rotate, Omega = 10 rad/s, no gravity): a sphere inside,
   touching the wall, starts at v0 = half the wall speed and without spin; the centrifugal force
   presses it on the wall and friction from the moving wall carries it round until it rolls
   without slipping on the wall (then friction vanishes: without gravity or rolling resistance
   rolling is the end state). The friction impulse J gives m dv = J and I dw = J R, so rolling
   (v + w R = Omega R_d) is reached at v = v0 + 2/7 (Omega R_d - v0), w = 5/7 (Omega R_d - v0)/R,
   the slip-to-roll 5/7 rule in the wall's moving frame; the wall force is the centripetal
   m v^2 / r and the torque on the drum vanishes. Tolerance 1e-4 (overlap/R ~ 4e-5 shifts the
   lever arms and the radius; shear damping leaves < 1e-8 of the transient).
2. A plane region moving at constant speed V (region ... move) hits a sphere at rest: the sphere
   leaves at (1 + e) V (elastic: 2 V) (tolerance 1e-7 elastic, measured 5e-9: the region's velocity is a finite
   difference of its displacement, exact for uniform motion; 5e-4 with e = 0.5).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run_here  # noqa: E402

R, RHO, RD, OMEGA = 0.01, 2500.0, 0.1, 10.0
HEAD = """
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block -0.2 0.2 -0.2 0.2 -0.2 0.2
create_box 1 box
"""


def drum():
    r0 = RD - R
    return HEAD + f"""
create_atoms 1 single {r0} 0 0
set atom 1 diameter {2 * R} density {RHO}
velocity all set 0 {0.5 * OMEGA * r0} 0
pair_style zero {2 * R}
pair_coeff * *
variable theta equal {OMEGA}*time
region drum cylinder z 0 0 {RD} -0.05 0.05 side in rotate v_theta 0 0 0 0 0 1
fix w all wall/dem linear kn 1e5 ks 1e5 fric 0.5 dp_nratio 0.3 dp_sratio 0.3 region drum
fix integrate all nve/sphere
timestep 2e-5
compute spinatom all property/atom omegaz
compute spin all reduce sum c_spinatom
variable r equal sqrt(x[1]^2+y[1]^2)
variable rate equal (x[1]*vy[1]-y[1]*vx[1])/v_r^2
variable fr equal (f_w[5]*x[1]+f_w[6]*y[1])/v_r
thermo_style custom step v_r v_rate c_spin v_fr f_w[10] f_w[11]
thermo_modify format float %.17g
thermo 5000
run 200000
"""


def moving_plane(law, speed):
    return HEAD + f"""
create_atoms 1 single 0 0 {R + 1e-4}
set atom 1 diameter {2 * R} density {RHO}
velocity all set 0 0 0
pair_style zero {2 * R}
pair_coeff * *
variable zw equal {speed}*time
region floor plane 0 0 0 0 0 1 move NULL NULL v_zw
fix w all wall/dem {law} region floor
fix integrate all nve/sphere
timestep 1e-7
variable vz equal vz[1]
variable gap equal z[1]-{R}-v_zw
thermo_style custom step v_vz v_gap f_w[11]
thermo_modify format float %.17g
thermo 100
run 30000
"""


def main():
    chk = Checks()
    m = RHO * 4.0 / 3.0 * math.pi * R ** 3
    rows = run_here(drum()).thermo
    last = rows[-1]
    v0, vw = 0.5 * OMEGA * (RD - R), OMEGA * RD
    v, w = v0 + 2.0 / 7.0 * (vw - v0), 5.0 / 7.0 * (vw - v0) / R
    speed = last["v_rate"] * last["v_r"]
    chk.close("drum: carried round: tangential speed v0 + 2/7 (Omega R_d - v0)", speed, v, rel=1e-4)
    chk.close("drum: spin 5/7 (Omega R_d - v0) / R", last["c_spin"], w, rel=1e-4)
    chk.close("drum: rolling on the wall, v + w R = Omega R_d", speed + last["c_spin"] * R, vw, rel=1e-4)
    chk.close("drum: force on the wall m v^2 / r outwards", last["v_fr"], m * speed ** 2 / last["v_r"], rel=1e-4)
    chk.close("drum: no torque on the drum once rolling", last["f_w[10]"], 0.0, abs_tol=1e-8 * m * v ** 2 / RD * RD)
    chk.true(all(r["f_w[11]"] == 1 for r in rows[1:]), "drum: the sphere never left the wall")
    chk.true(rows[0]["c_spin"] == 0.0 and rows[0]["v_rate"] < 0.51 * OMEGA, "drum: the sphere started slower and without spin")

    # elastic and damped impact of a moving wall on a sphere at rest
    for law, e, tol in (("linear kn 1e5", 1.0, 1e-7), ("linear kn 1e5 restitution 0.5", 0.5, 5e-4)):
        v = 0.5
        rows = run_here(moving_plane(law, v)).thermo
        chk.true(rows[-1]["f_w[11]"] == 0 and rows[-1]["v_gap"] > 0, f"moving plane e={e}: the sphere left the wall")
        chk.close(f"moving plane e={e}: sphere leaves at (1 + e) V", rows[-1]["v_vz"], (1 + e) * v, rel=tol)
    chk.finish()


if __name__ == "__main__":
    main()
