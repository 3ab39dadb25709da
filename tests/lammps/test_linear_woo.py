"""dem/linear's options after Woo's noBreak (hold_gap) and noSlip (no_slip), against closed forms.

Two equal spheres collide head-on at v0 with no damping. With hold_gap G the contact, once formed,
keeps F_n = k_n g_s in tension: the pair oscillates harmonically about g_s = 0 with amplitude
A = v0/w, w = sqrt(k_n/m_c), in tension as in compression (G = 2A). With G = A/2 it breaks where
g_s passes G: the spheres leave at sqrt(v0^2 - w^2 G^2), and the strain energy over the step it
breaks at (the mean of its two ends) is booked as e_break (compute pair entry 13), so that kinetic
energy + e_break stays v0's, also at a coarse timestep (t_c/20).
A sphere pushed tangentially along a pressed one (fix move) loads the shear spring: with no_slip
the shear force is k_s s for every shear displacement s, without it capped at fric |F_n|.
With --kokkos every run is repeated on the /kk styles and must agree with the CPU run; with
--ranks the held and the breaking collision run on 2 ranks, the pair astride the ranks' boundary.
Tolerances: velocity Verlet at dt = t_c/2000 keeps a harmonic oscillator's energy to
(w dt)^2 ~ 3e-6, and the gap's extremes between steps are off by (w dt)^2/8; we allow 1e-3.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Batch, Checks, clean_error_exit, errors_in_process, on_two_ranks  # noqa: E402
from two_spheres import contact_frame, setup  # noqa: E402

KN, R, RHO, V0 = 1e5, 0.01, 2500.0, 1.0
KN_C = KN / 2                                  # like types: springs in series
M = RHO * 4.0 / 3.0 * math.pi * R ** 3
W = math.sqrt(KN_C / (M / 2))                  # m_c = m/2
A = V0 / W                                     # amplitude of the held oscillation
DT = math.pi / W / 2000


def collision(coeff, steps, x0=0.0, dt=DT):
    """The head-on pair, sphere 1 at x0, from a gap of 1e-4 at relative speed V0; thermo every step."""
    return setup(2 * R + 1e-4, x0, R, RHO) + f"""
velocity all set 0 0 0
set atom 1 vx {V0 / 2}
set atom 2 vx {-V0 / 2}
pair_style dem/linear energy yes
pair_coeff * * kn {KN} ks {KN} fric 0.5 {coeff}
neighbor 1e-3 bin
fix integrate all nve/sphere
timestep {dt}
compute dem all pair dem/linear
compute ke all ke
variable gap equal x[2]-x[1]-{2 * R}
variable vrel equal vx[2]-vx[1]
variable fx equal fx[2]
thermo_style custom step v_gap v_vrel v_fx c_ke c_dem[1] c_dem[13]
thermo_modify format float %.17g
thermo 1
run {steps}
"""


def sheared(coeff, steps=1000, v=0.1, dt=1e-6, overlap=1e-4):
    """Sphere 2 pressed onto sphere 1 by `overlap`, moved along y at v (both by fix move)."""
    return setup(2 * R - overlap, 0.0, R, RHO) + f"""
pair_style dem/linear
pair_coeff * * kn {KN} ks {KN} fric 0.2 {coeff}
neighbor 1e-3 bin
group one id 1
group two id 2
fix still one move linear 0 0 0
fix push two move linear 0 {v} 0
timestep {dt}
{contact_frame(R)}
thermo_style custom step v_fn v_fs
thermo_modify format float %.17g
thermo 100
run {steps}
"""


def crossings(rows):
    """Steps (interpolated) where the gap changes sign."""
    out = []
    for a, b in zip(rows, rows[1:]):
        if (a["v_gap"] > 0) != (b["v_gap"] > 0):
            out.append(a["Step"] + a["v_gap"] / (a["v_gap"] - b["v_gap"]))
    return out


def held(res):
    rows = res.thermo
    cross = crossings(rows)
    chk.true(len(cross) >= 3, f"hold_gap 2A: the pair passes g_s = 0 three times and stays bound ({len(cross)})")
    tension = [r["v_gap"] for r in rows if cross[1] <= r["Step"] <= cross[2]]
    chk.close("hold_gap 2A: the largest gap in tension is v0/w", max(tension), A, rel=1e-3)
    chk.close("hold_gap 2A: the tension half-period is pi/w", (cross[2] - cross[1]) * DT, math.pi / W, rel=1e-3)
    pulled = [r for r in rows if r["v_gap"] > 0.2 * A and cross[1] <= r["Step"] <= cross[2]]
    worst = max(abs(-r["v_fx"] - KN_C * r["v_gap"]) for r in pulled) / (KN_C * A)
    chk.true(worst < 1e-12, f"hold_gap 2A: the force in tension is k_n g_s (worst {worst:.1e} of k_n A)")
    e0 = rows[0]["c_ke"]
    drift = max(abs(r["c_ke"] + r["c_dem[1]"] - e0) for r in rows) / e0
    chk.true(drift < 1e-3, f"hold_gap 2A: kinetic + strain energy is conserved (worst {drift:.1e})")
    chk.true(rows[-1]["c_dem[13]"] == 0.0, "hold_gap 2A: nothing broke, e_break is 0")


def broken(res):
    rows = res.thermo
    g = A / 2
    chk.close("hold_gap A/2: leaves at sqrt(v0^2 - w^2 G^2)", rows[-1]["v_vrel"], math.sqrt(V0 ** 2 - (W * g) ** 2),
              rel=1e-3)
    last = [r for r in rows if r["v_fx"] != 0.0][-1]
    chk.true(0.99 * g < last["v_gap"] <= g, f"hold_gap A/2: the last force acts at g_s <= G ({last['v_gap']:.4e})")
    e_break = rows[-1]["c_dem[13]"]
    after = rows[rows.index(last) + 1]
    chk.close("hold_gap A/2: e_break is the mean of k_n g^2/2 over the step it let go at", e_break,
              0.25 * KN_C * (last["v_gap"] ** 2 + after["v_gap"] ** 2), rel=1e-12)
    chk.close("hold_gap A/2: kinetic energy + e_break stays the initial kinetic energy",
              rows[-1]["c_ke"] + e_break, rows[0]["c_ke"], rel=1e-3)
    chk.true(rows[-1]["v_gap"] > 2 * g, "hold_gap A/2: the spheres fly apart after the break")


def coarse(res):
    """The same at dt = t_c/20: the step's mean keeps the balance to the 1 % that velocity Verlet keeps
    an oscillator's energy at w dt = pi/20 (where the last force's energy lost 6 % of it)."""
    rows = res.thermo
    miss = abs(rows[-1]["c_ke"] + rows[-1]["c_dem[13]"] - rows[0]["c_ke"]) / rows[0]["c_ke"]
    chk.true(miss < 1e-2, f"hold_gap A/2 at dt = t_c/20: kinetic energy + e_break stays the initial kinetic "
                          f"energy (off by {miss:.1e})")


def default(res):
    rows = res.thermo
    chk.close("no hold_gap: the pair separates at v0 (elastic)", rows[-1]["v_vrel"], V0, rel=1e-3)
    chk.true(all(r["v_fx"] == 0.0 for r in rows if r["v_gap"] > 0), "no hold_gap: no force at a positive gap")


def incremental(res):
    rows = res.thermo
    cross = crossings(rows)
    tension = [r["v_gap"] for r in rows if cross[1] <= r["Step"] <= cross[2]]
    chk.close("hold_gap 2A, lin_mode 1: the largest gap in tension is v0/w", max(tension), A, rel=1e-3)


def no_slip(res, slip=False):
    v, dt = 0.1, 1e-6
    for r in res.thermo[1:]:
        s = v * r["Step"] * dt
        want = min(KN_C * s, 0.2 * abs(r["v_fn"])) if slip else KN_C * s
        chk.close(f"{'fric 0.2' if slip else 'no_slip 1'}: shear force after s = {s:.0e}", r["v_fs"], want, rel=1e-3)


chk = Checks()
kokkos = "--kokkos" in sys.argv
t_run = int(round((1e-4 / V0 + 3.5 * math.pi / W) / DT))
if "--ranks" in sys.argv:
    for coeff, label, check in ((f"hold_gap {2 * A}", "hold_gap 2A", held), (f"hold_gap {A / 2}", "hold_gap A/2", broken)):
        check(on_two_ranks(chk, collision(coeff, t_run, x0=-R), label))
    chk.finish()
batch = Batch()
batch.add(collision(f"hold_gap {2 * A}", t_run), held, "hold_gap 2A")
batch.add(collision(f"hold_gap {A / 2}", t_run), broken, "hold_gap A/2")
batch.add(collision(f"hold_gap {A / 2}", t_run // 100, dt=100 * DT), coarse, "hold_gap A/2, dt = t_c/20")
batch.add(collision("", t_run), default, "no hold_gap")
batch.add(collision(f"hold_gap {2 * A} lin_mode 1", t_run), incremental, "lin_mode 1")
batch.add(sheared("no_slip 1"), no_slip, "no_slip")
batch.add(sheared(""), lambda res: no_slip(res, slip=True), "Coulomb limit")
batch.run(chk, kokkos)

ERRORS = [
    ("hold_gap -1", "hold_gap -1", ["hold_gap", "[0, inf)"]),
    ("hold_gap inf", "hold_gap inf", ["hold_gap", "finite"]),
    ("no_slip 0.5", "no_slip 0.5", ["no_slip", "0 or 1"]),
    ("no_slip 2", "no_slip 2", ["no_slip", "0 or 1"]),
    ("no_slip with tan_mode 1", "no_slip 1 tan_mode 1 ks 0", ["no_slip", "tan_mode 0"]),
    ("hold_gap with dp_mode 1", "hold_gap 1e-4 dp_mode 1", ["hold_gap", "dp_mode"]),
    ("hold_gap with rolling", "hold_gap 1e-4 rr_fric 0.1", ["hold_gap", "rr_fric"]),
    ("hold_gap with adhesion", "hold_gap 1e-4 adh_model 1 adh_frac 0.1 adh_g 9.81", ["hold_gap", "adh_model"]),
]
decks = [sheared(coeff, steps=0) for _, coeff, _ in ERRORS]
for (what, _, words), res in zip(ERRORS, errors_in_process(decks, kokkos=kokkos)):
    ok = res.error is not None and all(w in res.error for w in words) and clean_error_exit(res)
    chk.true(ok, f"{what}: a clean error naming {words}: '{res.error}'")
chk.finish()
