"""dem/linear shear: stick below the Coulomb limit, slip at mu*|F_n|, slip-cut dashpots.

A small sphere is pressed with a force N onto a large frozen sphere and pulled sideways with T.
It is integrated without rotation (fix nve), so the contact sees pure translation.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run_here  # noqa: E402

R1, R2, RHO = 0.01, 1.0, 2500.0
M1 = RHO * 4.0 / 3.0 * math.pi * R1 ** 3
KN, KS, MU, NORMAL = 1e5, 5e4, 0.4, 1.0


def shear_deck(pull, dp_mode, steps, dt=1e-6, dp_sratio=0.5, dim=3):
    overlap = NORMAL / KN
    return f"""
units si
dimension {dim}
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -2 2 -2 2 {"-2 2" if dim == 3 else "-0.1 0.1"}
create_box 2 box
create_atoms 2 single 0 0 0
create_atoms 1 single 0 {R1 + R2 - overlap if dim == 2 else 0} {R1 + R2 - overlap if dim == 3 else 0}
set type 1 diameter {2 * R1} density {RHO}
set type 2 diameter {2 * R2} density {RHO}
group small type 1
group big type 2
pair_style dem/linear
pair_coeff 1 1 kn 1e9
pair_coeff 2 2 kn 1e9
pair_coeff 1 2 kn {KN} ks {KS} fric {MU} dp_nratio 0.5 dp_sratio {dp_sratio} dp_mode {dp_mode}
neighbor 0.005 bin
fix freeze big freeze
fix push small addforce {pull} {-NORMAL if dim == 2 else 0} {-NORMAL if dim == 3 else 0}
fix integrate small nve
timestep {dt}
compute pl all pair/local p1 p2 p3 p4 p5 p6 p7
compute c all reduce sum c_pl[1] c_pl[2] c_pl[3] c_pl[4] c_pl[5] c_pl[6] c_pl[7] inputs local
compute dem all pair dem/linear
variable x2 equal x[2]
variable vx2 equal vx[2]
thermo_style custom step v_x2 v_vx2 c_c[1] c_c[2] c_c[3] c_c[5] c_c[6] c_c[7] c_dem[7] c_dem[8] c_dem[9]
thermo_modify format float %.17g
thermo 100
run {steps}
"""


def last(rows):
    r = rows[-1]
    return {"x": r["v_x2"], "vx": r["v_vx2"], "fn": r["c_c[1]"], "fs": math.hypot(r["c_c[2]"], r["c_c[3]"]),
            "fs_s": r["c_c[2]"], "fd_shear": math.hypot(r["c_c[5]"], r["c_c[6]"]), "slip": r["c_c[7]"],
            "activated": r["c_dem[7]"], "slip_starts": r["c_dem[8]"], "slip_ends": r["c_dem[9]"]}


chk = Checks()

# stick: T below mu*N; the shear spring carries T, stretched by T/ks
pull = 0.5 * MU * NORMAL
s = last(run_here(shear_deck(pull, 0, 40000)).thermo)
chk.close("stick: shear force balances the pull", s["fs"], pull, rel=1e-4)
chk.close("stick: displacement is T/ks", s["x"], pull / KS, rel=1e-3)
chk.true(s["slip"] == 0, "stick: slip state false")
chk.true(s["activated"] == 1 and s["slip_starts"] == 0, "stick: one contact activated, no slip event")

# slip with slip-cut dashpots: |F_s| = mu |F_n| exactly, acceleration (T - mu N)/m
pull = 2.0 * MU * NORMAL
steps, dt = 5000, 1e-6
rows = run_here(shear_deck(pull, 2, steps, dt)).thermo
s = last(rows)
chk.true(s["slip"] == 1, "slip: slip state true")
chk.true(s["activated"] == 1 and s["slip_starts"] == 1 and s["slip_ends"] == 0,
         f"slip: one activation and one slip_change (started) event ({s['activated']}, {s['slip_starts']}, {s['slip_ends']})")
chk.close("slip: shear force at the Coulomb limit", s["fs"], MU * s["fn"], rel=1e-12)
# (zero up to the round-off of projecting the normal dashpot force on the contact-plane axes)
chk.close("slip-cut (dp_mode 2): no shear dashpot force while sliding", s["fd_shear"], 0.0, abs_tol=1e-12)
mid = rows[len(rows) // 2]
accel = (s["vx"] - mid["v_vx2"]) / ((rows[-1]["Step"] - mid["Step"]) * dt)
chk.close("slip: acceleration (T - mu N)/m", accel, (pull - MU * NORMAL) / M1, rel=2e-3)

# full shear dashpot (dp_mode 0) keeps acting while sliding: 2 beta_s sqrt(m_c ks) |v_s|, m_c = m1
s = last(run_here(shear_deck(pull, 0, steps, dt)).thermo)
chk.true(s["slip"] == 1, "full shear dashpot: still sliding")
chk.close("full shear dashpot while sliding", s["fd_shear"], 2 * 0.5 * math.sqrt(M1 * KS) * abs(s["vx"]), rel=1e-6)

# 2d: the in-plane shear lies along t, the s component (out of plane) is zero, as in PFC
s = last(run_here(shear_deck(pull, 2, steps, dt, dim=2)).thermo)
chk.true(s["slip"] == 1 and s["fs_s"] == 0.0, f"2d: sliding with no out-of-plane shear component ({s['fs_s']})")
chk.close("2d: shear force at the Coulomb limit", s["fs"], MU * s["fn"], rel=1e-12)

chk.finish()
