"""Adhesion (doc/adhesion.rst): two spheres pulled apart, force against the closed forms
(doc/verification.rst, section 7).

Sphere 1 stays put (not integrated), sphere 2 moves away along x at a prescribed speed (fix
move) from an overlap, so the force on it is a function of the gap alone (no dashpots):
  constant (Rocky):  F_x = k_n delta - f_c min(m1, m2) g   while gap < adh_dist, 0 beyond
  linear (Rocky):    F_x = k_n delta - f_k k_n (adh_dist - gap)
  JKR (dem/hertz):   F_x = F_JKR(a(delta)); the least force -3/2 pi w R*, the break at delta_c
The neighbour list is rebuilt every step (neigh_modify every 1 delay 0 check no) in the JKR runs,
so an attached contact at a positive gap must survive every rebuild; a run with rebuilds only
when needed gives the same forces. Also: MPI 2 ranks give the same curve as 1 rank.
--kokkos: every run also on the /kk styles, which must agree with the CPU run to 1e-10 (relative
to each thermo column's largest value); the checks above then read the /kk runs.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import MPIEXEC, Checks, run, run_backends  # noqa: E402

KOKKOS = "--kokkos" in sys.argv

R, RHO1, RHO2 = 0.01, 2500.0, 5000.0


def mass(r, rho):
    return rho * 4.0 / 3.0 * math.pi * r ** 3


def pull_deck(style, coeff, gap0, speed, dt, steps, neigh="every 1 delay 0 check no", procs=""):
    return f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
{procs}
region box block -0.05 0.05 -0.05 0.05 -0.05 0.05
create_box 2 box
create_atoms 1 single {-R} 0 0
create_atoms 2 single {R + gap0} 0 0
set atom 1 diameter {2 * R} density {RHO1}
set atom 2 diameter {2 * R} density {RHO2}
velocity all set 0 0 0
pair_style {style}
pair_coeff {coeff}
neighbor {0.2 * R} bin
neigh_modify {neigh}
group mover id 2
fix pull mover move linear {speed} 0 0
timestep {dt}
compute dem all pair {style.split()[0]}
variable gap equal x[2]-x[1]-{2 * R}
variable fx equal fx[2]
variable f1 equal fx[1]
thermo_style custom step v_gap v_fx v_f1 c_dem[11] c_dem[12]
thermo_modify format float %.17g
thermo 1
run {steps}
"""


chk = Checks()


def go(deck, label, **kw):
    return run_backends(chk, deck, KOKKOS, label, **kw)


m_min = mass(R, RHO1)
KN = 1e4          # per type; like types in series: kn_c = KN / 2
kn_c = KN / 2
g = 9.81
dist = 2e-5       # adhesive distance

# 1. Rocky's constant model on dem/linear: f_c min(m1, m2) g within the adhesive distance
frac = 40.0
gap0, steps = -1e-5, 400
speed = (dist * 2 - gap0) / (steps * 1e-4)
rows = go(pull_deck("dem/linear", f"* * kn {KN} adh_model 1 adh_frac {frac} adh_dist {dist} adh_g {g}",
                    gap0, speed, 1e-4, steps), "constant pull").thermo
fa = frac * m_min * g
worst_in = worst_out = 0.0
n_in = n_out = 0
for r in rows[1:]:
    gap = r["v_gap"]
    want = (kn_c * max(-gap, 0.0) - fa) if gap < dist else 0.0
    if abs(gap - dist) < 1e-9 or abs(gap) < 1e-12:
        continue
    err = abs(r["v_fx"] - want)
    if gap < dist:
        worst_in, n_in = max(worst_in, err), n_in + 1
    else:
        worst_out, n_out = max(worst_out, err), n_out + 1
    if abs(r["v_fx"] + r["v_f1"]) > 1e-12 * fa:
        chk.true(False, f"constant: equal and opposite forces at gap {gap}")
        break
chk.true(n_in > 100 and n_out > 100, f"constant: the pull sampled both sides of adh_dist ({n_in}, {n_out} steps)")
chk.close("constant: force k_n delta - f_c m_min g inside adh_dist, worst deviation", worst_in, 0.0, abs_tol=1e-9 * fa)
chk.close("constant: no force beyond adh_dist, worst", worst_out, 0.0, abs_tol=0.0)
inside = [r for r in rows[1:] if 0 < r["v_gap"] < dist]
phi_want = -fa * (dist - inside[len(inside) // 2]["v_gap"])
chk.close("constant: adhesive potential -f_c m g (adh_dist - gap) (compute pair [11])",
          inside[len(inside) // 2]["c_dem[11]"], phi_want, rel=1e-9)

# 2. Rocky's linear model on dem/linear: f_k k_n (adh_dist - gap)
fk = 0.3
rows = go(pull_deck("dem/linear", f"* * kn {KN} adh_model 2 adh_frac {fk} adh_dist {dist}",
                    gap0, speed, 1e-4, steps), "linear pull").thermo
worst = 0.0
for r in rows[1:]:
    gap = r["v_gap"]
    want = kn_c * max(-gap, 0.0) - (fk * kn_c * (dist - gap) if gap < dist else 0.0)
    worst = max(worst, abs(r["v_fx"] - want))
chk.close("linear: force k_n delta - f_k k_n (adh_dist - gap), worst deviation", worst, 0.0,
          abs_tol=1e-9 * fk * kn_c * dist)
chk.true(max(r["v_gap"] for r in rows) > dist, "linear: the pull passed adh_dist")

# 3. JKR on dem/hertz: E* = G/(1 - nu) for like types, R* = R/2, w = adh_gamma
G, NU, W = 1e6, 0.3, 0.5
E, RS = G / (1 - NU), R / 2
FC = 1.5 * math.pi * W * RS


def jkr_radius(delta):
    """a on the stable branch: x = sqrt(a), x^4 - R c x - R delta = 0 by bisection (independent of the C++)."""
    rc = RS * math.sqrt(2 * math.pi * W / E)
    lo, hi = (rc / 4) ** (1 / 3), max((2 * rc) ** (1 / 3), (2 * abs(RS * delta)) ** 0.25)
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid ** 4 - rc * mid - RS * delta > 0:
            hi = mid
        else:
            lo = mid
    return (0.5 * (lo + hi)) ** 2


def jkr_force(delta):
    a = jkr_radius(delta)
    return 4 * E * a ** 3 / (3 * RS) - math.sqrt(8 * math.pi * W * E * a ** 3)


ac = (math.pi * W * RS ** 2 / (8 * E)) ** (1 / 3)
delta_c = ac ** 2 / RS - math.sqrt(2 * math.pi * W * ac / E)
chk.close("JKR closed forms: delta_c = -(3/4) (pi^2 w^2 R / E^2)^(1/3)", delta_c,
          -0.75 * (math.pi ** 2 * W ** 2 * RS / E ** 2) ** (1 / 3), rel=1e-12)
coeff = f"* * hz_shear {G} hz_poiss {NU} adh_model 3 adh_gamma {W}"
gap0 = -2 * abs(delta_c)
steps = 3000
dt = 1e-5
speed = (3 * abs(delta_c) - gap0) / (steps * dt)


def check_jkr(rows, label):
    worst = 0.0
    attached = [r for r in rows[1:] if r["v_fx"] != 0.0]
    for r in attached:
        worst = max(worst, abs(r["v_fx"] - jkr_force(-r["v_gap"])))
    chk.close(f"{label}: force on the JKR curve, worst deviation / F_c", worst / FC, 0.0, abs_tol=1e-9)
    fmin = min(r["v_fx"] for r in rows)
    step_gap = speed * dt
    chk.close(f"{label}: pull-off force -3/2 pi w R*", fmin, -FC, rel=1e-6)
    last = max(r["v_gap"] for r in attached)
    chk.true(last > 0, f"{label}: the contact holds at positive gaps (up to {last:.4g})")
    chk.close(f"{label}: separation at -delta_c (last attached gap)", last, -delta_c, abs_tol=step_gap)
    beyond = [r for r in rows if r["v_gap"] > last]
    chk.true(beyond and all(r["v_fx"] == 0.0 for r in beyond), f"{label}: no force once broken")
    return [r["v_fx"] for r in rows]


res = go(pull_deck("dem/hertz", coeff, gap0, speed, dt, steps), "JKR pull")
f_every = check_jkr(res.thermo, "JKR, neighbour list rebuilt every step")
f_lazy = go(pull_deck("dem/hertz", coeff, gap0, speed, dt, steps, neigh="every 1 delay 0 check yes"),
            "JKR pull, lazy rebuilds").thermo
f_lazy = [r["v_fx"] for r in f_lazy]
chk.true(f_lazy == f_every, "JKR: the same forces with and without a rebuild every step")
# a LAMMPS without MPI (CMake found no mpiexec for it) runs one rank only
if MPIEXEC:
    f_mpi = go(pull_deck("dem/hertz", coeff, gap0, speed, dt, steps, procs="processors 2 1 1"), "JKR pull, 2 ranks",
               ranks=2, threads=1).thermo
    chk.true([r["v_fx"] for r in f_mpi] == f_every, "JKR: 2 MPI ranks (one sphere each) give the same forces")
else:
    print("LAMMPS without MPI: the 2-rank JKR comparison is left out")
# the adhesive potential left at the break is booked as the adhesive loss (compute pair [12], energy yes)
rows = go(pull_deck("dem/hertz energy yes", coeff, gap0, speed, dt, steps), "JKR pull, energy yes").thermo
a_touch = (2 * math.pi * W * RS ** 2 / E) ** (1 / 3)


def jkr_work(a):
    return (8 * E * a ** 5 / (15 * RS ** 2) - 8 / 3 * math.sqrt(math.pi * W * E / 2) * a ** 3.5 / RS
            + math.pi * W * a ** 2)


chk.close("JKR: adhesive loss at the break = work from touching to delta_c", rows[-1]["c_dem[12]"],
          jkr_work(ac) - jkr_work(a_touch), rel=1e-9)

# compute pair/local (the pair's single()): p17 is the adhesive force F_a >= 0 and
# `force` the normal force with it, for two spheres held at a fixed gap (no integration, one step)
LOCAL = """compute pl all pair/local p17 force p1
compute sum all reduce sum c_pl[1] c_pl[2] c_pl[3] inputs local
thermo_style custom step v_gap c_sum[1] c_sum[2] c_sum[3]
thermo_modify format float %.17g
run 1
"""


def local_at(style, coeff, gap):
    text = pull_deck(style, coeff, gap, 0.0, 1e-5, 0).replace("run 0\n", LOCAL)
    r = run(text).thermo[-1]
    return r["c_sum[1]"], r["c_sum[2]"], r["c_sum[3]"], r["v_gap"]


if not KOKKOS:
    hertz_e = 4 / 3 * E * math.sqrt(RS)
    cases = [("constant, overlap 1e-5", "dem/linear", f"* * kn {KN} adh_model 1 adh_frac {frac} adh_dist {dist} adh_g {g}",
              -1e-5, lambda d: fa, lambda d: kn_c * d),
             ("constant, gap 1e-5", "dem/linear", f"* * kn {KN} adh_model 1 adh_frac {frac} adh_dist {dist} adh_g {g}",
              1e-5, lambda d: fa, lambda d: 0.0),
             ("linear, gap 1e-5", "dem/linear", f"* * kn {KN} adh_model 2 adh_frac {fk} adh_dist {dist}",
              1e-5, lambda d: fk * kn_c * (dist + d), lambda d: 0.0),
             ("linear, overlap 1e-5", "dem/linear",
              f"* * kn {KN} adh_model 2 adh_frac {fk} adh_dist {dist}",
              -1e-5, lambda d: fk * kn_c * (dist + d), lambda d: kn_c * d),
             ("JKR, overlap |delta_c|/2", "dem/hertz", coeff, 0.5 * delta_c,
              lambda d: hertz_e * d ** 1.5 - jkr_force(d), lambda d: hertz_e * d ** 1.5),
             ("no adhesion, overlap 1e-5", "dem/linear", f"* * kn {KN}", -1e-5, lambda d: 0.0, lambda d: kn_c * d)]
    for name, style, cf, gap_set, want_adh, want_law in cases:
        f_adh, force, law_fn, gap = local_at(style, cf, gap_set)
        d = -gap
        scale = max(want_adh(d), want_law(d), 1e-30)
        chk.close(f"pair/local p17, {name}: the adhesive force", f_adh, want_adh(d), abs_tol=1e-9 * scale)
        chk.close(f"pair/local force, {name}: the law's force less the adhesive force", force,
                  want_law(d) - want_adh(d), abs_tol=1e-9 * scale)
        chk.close(f"pair/local p1, {name}: the law's normal force (unchanged)", law_fn, want_law(d), abs_tol=1e-9 * scale)
chk.finish()
