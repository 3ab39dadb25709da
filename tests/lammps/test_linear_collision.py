"""dem/linear binary collisions against the closed forms of doc/verification.rst (section 2).

Tolerances: the contact starts and ends between two steps, so the measured restitution and
duration carry an error of order dt/t_c; with about 2000 steps per contact that is ~1e-3.
We allow 3e-3 (relative) for e and 2e-3 for durations, which interpolation keeps well inside.
Near critical damping (zeta 0.9) the rebound is slow (e ~ 0.0015): the overlap leaves zero with
slope e*v0, so the crossing is located less well; there we allow 1e-4 absolute on e (1e-4 of
the impact speed) and 5e-3 on the duration.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from collision import deck, mass, measured  # noqa: E402
from demtest import Checks, runs_in_process  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "src"))

R, RHO, KN = 0.01, 2500.0, 1e5      # per-type stiffness; like types give kn/2 in series
MASS = RHO * 4.0 / 3.0 * math.pi * R ** 3

def e_full(z):
    return math.exp(-z * math.pi / math.sqrt(1 - z * z))

def wtf_no_tension(z):
    """w0 * t_F for the no-tension dashpot (Schwager & Poschel 2007)."""
    s = math.sqrt(1 - z * z)
    return math.atan2(2 * z * s, 2 * z * z - 1) / s

def period(kn, m):
    return 2 * math.pi / math.sqrt(kn / m)

chk = Checks()
# every collision is a deck of one batch, run in one process (runs_in_process: an lmp start per deck
# cost more than its 5000-6000 steps); each check reads its deck's measurements
decks, checks = [], []


def collide(text, dt, check):
    decks.append((text, dt))
    checks.append(check)


# 1. equal spheres, full (dp_mode 0) and no-tension (dp_mode 1) normal dashpots
kn_c, mu = KN / 2, MASS / 2
w0 = math.sqrt(kn_c / mu)
dt = math.pi / w0 / 2000
for mode in (0, 1):
    for z in (0.0, 0.1, 0.5, 0.9):
        coeff = f"* * kn {KN} dp_nratio {z} dp_mode {mode}"

        def dashpot(m, mode=mode, z=z, w0=w0):
            if mode == 0:
                slow = z > 0.8
                chk.close(f"dp_mode 0 zeta {z}: restitution", m["e"], e_full(z),
                          abs_tol=1e-4 if slow else 3e-3 * e_full(z))
                chk.close(f"dp_mode 0 zeta {z}: contact duration pi/w", m["t_overlap"],
                          math.pi / (w0 * math.sqrt(1 - z * z)), rel=5e-3 if slow else 2e-3)
            else:
                tf = wtf_no_tension(z) / w0 if z > 0 else math.pi / w0
                chk.close(f"dp_mode 1 zeta {z}: restitution", m["e"], math.exp(-z * w0 * tf), rel=3e-3)
                chk.close(f"dp_mode 1 zeta {z}: force duration t_F", m["t_force"], tf, rel=2e-3)
        collide(deck("dem/linear", [coeff], dt=dt, steps=int(2.5 * math.pi / w0 / dt)), dt, dashpot)

# 1b. incremental normal force (lin_mode 1, eq. 5): with the activation fraction of eq. 1 it
# builds up k_n g_s exactly, so a normal impact follows the same closed forms
z = 0.3


def lin_mode(m, z=z, w0=w0):
    chk.close("lin_mode 1: restitution", m["e"], e_full(z), rel=3e-3)
    chk.close("lin_mode 1: contact duration pi/w", m["t_overlap"], math.pi / (w0 * math.sqrt(1 - z * z)), rel=2e-3)


collide(deck("dem/linear", [f"* * kn {KN} dp_nratio {z} lin_mode 1"], dt=dt, steps=6000), dt, lin_mode)

# 2. unequal radii and stiffnesses: kn in series, m_c = m1 m2 / (m1 + m2)
r2, kn1, kn2, z = 0.015, 1e5, 3e5, 0.3
m2 = RHO * 4.0 / 3.0 * math.pi * r2 ** 3
kn_c, mu = kn1 * kn2 / (kn1 + kn2), MASS * m2 / (MASS + m2)
w0 = math.sqrt(kn_c / mu)
dt = math.pi / w0 / 2000
coeffs = [f"1 1 kn {kn1} dp_nratio {z}", f"2 2 kn {kn2} dp_nratio {z}"]


def unequal(m, z=z, w0=w0):
    chk.close("unequal spheres: restitution", m["e"], e_full(z), rel=3e-3)
    chk.close("unequal spheres: duration uses series kn and harmonic m_c", m["t_overlap"],
              math.pi / (w0 * math.sqrt(1 - z * z)), rel=2e-3)


collide(deck("dem/linear", coeffs, r2=r2, dt=dt, steps=5000), dt, unequal)

# 3. meff arithmetic (PFC 3.0): the dashpot sees (m1+m2)/2, so the effective ratio is z*sqrt(ma/mu)
ma = 0.5 * (MASS + m2)
z_eff = z * math.sqrt(ma / mu)


def arithmetic(m, z=z, z_eff=z_eff):
    chk.close("meff arithmetic: restitution of the arithmetic-mean dashpot", m["e"], e_full(z_eff), rel=3e-3)
    chk.true(abs(m["e"] - e_full(z)) > 0.05, f"meff arithmetic differs from harmonic ({m['e']:.4f} vs {e_full(z):.4f})")


collide(deck("dem/linear meff arithmetic", coeffs, r2=r2, dt=dt, steps=5000), dt, arithmetic)

# 4. restitution keyword hits its target for both dashpot kinds
kn_c, mu = KN / 2, MASS / 2
w0 = math.sqrt(kn_c / mu)
dt = math.pi / w0 / 2000
for mode in (0, 1, 2, 3):
    for e in (0.3, 0.8):
        collide(deck("dem/linear", [f"* * kn {KN} restitution {e} dp_mode {mode}"], dt=dt, steps=6000), dt,
                lambda m, e=e, mode=mode: chk.close(f"restitution {e} dp_mode {mode}: achieved", m["e"], e, rel=3e-3))

# 5. stiffness from material: kn = A/(R1/E1 + R2/E2), A = pi min(R)^2 in 3d, 2 min(R) in 2d; the
# closed form with the masses as LAMMPS sets them (the deck prints them); the step from a sphere's
# mass, which is LAMMPS's in 2d too (set density is per volume without density/disc)
for dim in (3, 2):
    r2, e1, e2, z = 0.015, 1e7, 3e7, 0.2
    area = math.pi * R ** 2 if dim == 3 else 2 * R
    kn_c = area / (R / e1 + r2 / e2)
    coeffs = [f"1 1 emod {e1} kratio 2 dp_nratio {z}", f"2 2 emod {e2} kratio 3 dp_nratio {z}"]
    m1, m2 = mass(R, RHO), mass(r2, RHO)
    dt = math.pi / math.sqrt(kn_c * (m1 + m2) / (m1 * m2)) / 2000

    def material(m, dim=dim, kn_c=kn_c, z=z):
        w0 = math.sqrt(kn_c * (m["m1"] + m["m2"]) / (m["m1"] * m["m2"]))
        chk.close(f"{dim}d emod: duration from the material stiffness", m["t_overlap"],
                  math.pi / (w0 * math.sqrt(1 - z * z)), rel=2e-3)
        chk.close(f"{dim}d emod: restitution", m["e"], e_full(z), rel=3e-3)
    collide(deck("dem/linear", coeffs, r2=r2, dim=dim, dt=dt, steps=5000), dt, material)

for (text, dt), check, res in zip(decks, checks, runs_in_process([d for d, _ in decks])):
    check(measured(res, dt))
chk.finish()
