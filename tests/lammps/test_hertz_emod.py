"""dem/hertz and fix wall/dem hertz with Young's modulus (hz_emod E) instead of hz_shear: a type's
G = E / (2 (1 + nu)) with its hz_poiss, then PFC's inheritance (eq. 18-19) as for hz_shear.

Checks: (1) a collision with hz_emod equals the one with hz_shear E/(2(1+nu)) to the last digit
(the same double operations: we allow 1e-12), for unlike types, for a type with hz_emod meeting a
type with hz_shear, for a pair override and against a wall; (2) the closed forms of Hertz theory
with Rocky's reduced modulus E* = ((1-nu1^2)/E1 + (1-nu2^2)/E2)^-1, which eq. 18-19 reproduce
exactly when G_i = E_i/(2(1+nu_i)): delta_max and t_c = 2.94328 delta_max/v0 to 1e-4 and 5e-4
(2000 steps per contact, as in test_hertz_collision.py); (3) restitution with hz_emod.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from collision import mass  # noqa: E402
from demtest import Checks  # noqa: E402
from test_hertz_collision import hertz_run  # noqa: E402
import test_wall_impact as wall  # noqa: E402

RHO = 2500.0


def rocky_theory(r1, r2, e1, nu1, e2, nu2, v0, m_c):
    """Hertz with Rocky's reduced modulus and R* = R1 R2/(R1+R2) (r2 = inf for a wall)."""
    e_star = 1.0 / ((1 - nu1 ** 2) / e1 + (1 - nu2 ** 2) / e2)
    r_star = r1 if r2 == math.inf else r1 * r2 / (r1 + r2)
    d_max = (15 * m_c * v0 ** 2 / (16 * e_star * math.sqrt(r_star))) ** 0.4
    return {"d_max": d_max, "t_c": 2.94328 * d_max / v0}


def shear(e, nu):
    return e / (2 * (1 + nu))


def main():
    chk = Checks()
    r1, r2, v0 = 0.01, 0.015, 1.0
    e1, nu1, e2, nu2 = 70e9 / 1e3, 0.22, 200e9 / 1e3, 0.3     # soft glass and steel (E/1000)
    m1, m2 = mass(r1, RHO), mass(r2, RHO)
    th = rocky_theory(r1, r2, e1, nu1, e2, nu2, v0, m1 * m2 / (m1 + m2))

    def same(name, a, b):
        for key in ("d_max", "t_overlap", "e", "f_max"):
            chk.close(f"{name}: {key}", a[key], b[key], rel=1e-12)

    ref = hertz_run([f"1 1 hz_shear {shear(e1, nu1)} hz_poiss {nu1}", f"2 2 hz_shear {shear(e2, nu2)} hz_poiss {nu2}"],
                    th, v0, r1, r2)
    m = hertz_run([f"1 1 hz_emod {e1} hz_poiss {nu1}", f"2 2 hz_emod {e2} hz_poiss {nu2}"], th, v0, r1, r2)
    same("unlike types, hz_emod = hz_shear E/(2(1+nu))", m, ref)
    chk.close("unlike types: maximum overlap with Rocky's E*", m["d_max"], th["d_max"], rel=1e-4)
    chk.close("unlike types: contact duration with Rocky's E*", m["t_overlap"], th["t_c"], rel=5e-4)
    m = hertz_run([f"1 1 hz_emod {e1} hz_poiss {nu1}", f"2 2 hz_shear {shear(e2, nu2)} hz_poiss {nu2}"], th, v0, r1, r2)
    same("hz_emod meets hz_shear", m, ref)
    # hz_poiss given after hz_emod in a second pair_coeff: the conversion uses the final nu
    m = hertz_run([f"1 1 hz_emod {e1}", f"1 1 hz_poiss {nu1}", f"2 2 hz_emod {e2} hz_poiss {nu2}"], th, v0, r1, r2)
    same("hz_poiss set after hz_emod", m, ref)

    # a pair override: G from the pair's E and nu
    e12, nu12 = 1e8, 0.25
    ref = hertz_run([f"* * hz_shear 1e9 hz_poiss 0.1", f"1 2 hz_shear {shear(e12, nu12)} hz_poiss {nu12}"],
                    th, v0, r1, r2)
    m = hertz_run([f"* * hz_shear 1e9 hz_poiss 0.1", f"1 2 hz_emod {e12} hz_poiss {nu12}"], th, v0, r1, r2)
    same("pair override hz_emod", m, ref)
    e_star = e12 / (2 * (1 - nu12 ** 2))
    d_max = (15 * m1 * m2 / (m1 + m2) * v0 ** 2 / (16 * e_star * math.sqrt(r1 * r2 / (r1 + r2)))) ** 0.4
    chk.close("pair override: maximum overlap with E* = E/(2(1-nu^2))", m["d_max"], d_max, rel=1e-4)

    # restitution with hz_emod (no-tension dashpot, as Rocky's Hertzian spring-dashpot)
    m = hertz_run([f"* * hz_emod {e1} hz_poiss {nu1} restitution 0.6 dp_mode 1"], th, v0, r1, r1)
    chk.close("hz_emod with restitution 0.6 dp_mode 1", m["e"], 0.6, rel=5e-4)

    # a wall: the fix's hz_emod and hz_poiss are the contact's, E* = E/(2(1-nu^2)), R* = R
    mw = wall.mass()
    thw = rocky_theory(wall.R, math.inf, e1, nu1, e1, nu1, v0, mw)
    dt = thw["t_c"] / 2000
    a = wall.measure(wall.impact_deck(f"hertz hz_emod {e1} hz_poiss {nu1}", v0=v0, dt=dt, steps=3200), dt)
    b = wall.measure(wall.impact_deck(f"hertz hz_shear {shear(e1, nu1)} hz_poiss {nu1}", v0=v0, dt=dt, steps=3200), dt)
    same("wall, hz_emod = hz_shear E/(2(1+nu))", a, b)
    chk.close("wall: maximum overlap, E* = E/(2(1-nu^2)), R* = R", a["d_max"], thw["d_max"], rel=1e-4)
    chk.close("wall: contact duration", a["t_overlap"], thw["t_c"], rel=5e-4)
    chk.finish()


if __name__ == "__main__":
    main()
