"""Adhesion in motion (doc/adhesion.rst): JKR sticking velocity, energy balance, restart, errors.

Sticking velocity: two elastic spheres (no dashpot, no friction) meeting head-on at relative
speed v with a JKR contact keep the energy of the attached branch, so they separate with
v_out^2 = v^2 - v_s^2, v_s^2 = 2 U_c / m_c, U_c the work from touching (delta = 0) to the break
(delta_c) (the energy argument of Thornton & Ning 1998, here with the exact branch integral);
below v_s they stay attached. Energy: ke + strain + adhesive potential + dissipations (dashpot,
slip, adhesive loss) stays at its start value. Restart: a run split by write_restart/read_restart
ends bit for bit where the unbroken run ends. Errors: every bad adhesion input stops cleanly.
--kokkos: the runs (the restart's too) also on the /kk styles, which must agree with the CPU runs to
1e-10 (relative to each thermo column's largest value); the checks then read the /kk runs, the
restart is split and continued on /kk, and the error inputs (the CPU styles' code) are not repeated.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from collision import deck, mass  # noqa: E402
from demtest import (HAVE_KOKKOS, Batch, Checks, clean_error_exit, errors_in_process,  # noqa: E402
                      run)

KOKKOS = "--kokkos" in sys.argv

R, RHO = 0.01, 2500.0
G, NU, W = 1e6, 0.3, 0.5
E, RS = G / (1 - NU), R / 2
M_C = mass(R, RHO) / 2
JKR = f"* * hz_shear {G} hz_poiss {NU} adh_model 3 adh_gamma {W}"


def jkr_work(a):
    return (8 * E * a ** 5 / (15 * RS ** 2) - 8 / 3 * math.sqrt(math.pi * W * E / 2) * a ** 3.5 / RS
            + math.pi * W * a ** 2)


a_c = (math.pi * W * RS ** 2 / (8 * E)) ** (1 / 3)
a_touch = (2 * math.pi * W * RS ** 2 / E) ** (1 / 3)
U_C = jkr_work(a_c) - jkr_work(a_touch)
V_S = math.sqrt(2 * U_C / M_C)
chk = Checks()
print(f"JKR: U_c = {U_C:.6g} J, sticking velocity v_s = {V_S:.6g} m/s")

DT = 2e-6    # about 5000 steps per contact at these speeds
# Every deck that must run through is one of a batch (an lmp start per deck cost more than most
# of them; with --kokkos each deck is checked against its CPU run), each check reading its deck's
# result at the end.
BATCH = Batch()


# Sticking velocity. Run lengths: the rebounds at 1.5 and 3 v_s leave the contact after 5511 and
# 4276 steps (measured), so 8000 steps end in free flight at the speed that 25000 steps ended at, to
# the bit; at 0.8 v_s the pair's first excursion peaks at step 7160 (measured, period about 8450
# steps), where it would break if it could, so 10000 steps show it held.
for ratio, steps in ((0.8, 10000), (1.5, 8000), (3.0, 8000)):
    v = ratio * V_S

    def sticking(res, ratio=ratio, v=v):
        end = res.thermo[-1]
        if ratio < 1:
            chk.true(end["v_gap"] < 1e-4 and end["v_fx"] != 0.0,
                     f"v = {ratio} v_s: the spheres stay attached (gap {end['v_gap']:.3g}, force {end['v_fx']:.3g})")
        else:
            want = math.sqrt(v * v - V_S * V_S)
            chk.true(end["v_fx"] == 0.0 and end["v_vrel"] > 0, f"v = {ratio} v_s: the spheres separate")
            chk.close(f"v = {ratio} v_s: rebound speed sqrt(v^2 - v_s^2)", end["v_vrel"], want, rel=0.01)
    BATCH.add(deck("dem/hertz", [JKR], v0=v, dt=DT, steps=steps, gap0=1e-6), sticking, f"JKR impact at {ratio} v_s")

# energy balance, with a dashpot and friction, JKR and Rocky's constant model. 10000 steps (30000
# before) cover the first oscillation of the captured pair (gap maxima at steps 6316 and 5490,
# measured): the worst deviation (2.3e-10 J and 1.8e-12 J, at steps 1488 and 541) is then 1.7% and
# 2e-5 of the tolerance (1% of the energy lost), and the loss 1.0 and 1.4 times the kinetic energy
# (the check asks for 0.05)
ENERGY_THERMO = "thermo_style custom step v_gap v_vrel v_fx c_ke c_dem[1] c_dem[2] c_dem[3] c_dem[11] c_dem[12]"
CASES_E = [
    ("JKR, dp_nratio 0.2, v = 3 v_s", "dem/hertz energy yes", JKR + " dp_nratio 0.2 fric 0.3", 3 * V_S, "hertz"),
    ("constant, dp_nratio 0.1, captured", "dem/linear energy yes",
     "* * kn 1e4 dp_nratio 0.1 adh_model 1 adh_frac 2 adh_dist 1e-4 adh_g 9.81", 0.05, "linear"),
]
for name, style, coeff, v, law in CASES_E:
    d = deck(style, [coeff], v0=v, dt=DT if law == "hertz" else 1e-6, steps=10000, gap0=1e-6)
    d = d.replace("thermo_style custom step v_gap v_vrel v_fx",
                  f"compute ke all ke\ncompute dem all pair {style.split()[0]}\n{ENERGY_THERMO}")

    def balance(res, name=name):
        rows = res.thermo

        def total(r):
            return r["c_ke"] + r["c_dem[1]"] + r["c_dem[2]"] + r["c_dem[3]"] + r["c_dem[11]"] + r["c_dem[12]"]

        e0 = total(rows[0])
        worst = max(abs(total(r) - e0) for r in rows)
        lost = rows[-1]["c_dem[3]"] + rows[-1]["c_dem[12]"]
        chk.true(lost > 0.05 * rows[0]["c_ke"],
                 f"{name}: energy is dissipated ({lost:.4g} J, kinetic {rows[0]['c_ke']:.4g} J)")
        chk.true(min(r["c_dem[11]"] for r in rows) < 0, f"{name}: the adhesive potential is booked")
        chk.close(f"{name}: energy balance, worst deviation", worst, 0.0, abs_tol=0.01 * lost)
    BATCH.add(d, balance, name)

# restart: split run == unbroken run (attached JKR pair, oscillating through positive gaps). The
# split is at step 7000, where the gap is positive (1.2e-6 m, measured) and the pair held only by
# its contact history (a contact made afresh there would carry no force), then 3000 steps back
# into compression; the restart file is shared between the two decks by its path
v = 0.8 * V_S
base = deck("dem/hertz", [JKR + " dp_nratio 0.05"], v0=v, dt=DT, steps=10000, gap0=1e-6)
head, _, _ = base.partition("thermo_style")
tail_cmds = "thermo_style custom step v_gap v_vrel v_fx\nthermo_modify format float %.17g\nthermo 1000\n"
restart_file = os.path.join(tempfile.mkdtemp(prefix="demtest-adh-restart-"), "adh.restart")
BATCH.add(head + tail_cmds + "run 7000\nrun 3000\n", lambda res: RESTART.__setitem__("whole", res),
          "restart: unbroken run")
BATCH.add(head + tail_cmds + f"run 7000\nwrite_restart {restart_file}\n", lambda res: RESTART.__setitem__("first", res),
          "restart: first part")
BATCH.add(f"""
units si
atom_modify map array
read_restart {restart_file}
comm_modify vel yes
neighbor 0.005 bin
neigh_modify delay 0 every 1 check yes
fix integrate all nve/sphere
timestep {DT}
variable gap equal sqrt((x[2]-x[1])^2+(y[2]-y[1])^2+(z[2]-z[1])^2)-{2 * R}
variable vrel equal vx[2]-vx[1]
variable fx equal fx[2]
{tail_cmds}run 3000
""", lambda res: RESTART.__setitem__("second", res), "restart: second part")
RESTART = {}


def restart_checks():
    whole, first, second = (RESTART[k].thermo for k in ("whole", "first", "second"))
    at = first[-1]
    chk.true(at["v_gap"] > 0 and at["v_fx"] != 0.0,
             f"restart: the pair is attached at a positive gap at the restart (gap {at['v_gap']:.3g})")
    chk.true((second[-1]["v_gap"], second[-1]["v_vrel"], second[-1]["v_fx"]) ==
             (whole[-1]["v_gap"], whole[-1]["v_vrel"], whole[-1]["v_fx"]),
             f"restart: the split run ends where the unbroken run does (gap {second[-1]['v_gap']!r} vs "
             f"{whole[-1]['v_gap']!r})")


# errors
LIN, HZ = "kn 1e4", f"hz_shear {G} hz_poiss {NU}"
ERR = [
    ("JKR on dem/linear", "dem/linear", f"* * {LIN} adh_model 3 adh_gamma 0.1", ["adh_model 3", "dem/hertz"]),
    ("JKR on dem/hysteretic", "dem/hysteretic", "* * kn 1e4 restitution 0.5 adh_model 3 adh_gamma 0.1", ["adh_model 3", "dem/hertz"]),
    ("linear adhesion on dem/hertz", "dem/hertz", f"* * {HZ} adh_model 2 adh_frac 0.1", ["adh_model 2", "dem/linear"]),
    ("constant without adh_g", "dem/linear", f"* * {LIN} adh_model 1 adh_frac 0.1 adh_dist 1e-4", ["adh_g"]),
    ("adh_model 4", "dem/linear", f"* * {LIN} adh_model 4", ["adh_model", "0 (none), 1"]),
    ("negative adh_frac", "dem/linear", f"* * {LIN} adh_model 2 adh_frac -1", ["adh_frac", "[0, inf)"]),
    ("negative adh_dist", "dem/linear", f"* * {LIN} adh_model 2 adh_dist -1", ["adh_dist", "[0, inf)"]),
    ("negative adh_gamma", "dem/hertz", f"* * {HZ} adh_model 3 adh_gamma -1", ["adh_gamma", "[0, inf)"]),
    ("JKR without adh_gamma", "dem/hertz", f"* * {HZ} adh_model 3", ["adh_gamma > 0"]),
    ("JKR with hz_alpha", "dem/hertz", f"* * {HZ} hz_alpha 1.2 adh_model 3 adh_gamma 0.1", ["hz_alpha 1.5", "rgap 0"]),
    ("JKR with rgap", "dem/hertz", f"* * {HZ} rgap 1e-5 adh_model 3 adh_gamma 0.1", ["hz_alpha 1.5", "rgap 0"]),
    ("JKR with adh_dist", "dem/hertz", f"* * {HZ} adh_model 3 adh_gamma 0.1 adh_dist 1e-5", ["adh_dist", "adh_gamma"]),
    ("adh_frac without a model", "dem/linear", f"* * {LIN} adh_frac 0.1", ["adh_frac", "adh_model is 0"]),
    ("adh_gamma with the constant model", "dem/linear", f"* * {LIN} adh_model 1 adh_g 9.8 adh_gamma 0.1",
     ["adh_gamma", "adh_model 3"]),
    ("types differ in adh_model", "dem/linear", f"1 1 {LIN} adh_model 2 adh_frac 0.1\npair_coeff 2 2 {LIN}",
     ["differ in adh_model", "pair of types"]),
]
# (in one process: errors_in_process)
for (name, style, coeff, words), res in zip(ERR, errors_in_process([deck(s, [c], steps=0) for _, s, c, _ in ERR])
                                            if not KOKKOS else []):
    ok = res.error is not None and clean_error_exit(res) and all(w in res.error for w in words)
    chk.true(ok, f"error, {name}: {res.error}")
# a pair value resolves types that differ
BATCH.add(deck("dem/linear", [f"1 1 {LIN} adh_model 2 adh_frac 0.1", f"2 2 {LIN}", "1 2 adh_model 0"], steps=10),
          lambda res: chk.true(res.error is None, "a pair of types with its own adh_model runs"),
          "a pair of types with its own adh_model")
BATCH.run(chk, KOKKOS)
restart_checks()
if HAVE_KOKKOS and not KOKKOS:    # (the /kk styles refused adhesion before; kokkos.adhesion_dynamics runs them)
    res = run(deck("dem/hertz", [JKR], steps=10), kokkos=True)
    chk.true(res.error is None, "the /kk styles accept adhesion")
chk.finish()
