"""dem/hysteretic (Rocky's hysteretic linear spring) against the closed forms of
doc/verification.rst (section 4), with Rocky's unloading floor lambda = 0.001 taken into account.

Binary collision, loading stiffness K (like types: kn/2 in series), m_c, K_u = K/e^2:
  delta_max = v0 sqrt(m_c/K); the force leaves the K_u line for the floor lambda K delta at
  delta* = delta_max (1 - e^2)/(1 - lambda e^2) (the residual overlap, for lambda = 0
  delta_max (1 - e^2)); the time above the floor is (pi/2) sqrt(m_c/K) (1 + e) up to a relative
  ~1e-3 correction; the floor gives back lambda K delta*^2/2, so the rebound is
  e_eff = sqrt(e^2 + lambda (1 - e^2)^2 / (1 - lambda e^2)), for every impact speed.
Tolerances: 2000 steps per contact; extrema 1e-4, e 5e-4, durations and the residual overlap
(located to within a step) 3e-3.
Secondary damping: a sphere resting on a frozen one, dropped from a small height, bounces and
then oscillates on the unloading line; hys_damp brings it to rest, without it the oscillation
stays, and a single collision rebounds the same with and without it.
Tangential models: spinning spheres colliding head-on slide throughout, so the centres' relative
tangential velocity changes by fric_dyn (1 + e_eff) v_n (tan_mode 0 and 1).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from collision import deck, mass, measured  # noqa: E402
from demtest import Batch, Checks  # noqa: E402

R, RHO, KN, LAM = 0.01, 2500.0, 2e5, 0.001
K, M = KN / 2, mass(R, RHO) / 2
T0 = math.sqrt(M / K)


def e_eff(e):
    return math.sqrt(e * e + LAM * (1 - e * e) ** 2 / (1 - LAM * e * e))


def collide(coeff, e, v0=1.0, steps_per=2000, extra=""):
    """The collision's deck and time step: steps_per steps per pi sqrt(m_c/K); the run lasts until
    the residual overlap has closed (at the rebound speed, after the force has dropped to the
    floor)."""
    dt = math.pi * T0 / steps_per
    periods = 0.1 + 0.5 * (1 + e) + (1 - e * e) / (e * math.pi) + 0.2
    return deck("dem/hysteretic", [coeff], v0=v0, dt=dt, gap0=0.1 * v0 * math.pi * T0,
                steps=int(periods * steps_per), extra=extra), dt


def collision_measured(res, dt):
    """measured() of a collision's run, with the overlap and force extrema and the floor's times."""
    m = measured(res, dt)
    rows = m["rows"]
    m["d_max"] = -min(r["v_gap"] for r in rows)
    m["f_max"] = max(abs(r["v_fx"]) for r in rows)
    above = [r for r in rows if r["v_gap"] < 0 and abs(r["v_fx"]) > LAM * K * (-r["v_gap"]) * (1 + 1e-6)]
    m["t_above"] = len(above) * dt
    peak = max(range(len(rows)), key=lambda k: abs(rows[k]["v_fx"]))
    floor = next(r for r in rows[peak:] if abs(r["v_fx"]) <= LAM * K * (-r["v_gap"]) * (1 + 1e-6))
    m["d_floor"] = -floor["v_gap"]
    return m


def main():
    """Every deck is one of a batch, run in one process at the end (Batch: an lmp start per
    deck cost more than most of them), each check reading its deck's result."""
    chk = Checks()
    batch = Batch()
    later = batch.add

    def collision(coeff, e, check, v0=1.0):
        text, dt = collide(coeff, e, v0)
        later(text, lambda res: check(collision_measured(res, dt)))

    for e in (0.1, 0.5, 0.95):
        for v0 in (0.1, 1.0, 5.0):
            def restitution(m, e=e, v0=v0):
                chk.close(f"e {e}, {v0} m/s: restitution e_eff", m["e"], e_eff(e), rel=5e-4)
                if v0 == 1.0:
                    chk.close(f"e {e}: maximum overlap v0 sqrt(m/K)", m["d_max"], v0 * T0, rel=1e-4)
                    chk.close(f"e {e}: peak force K delta_max", m["f_max"], K * v0 * T0, rel=1e-4)
                    chk.close(f"e {e}: time above the floor (pi/2) sqrt(m/K) (1+e)", m["t_above"],
                              0.5 * math.pi * T0 * (1 + e), rel=3e-3)
                    if e < 0.9:
                        chk.close(f"e {e}: residual overlap delta_max (1-e^2)/(1-lambda e^2)", m["d_floor"],
                                  v0 * T0 * (1 - e * e) / (1 - LAM * e * e), rel=3e-3)
            collision(f"* * kn {KN} restitution {e}", e, restitution, v0)
    # secondary damping leaves a single collision alone
    pair = []
    collision(f"* * kn {KN} restitution 0.5", 0.5, pair.append)
    collision(f"* * kn {KN} restitution 0.5 hys_damp 0.5", 0.5,
              lambda b: chk.close("hys_damp does not change a collision's restitution", b["e"], pair[0]["e"], rel=1e-12))
    # emod: K = E L per particle, L = 2R, in series: like spheres E R
    collision(f"* * emod {K / R} restitution 0.5", 0.5,
              lambda m: chk.close("emod: K = E R for like spheres (maximum overlap)", m["d_max"], T0, rel=1e-4))

    # a sphere settling on a frozen one under gravity: rest with secondary damping only
    for damp in (0.0, 0.3):
        text = f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -0.1 0.1 -0.1 0.1 -0.1 0.1
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single 0 0 {2 * R + 1e-4}
set atom * diameter {2 * R} density {RHO}
group base id 1
group top id 2
pair_style dem/hysteretic
pair_coeff * * kn {KN} restitution 0.5 hys_damp {damp}
neighbor 0.002 bin
fix freeze base freeze
fix integrate top nve/sphere
fix gravity top gravity 9.81 vector 0 0 -1
timestep {math.pi * T0 / 200}
run 40000
variable v equal abs(vz[2])
print "@ v ${{v}}"
"""

        def settle(res, damp=damp):
            v_osc = 9.81 * (mass(R, RHO) / KN) ** 0.5    # speed scale of the weight on the spring
            if damp > 0:
                chk.true(res["v"] < 1e-6 * v_osc, f"hys_damp {damp}: the sphere comes to rest (|vz| = {res['v']:.2e} m/s)")
            else:
                chk.true(res["v"] > 1e-3 * v_osc, f"hys_damp 0: the sphere keeps oscillating (|vz| = {res['v']:.2e} m/s)")
        later(text, settle)

    # tangential models in gross sliding (spins give the slip velocity 2 W R); 100 times stiffer,
    # so that the centres' sideways drift during the contact turns the normal by < 1e-3 rad
    e, mu_s, mu_d, w0, t0 = 0.5, 0.5, 0.3, 300.0, T0 / 10
    for tan_mode in (0, 1):
        text = deck("dem/hysteretic", [f"* * kn {100 * KN} restitution {e} kt_ratio {0.5 if tan_mode == 0 else 0} fric {mu_s} "
                                       f"fric_dyn {mu_d} tan_mode {tan_mode}"], v0=1.0, dt=math.pi * t0 / 2000,
                    gap0=0.1 * math.pi * t0, steps=5000, extra=f"set atom * omega 0 0 {w0}")
        text += '\nprint "@ vt $(vy[2]-vy[1]:%.17g)"\n'
        later(text, lambda res, tan_mode=tan_mode: chk.close(
            f"tan_mode {tan_mode}: sliding impact changes v_t by fric_dyn (1 + e) v_n", abs(res["vt"]),
            mu_d * (1 + e_eff(e)), rel=3e-3))

    batch.run(chk)
    chk.finish()


if __name__ == "__main__":
    main()
