"""dem/hertz binary collisions against Hertz theory (doc/verification.rst, section 3) and the restitution
mapping.

Hertz: F = K delta^1.5, K = 4/3 E* sqrt(R*), with PFC's inheritance (eq. 18-19) giving
E* = 1/((1-nu1)/(2 G1) + (1-nu2)/(2 G2)); delta_max = (15 m v0^2 / (16 E* sqrt(R*)))^(2/5),
F_max = K delta_max^1.5, t_c = 2.94328 delta_max / v0.
Tolerances: with 1500-2000 steps per contact the step error is ~(dt/t_c)^2 on the extrema and
~dt/t_c on durations and restitution, which interpolating the gap's zero crossings reduces
further (measured: 1e-7 on delta_max, 2e-6 on t_c, 2.5e-5 on e): we allow 1e-4 on delta_max and
F_max, 5e-4 on t_c and e.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from collision import deck, mass, measured  # noqa: E402
from demtest import Checks, run_here, runs_in_process  # noqa: E402

RHO = 2500.0


def hertz_theory(r1, r2, g1, nu1, g2, nu2, v0, rho1=RHO, rho2=RHO):
    e_star = 1.0 / ((1 - nu1) / (2 * g1) + (1 - nu2) / (2 * g2))
    r_star = r1 * r2 / (r1 + r2)
    m1, m2 = mass(r1, rho1), mass(r2, rho2)
    m = m1 * m2 / (m1 + m2)
    k = 4.0 / 3.0 * e_star * math.sqrt(r_star)
    d_max = (15 * m * v0 ** 2 / (16 * e_star * math.sqrt(r_star))) ** 0.4
    return {"K": k, "m": m, "d_max": d_max, "f_max": k * d_max ** 1.5, "t_c": 2.94328 * d_max / v0}


def hertz_deck(coeffs, th, v0, r1, r2, pair="dem/hertz", steps_per_contact=2000, extra=""):
    """The collision deck for the theory th (its t_c sets the step) and its time step."""
    dt = th["t_c"] / steps_per_contact
    return deck(pair, coeffs, r1=r1, r2=r2, v0=v0, dt=dt, gap0=0.2 * v0 * th["t_c"],
                steps=int(1.6 * steps_per_contact), extra=extra), dt


def hertz_measured(res, dt):
    m = measured(res, dt)
    m["d_max"] = -min(r["v_gap"] for r in m["rows"])
    m["f_max"] = max(abs(r["v_fx"]) for r in m["rows"])
    return m


def hertz_run(coeffs, th, v0, r1, r2, **kw):
    """One collision (test_hertz_emod's, in run_here's LAMMPS process): hertz_measured of hertz_deck."""
    text, dt = hertz_deck(coeffs, th, v0, r1, r2, **kw)
    return hertz_measured(run_here(text), dt)


def main():
    """Every collision is a deck of one batch, run in one process (runs_in_process: an lmp start
    per deck cost more than its 2400-3200 steps); each check reads its deck's result."""
    chk = Checks()
    decks, checks = [], []

    def collide(text_dt, check):
        decks.append(text_dt)
        checks.append(check)

    # 1. elastic, unequal radii and materials
    r1, r2, v0 = 0.01, 0.015, 1.0
    g1, nu1, g2, nu2 = 1e8, 0.3, 3e8, 0.2
    th = hertz_theory(r1, r2, g1, nu1, g2, nu2, v0)
    coeffs = [f"1 1 hz_shear {g1} hz_poiss {nu1}", f"2 2 hz_shear {g2} hz_poiss {nu2}"]

    def elastic(m, th=th):
        chk.close("elastic: maximum overlap", m["d_max"], th["d_max"], rel=1e-4)
        chk.close("elastic: peak force", m["f_max"], th["f_max"], rel=1e-4)
        chk.close("elastic: contact duration 2.94328 delta_max/v0", m["t_overlap"], th["t_c"], rel=5e-4)
        chk.close("elastic: restitution 1", m["e"], 1.0, rel=1e-4)
    collide(hertz_deck(coeffs, th, v0, r1, r2), elastic)
    # the same as a like-material pair set explicitly for the two types (no inheritance)
    e_star = 1.0 / ((1 - nu1) / (2 * g1) + (1 - nu2) / (2 * g2))
    g_pair, nu_pair = 0.7 * e_star, 0.3    # G/(1-nu) = E*
    collide(hertz_deck(coeffs + [f"1 2 hz_shear {g_pair} hz_poiss {nu_pair}"], th, v0, r1, r2),
            lambda m, th=th: chk.close("pair values override inheritance (same E*)", m["d_max"], th["d_max"], rel=1e-4))

    # 2. damped: restitution e is reached at every impact speed, full and no-tension dashpots
    g, nu, r = 1e8, 0.25, 0.01
    for mode in (0, 1):
        for e in (0.3, 0.7, 0.9):
            for v in (0.1, 1.0, 5.0):
                th = hertz_theory(r, r, g, nu, g, nu, v)
                collide(hertz_deck([f"* * hz_shear {g} hz_poiss {nu} restitution {e} dp_mode {mode}"], th, v, r, r,
                                   steps_per_contact=1500),
                        lambda m, e=e, mode=mode, v=v: chk.close(f"restitution {e} dp_mode {mode} at {v} m/s", m["e"], e,
                                                                 rel=5e-4))

    # 3. dp_alpha 1/4 on top of the tangent stiffness (eq. 13 as written): e depends on speed
    es = []
    for v in (0.1, 5.0):
        th = hertz_theory(r, r, g, nu, g, nu, v)
        collide(hertz_deck([f"* * hz_shear {g} hz_poiss {nu} dp_nratio 0.3 dp_alpha 0.25"], th, v, r, r),
                lambda m: es.append(m["e"]))

    # 4. hz_alpha other than 3/2: F = h_n delta^a, h_n = 2 G sqrt(2 Rbar)/(3 (1 - nu)).
    # a = 1 is a linear spring k = h_n: duration pi sqrt(m/h_n); a = 2: delta_max from energy
    th = hertz_theory(r, r, g, nu, g, nu, 1.0)
    hn = th["K"]
    for a in (1.0, 2.0):
        d_max = ((a + 1) * th["m"] / (2 * hn)) ** (1 / (a + 1))    # 1/2 m v0^2 = h_n d^(a+1)/(a+1)
        t_guess = 3 * d_max

        def alpha(m, a=a, d_max=d_max):
            chk.close(f"hz_alpha {a}: maximum overlap from energy", m["d_max"], d_max, rel=1e-4)
            if a == 1.0:
                chk.close("hz_alpha 1: duration pi sqrt(m/h_n)", m["t_overlap"], math.pi * math.sqrt(th["m"] / hn),
                          rel=5e-4)
        collide(hertz_deck([f"* * hz_shear {g} hz_poiss {nu} hz_alpha {a}"], {"t_c": t_guess}, 1.0, r, r), alpha)

    # 5. 2d (dimension 2): the law is applied as written; delta_max from energy with the masses
    # LAMMPS sets (the deck prints them), 1/2 m_c v0^2 = h_n delta^2.5 / 2.5; the step and the
    # starting gap from a sphere's mass, which is LAMMPS's in 2d too (set density is per volume
    # without density/disc)
    d_guess = (2.5 * 0.5 * mass(r, RHO) / 2 / hn) ** 0.4
    dt2 = 3 * d_guess / 2000
    text = deck("dem/hertz", [f"* * hz_shear {g} hz_poiss {nu}"], r1=r, r2=r, v0=1.0, dim=2,
                dt=dt2, gap0=0.6 * d_guess, steps=3200)

    def two_d(m):
        d_max = (2.5 * 0.5 * (m["m1"] / 2) / hn) ** 0.4
        chk.close("2d: maximum overlap from energy", m["d_max"], d_max, rel=1e-4)
        chk.close("2d: elastic rebound", m["e"], 1.0, rel=1e-4)
    collide((text, dt2), two_d)

    for (text, dt), check, res in zip(decks, checks, runs_in_process([d for d, _ in decks])):
        check(hertz_measured(res, dt))
    chk.true(es[1] < es[0] - 0.02, f"dp_alpha 0.25: e depends on the impact speed ({es[0]:.4f} at 0.1, {es[1]:.4f} at 5 m/s)")
    chk.finish()


if __name__ == "__main__":
    main()
