"""The contact report and timestep guard (doc/pair_dem_linear.rst, "Timestep guard").

Two spheres of types 1 and 2 (radius R, density RHO) and, for the walls, a zplane wall/dem. For
each law the collision time t_c = pi sqrt(m_c / k_n) is computed here from the closed forms:
  linear:      k_n = kn/2 (two like springs in series), m_c = m/2; against the wall k_n = kn, m_c = m
  Hertz:       h_n = 2 (2G/(3(1-nu))) sqrt(R*) (PFC eq. 5-6), R* = R/2 (pair) or R (wall);
               delta_max = (5/4 m_c v^2 / h_n)^(2/5), k_n = 3/2 h_n sqrt(delta_max)
  hysteretic:  K_nl = kn/2 (pair) or kn (wall), k_n = K_nl / e^2
The guard must warn at dt = t_c/5 and stay silent at dt = t_c/50, and its t_c (printed with 6
digits) must match to 1e-5. The report table must list the pair of types. The Hertz impact speed
is twice the largest particle speed unless impact_speed is given.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, clean_error_exit, errors_in_process  # noqa: E402

R, RHO, KN, G, NU, E = 0.01, 2500.0, 1e5, 1e7, 0.3, 0.5
M = RHO * 4.0 / 3.0 * math.pi * R ** 3
COEFF = {"linear": f"kn {KN} ks {KN / 2} fric 0.5", "hertz": f"hz_shear {G} hz_poiss {NU} fric 0.5",
         "hysteretic": f"kn {KN} restitution {E} kt_ratio 0.5 fric 0.5"}


def t_c(law, wall, v):
    m = M if wall else M / 2
    if law == "linear":
        k = KN if wall else KN / 2
    elif law == "hysteretic":
        k = (KN if wall else KN / 2) / E ** 2
    else:
        hn = 2 * (2 * G / (3 * (1 - NU))) * math.sqrt(R if wall else R / 2)
        delta = (1.25 * m * v * v / hn) ** 0.4
        k = 1.5 * hn * math.sqrt(delta)
    return math.pi * math.sqrt(m / k)


def deck(law, wall, dt, speed, vel):
    pair = "pair_style zero 0.05\npair_coeff * *" if wall else \
        f"pair_style dem/{law} contact_report yes {speed}\npair_coeff * * {COEFF[law]}"
    fix = f"fix w all wall/dem {law} {COEFF[law]} zplane 0.0 NULL contact_report yes {speed}" if wall else ""
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block -0.1 0.1 -0.1 0.1 0 0.2
create_box 2 box
create_atoms 1 single -0.03 0 0.05
create_atoms 2 single 0.03 0 0.05
set group all diameter {2 * R} density {RHO}
velocity all set {vel} 0 0
{pair}
neighbor 0.005 bin
{fix}
fix integrate all nve/sphere
timestep {dt}
run 0
"""


def main():
    chk = Checks()
    plan = []    # (law, wall, speed, vel, t_c): each runs at dt = t_c/5 and t_c/50
    for law in ("linear", "hertz", "hysteretic"):
        for wall in (False, True):
            # Hertz: the stated impact speed, and (pair) the default from the particles' speeds
            cases = [("impact_speed 2.0", 0.0, 2.0)] if law == "hertz" else [("", 0.0, 1.0)]
            if law == "hertz":
                cases.append(("", 1.0, 1.0 if wall else 2.0))
            for speed, vel, v in cases:
                plan.append((law, wall, speed, vel, t_c(law, wall, v)))
    # bad impact speeds are errors naming the keyword and its range
    bad_cases = [(wall, bad) for wall in (False, True) for bad in ("0", "-1")]
    decks = [deck(law, wall, tc / div, speed, vel) for law, wall, speed, vel, tc in plan for div in (5, 50)]
    decks += [deck("hertz", wall, 1e-6, f"impact_speed {bad}", 0.0) for wall, bad in bad_cases]
    # all decks in one process (LAMMPS's Python module)
    results = iter(errors_in_process(decks))
    for law, wall, speed, vel, tc in plan:
        where = f"{law} {'wall' if wall else 'pair'}"
        label = f"{where} {speed or 'default speed'}"
        big, small = next(results), next(results)
        for res, dt in ((big, "t_c/5"), (small, "t_c/50")):
            chk.true(res.returncode == 0 and res.error is None, f"{label}: dt = {dt} runs ({res.error})")
        m = re.search(r"WARNING: .*timestep .* exceeds t_c/10 for (.*?) \(collision time t_c = (\S+),", big.output)
        chk.true(m is not None, f"{label}: dt = t_c/5 warns")
        if m:
            chk.close(f"{label}: t_c of the warning", float(m.group(2)), tc, rel=1e-5)
            chk.true(("the wall" in m.group(1)) == wall, f"{label}: the warning names '{m.group(1)}'")
        chk.true("contact report" in big.output and ("types 1 and 2" in big.output or wall),
                 f"{label}: the report table lists the contacts")
        chk.true("exceeds t_c" not in small.output, f"{label}: dt = t_c/50 does not warn")
    for wall, bad in bad_cases:
        res = next(results)
        msg = res.error or ""
        chk.true("impact_speed" in msg and "(0, inf)" in msg and clean_error_exit(res),
                 f"impact_speed {bad} ({'wall' if wall else 'pair'}): '{msg}', exit code {res.returncode}")
    chk.finish()


if __name__ == "__main__":
    main()
