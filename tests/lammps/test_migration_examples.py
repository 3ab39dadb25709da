"""The worked examples of the migration guides (doc/migrating_from_pfc.rst, doc/migrating_from_rocky.rst),
run as shipped from a copy of their folders, against closed forms.

examples/balls_in_box (PFC's "Balls in a Box" with dem/linear emod/kratio and fix wall/dem):
  * all 100 balls are still in the box (none lost through a wall);
  * it stops on PFC's criterion, ratio-average (mean |net force| / mean contact force) < 1e-3,
    before the step limit;
  * at rest the walls carry the weight: the net force on the balls is the weight plus the wall
    forces, so |F_z(walls) - (-M g)| <= sum_i |f_i| = N * mean |f_i| exactly (triangle inequality);
  * the rms speed is below 1% of sqrt(g R_min) (a ball at rest, not rattling);
  * the pile's top is where a random packing (volume fraction 0.45-0.64) of the balls' volume
    over the 10 m x 10 m floor puts it, within a ball radius (0.5-1 m).
examples/rocky_calibration (Rocky's E, nu, restitution into its three normal models):
  * the measured restitution of a particle-particle and a particle-boundary impact equals the one
    asked for (linear spring-dashpot, Hertzian spring-dashpot) or Rocky's hysteretic value with its
    0.001 floor, sqrt(e^2 + 0.001 (1-e^2)^2/(1-0.001 e^2)); the hysteretic maximum overlap
    v0 sqrt(m_c/K) checks Rocky's stiffness from E (K = E L per particle, in series). Tolerance 1e-3 relative: with 2000
    steps per contact the dashpot sees LAMMPS's half-step velocity, an error of order zeta w0 dt
    (measured 5.2e-4 for the linear model, 2e-5 for Hertz, 1e-6 for the hysteretic spring).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples")


def run_example(name, deck):
    work = tempfile.mkdtemp(prefix=f"demtest-{name}-")
    for f in os.listdir(os.path.join(EXAMPLES, name)):
        if f.startswith("in."):
            shutil.copy(os.path.join(EXAMPLES, name, f), work)
    with open(os.path.join(work, deck)) as f:
        return run(f.read(), workdir=work)


def main():
    chk = Checks()
    g = 10.0
    r = run_example("balls_in_box", "in.balls_in_box")
    n = 100
    chk.close("balls in the box", r["balls"], n, abs_tol=0)
    for key, lim in (("xlo", -5), ("ylo", -5), ("zlo", -5)):
        chk.true(r[key] > lim, f"{key} = {r[key]} inside the wall at {lim}")
    for key in ("xhi", "yhi"):
        chk.true(r[key] < 5, f"{key} = {r[key]} inside the wall at 5")
    chk.true(r["ratio"] < 1e-3 and r["steps"] < 40000,
             f"settled on ratio-average < 1e-3 (got {r['ratio']:.3g} after {r['steps']:.0f} of 40000 steps)")
    weight = r["mass"] * g
    chk.close("walls carry the weight: F_z(walls) = -M g within sum |f_i|", r["fz_walls"], -weight,
              abs_tol=r["fnet_sum"])
    chk.true(r["fnet_sum"] < 1e-3 * weight, f"sum |f_i| = {r['fnet_sum']:.4g} below 1e-3 of the weight {weight:.4g}")
    v_rms = math.sqrt(2 * r["ke"] / r["mass"])
    chk.true(v_rms < 0.01 * math.sqrt(g * 0.5), f"at rest: rms speed {v_rms:.3g} m/s < 1% of sqrt(g R_min)")
    volume = r["mass"] / 1000.0
    lo, hi = volume / (100 * 0.64) - 1.0, volume / (100 * 0.45) + 1.0
    height = r["ztop"] + 5
    chk.true(lo < height < hi, f"pile top {height:.3f} m above the floor, in [{lo:.3f}, {hi:.3f}] (random packing)")

    r = run_example("rocky_calibration", "in.rocky_calibration")
    for model in ("hysteretic", "linear", "hertz"):
        for contact in ("pp", "pb"):
            key = f"{model}_{contact}"
            chk.close(f"{model}, {'particle-particle' if contact == 'pp' else 'particle-boundary'}: restitution",
                      r[key], r[key + "_expected"], rel=1e-3)
    # Rocky's loading stiffness from E: K = E L per particle, in series (pp: E L/2), and a boundary
    # K_b = E_b L in series (pb: L/(1/E + 1/E_b)); the hysteretic loading branch is undamped, so
    # delta_max = v0 sqrt(m_c/K) (m_c = m/2 and m), to the step error (measured 4e-7; 1e-5 allowed)
    m = 2500 * math.pi / 6 * 0.005 ** 3
    chk.close("hysteretic pp: delta_max = v0 sqrt(m_c/K), K = E L/2", r["hysteretic_dmax_pp"],
              math.sqrt(m / 2 / (1e8 * 0.005 / 2)), rel=1e-5)
    chk.close("hysteretic pb: delta_max = v0 sqrt(m/K), K = L/(1/E + 1/E_b)", r["hysteretic_dmax_pb"],
              math.sqrt(m / (0.005 / (1 / 1e8 + 1 / 1e9))), rel=1e-5)
    # the expected values themselves: the requested e (0.5 and 0.6), or Rocky's floor above them
    lam = 1e-3
    for contact, e in (("pp", 0.5), ("pb", 0.6)):
        chk.close(f"hysteretic {contact}: expected value", r[f"hysteretic_{contact}_expected"],
                  math.sqrt(e * e + lam * (1 - e * e) ** 2 / (1 - lam * e * e)), rel=1e-7)
        for model in ("linear", "hertz"):
            chk.close(f"{model} {contact}: expected value", r[f"{model}_{contact}_expected"], e, rel=1e-12)
    chk.finish()


if __name__ == "__main__":
    main()
