"""fix wall/dem with adhesion (doc/adhesion.rst): the ball is particle 1 of a ball-wall contact,
R* = R (infinite wall radius), m = the ball's mass, E* = G/(1 - nu) of the fix's Hertz values.

1. JKR: a sphere hitting a zplane below the sticking velocity v_s stays attached, above it
   rebounds at sqrt(v^2 - v_s^2); v_s^2 = 2 U_c / m, U_c the work of the JKR branch from touching
   to the break at delta_c (energy argument of Thornton & Ning 1998, exact branch integral).
2. Rocky's constant and linear models: a sphere pulled off the wall at a prescribed speed (fix
   move) feels f_c m g, and f_k k_n (adh_dist - gap), while its gap is below adh_dist.
3. The wall's energy (vector 1 the strain energy, 17 the adhesive potential, 18 the JKR loss:
   the pair styles' names) closes the balance of a JKR impact.
--kokkos: every run also with fix wall/dem/kk, which must agree with the CPU run to 1e-10 (relative
to each thermo column's largest value); the checks then read the /kk runs.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import (HAVE_KOKKOS, Batch, Checks, clean_error_exit, errors_in_process,  # noqa: E402
                      run)

KOKKOS = "--kokkos" in sys.argv

R, RHO = 0.01, 2500.0
M = RHO * 4 / 3 * math.pi * R ** 3
G, NU, W = 1e6, 0.3, 0.5
E = G / (1 - NU)


def deck(wall_args, z0, vz, dt, steps, move=False, thermo="", energy=""):
    motion = f"fix pull all move linear 0 0 {vz}" if move else "fix integrate all nve/sphere"
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block -0.05 0.05 -0.05 0.05 -0.05 0.05
create_box 1 box
create_atoms 1 single 0 0 {z0}
set atom 1 diameter {2 * R} density {RHO}
velocity all set 0 0 {0 if move else vz}
pair_style zero {2 * R}
pair_coeff * *
neighbor 0.002 bin
{motion}
fix wall all wall/dem {wall_args} zplane 0 NULL {energy}
timestep {dt}
variable gap equal z[1]-{R}
variable vz equal vz[1]
variable fz equal fz[1]
compute ke all ke
thermo_style custom step v_gap v_vz v_fz c_ke f_wall[1] f_wall[3] f_wall[4] f_wall[17] f_wall[18] {thermo}
thermo_modify format float %.17g
thermo 1
run {steps}
"""


def jkr_work(a, rs):
    return (8 * E * a ** 5 / (15 * rs ** 2) - 8 / 3 * math.sqrt(math.pi * W * E / 2) * a ** 3.5 / rs
            + math.pi * W * a ** 2)


chk = Checks()
a_c = (math.pi * W * R ** 2 / (8 * E)) ** (1 / 3)
a_t = (2 * math.pi * W * R ** 2 / E) ** (1 / 3)
U_C = jkr_work(a_c, R) - jkr_work(a_t, R)
V_S = math.sqrt(2 * U_C / M)
print(f"ball on a wall: U_c = {U_C:.6g} J, v_s = {V_S:.6g} m/s")
JKR = f"hertz hz_shear {G} hz_poiss {NU} adh_model 3 adh_gamma {W}"
# Every deck that must run through is one of a batch (an lmp start per deck cost more than most
# of them; with --kokkos each deck is checked against its CPU run), each check reading its deck's
# result at the end.
BATCH = Batch()


# Run lengths (25000 steps before): the rebounds at 1.5 and 3 v_s leave the wall after 6176 and
# 4795 steps, the damped one of the energy run after 4264 (measured), so 8000 steps end in free
# flight with the speed and the booked energies that 25000 steps ended with, to the bit; at 0.8 v_s
# the ball's first excursion peaks at step 8018 (measured), where it would break if it could, so
# 10000 steps show it held.
for ratio, steps in ((0.8, 10000), (1.5, 8000), (3.0, 8000)):
    v = ratio * V_S

    def sticking(res, ratio=ratio, v=v):
        end = res.thermo[-1]
        if ratio < 1:
            chk.true(end["v_gap"] < 1e-4 and end["v_fz"] != 0.0, f"wall, v = {ratio} v_s: the ball stays attached "
                     f"(gap {end['v_gap']:.3g})")
        else:
            chk.true(end["v_fz"] == 0.0 and end["v_vz"] > 0, f"wall, v = {ratio} v_s: the ball rebounds")
            chk.close(f"wall, v = {ratio} v_s: rebound speed sqrt(v^2 - v_s^2)", end["v_vz"],
                      math.sqrt(v * v - V_S * V_S), rel=0.01)
    BATCH.add(deck(JKR, R + 1e-6, -v, 2e-6, steps), sticking, f"wall JKR impact at {ratio} v_s")


# energy balance of a damped JKR impact: ke + wall strain + adhesive potential + dashpot + plastic +
# adhesive loss
def energy(res):
    rows = res.thermo
    names = ("f_wall[1]", "f_wall[17]", "f_wall[3]", "f_wall[4]", "f_wall[18]")
    total = [r["c_ke"] + sum(r[n] for n in names) for r in rows]
    lost = rows[-1]["f_wall[3]"] + rows[-1]["f_wall[18]"]
    chk.close("wall JKR energy run: the ball rebounds and the loss U_c is booked (vector 18, e_adh_loss)",
              rows[-1]["f_wall[18]"], U_C, rel=1e-9)
    chk.true(rows[-1]["f_wall[4]"] == 0.0, "wall JKR energy run: nothing booked as plastic (vector 4)")
    chk.close("wall JKR: energy balance, worst deviation", max(abs(t - total[0]) for t in total), 0.0,
              abs_tol=0.01 * lost)


BATCH.add(deck(JKR + " dp_nratio 0.05", R + 1e-6, -5 * V_S, 2e-6, 8000, energy="energy yes"), energy, "wall JKR energy")

# Rocky's models: pulled off the wall from an overlap
KN, g, dist, frac = 1e4, 9.81, 2e-5, 40.0
dt, steps, gap0 = 1e-4, 400, -1e-5
speed = (2 * dist - gap0) / (steps * dt)
for name, args, adh in (("constant", f"linear kn {KN} adh_model 1 adh_frac {frac} adh_dist {dist} adh_g {g}",
                         lambda gap: frac * M * g),
                        ("linear", f"linear kn {KN} adh_model 2 adh_frac 0.3 adh_dist {dist}",
                         lambda gap: 0.3 * KN * (dist - gap))):
    def pull(res, name=name, adh=adh):
        worst, n_in, n_out = 0.0, 0, 0
        for r in res.thermo[1:]:
            gap = r["v_gap"]
            if abs(gap - dist) < 1e-9 or abs(gap) < 1e-12:
                continue
            want = KN * max(-gap, 0.0) - (adh(gap) if gap < dist else 0.0)
            worst = max(worst, abs(r["v_fz"] - want))
            n_in, n_out = n_in + (gap < dist), n_out + (gap >= dist)
        chk.true(n_in > 100 and n_out > 100, f"wall {name}: the pull sampled both sides of adh_dist")
        chk.close(f"wall {name}: force on the ball, worst deviation", worst, 0.0, abs_tol=1e-9 * frac * M * g)
    BATCH.add(deck(args, R + gap0, speed, dt, steps, move=True), pull, f"wall {name} pull")

BATCH.run(chk, KOKKOS)

# errors on the wall (in one process: errors_in_process)
WALL_ERRORS = (("JKR on a linear wall", "linear kn 1e4 adh_model 3 adh_gamma 0.1", ["adh_model 3", "dem/hertz"]),
               ("negative adh_frac", "linear kn 1e4 adh_model 2 adh_frac -1", ["adh_frac", "[0, inf)"]))
for (name, args, words), res in zip(WALL_ERRORS, errors_in_process([deck(a, R + 1e-3, 0.0, 1e-5, 0)
                                                                    for _, a, _ in WALL_ERRORS], kokkos=KOKKOS)):
    chk.true(res.error is not None and clean_error_exit(res) and all(w in res.error for w in words),
             f"wall error, {name}: {res.error}")
if HAVE_KOKKOS and not KOKKOS:    # (fix wall/dem/kk refused adhesion before; kokkos.adhesion_wall runs it)
    res = run(deck(JKR, R + 1e-3, 0.0, 1e-5, 10).replace("wall/dem", "wall/dem/kk"), kokkos=True)
    chk.true(res.error is None, "fix wall/dem/kk accepts adhesion")
chk.finish()
