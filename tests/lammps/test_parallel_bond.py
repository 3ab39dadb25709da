"""PFC's parallel bond on dem/linear (pb_kn, pb_ks, pb_ten, pb_coh, pb_fa, pb_mcf, pb_rmul), against closed forms.

Two equal spheres, sphere 2 moved by fix move (translated, or spun about its centre), bonded by
dem_bond at contact; the bond's force and moment come from compute pair/local (p19-p24). With
Rbar = pb_rmul min(R1, R2), A = pi Rbar^2, I = pi Rbar^4/4, J = 2I (PFC's 3d bond):
1. pulled: F_n = kn_b A (g - g_bond) in tension; it breaks when F_n/A exceeds pb_ten, one break in
   tension; the strain energy (compute pair 1) is F_n^2/(2 kn_b A) before;
2. sheared (linear part without shear spring): |F_s| = ks_b A s; it breaks when |F_s|/A exceeds
   pb_coh, in shear; pressed first by delta, the strength is pb_coh + kn_b delta tan(pb_fa);
3. bent (spun about an axis normal to n): |M_b| = kn_b I theta; twisted (about n): |M_t| = ks_b J theta;
4. the moment counts in the tensile stress: bent until beta |M_b| Rbar / I exceeds pb_ten, it breaks
   in tension at |M_b| = pb_ten I / (beta Rbar) (pb_mcf = beta = 0.5 here);
5. the stiffnesses from a bond modulus (pb_emod E, pb_kratio kappa: PFC's pb_deformability), for
   spheres of radii R and 2R: kn_b = E / (3R), ks_b = kn_b / kappa, chosen equal to the given ones
   above, so that a pull and a twist give the same forces and moments and break alike.
With --kokkos the decks run on the CPU and /kk styles and must agree (on the forces and torques: /kk has
no compute pair/local), and a restart written halfway through
the pull on either backend continues on the other as uninterrupted; with --ranks the pull runs astride
two ranks, and a restart written on one rank continues on two, and back.
The increments are exact linear springs; a step (V dt) limits the strength checks to 1e-3.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import (Batch, Checks, backends_in_process, clean_error_exit, errors_in_process, run,  # noqa: E402
                     thermo_difference)
from two_spheres import error_deck, setup  # noqa: E402

R, KNB, KSB, TEN, COH = 0.01, 1e9, 5e8, 1e6, 1e6
AREA = math.pi * R ** 2
INERTIA = AREA * R ** 2 / 4
V, DT = 1.0, 1e-6
COEFF = f"kn 1e5 pb_kn {KNB} pb_ks {KSB} pb_ten {TEN} pb_coh {COH}"


# what the decks print: the bond's force and moment (compute pair/local, CPU styles only), or the
# forces and torques on sphere 1 (any backend: the /kk runs are compared with the CPU's on these)
LOCAL = """compute pl all pair/local p19 p20 p21 p22 p23 p24
compute b all reduce sum c_pl[1] c_pl[2] c_pl[3] c_pl[4] c_pl[5] c_pl[6] inputs local
variable fs equal sqrt(c_b[2]^2+c_b[3]^2)
variable mb equal sqrt(c_b[5]^2+c_b[6]^2)
thermo_style custom step c_b[1] v_fs c_b[4] v_mb c_dem[1] c_dem[14] c_dem[16] c_dem[17]"""
ATOMS = """variable fx equal fx[1]
variable fy equal fy[1]
variable fz equal fz[1]
compute tq one property/atom tqx tqy tqz
compute t1 one reduce sum c_tq[1] c_tq[2] c_tq[3]
thermo_style custom step v_fx v_fy v_fz c_t1[1] c_t1[2] c_t1[3] c_dem[1] c_dem[14] c_dem[16] c_dem[17]"""


def deck(motion, steps, coeff="", x2=2 * R - 2e-6, x0=0.0, tail="", first="", restart=None, probe=LOCAL, base=COEFF,
         r2=R):
    """Sphere 1 at x0 (still), sphere 2 (radius r2) at x0 + x2 (overlapping a little), bonded at contact; `first`
    a run before `motion`. With `restart`, the pair, its bond and the settings come from that file instead."""
    made = setup(x2, x0, R) + f"""set atom 2 diameter {2 * r2}
pair_style dem/linear energy yes
pair_coeff * * {base} {coeff}
timestep {DT}
"""
    return f"""
{f"read_restart {restart}" if restart else made}
neighbor 2e-3 bin
group one id 1
group two id 2
fix still one move linear 0 0 0
{"" if restart else "dem_bond all gap 0"}
compute dem all pair dem/linear
{probe}
thermo_modify format float %.17g
thermo 1
{first}
fix move two move {motion}
run {steps}
{tail}
"""


PULL = f"linear {V} 0 0"
PULL_STEPS = int(TEN / KNB / (V * DT)) + 50    # past the break
HALF = int(TEN / KNB / (V * DT)) // 2          # halfway to it


def restart_continues(whole, label, tol, write, read, **deck_kw):
    """The pull written to a restart file halfway (run with `write`) and continued from it (with
    `read`) gives the uninterrupted run's rows `whole`."""
    work = tempfile.mkdtemp(prefix="parallel-bond-")
    run(deck(PULL, HALF, tail="write_restart bonded.restart", **deck_kw), workdir=work, **write)
    cont = run(deck(PULL, PULL_STEPS - HALF, restart="bonded.restart", **deck_kw), workdir=work, **read).thermo
    by_step = {r["Step"]: r for r in whole}
    worst = thermo_difference([by_step[r["Step"]] for r in cont[1:]], cont[1:])
    chk.true(len(cont) > 10 and worst <= tol, f"restart {label}: the parallel bond survives; the continued pull is "
             f"the uninterrupted one (worst relative difference {worst:.1e})")


def peak(rows, col):
    return max(abs(r[col]) for r in rows)


def pulled(res, label="pulled"):
    rows = res.thermo
    held = [r for r in rows if r["c_b[1]"] != 0.0]
    worst = max(abs(r["c_b[1]"] - KNB * AREA * V * DT * r["Step"]) for r in held) / (TEN * AREA)
    chk.true(worst < 1e-9, f"{label}: F_n = kn A (g - g_bond) (worst {worst:.1e} of the strength)")
    chk.close(f"{label}: breaks at F_n = pb_ten A", peak(rows, "c_b[1]"), TEN * AREA, rel=1e-3)
    last = held[-1]
    chk.close(f"{label}: strain energy F_n^2 / (2 kn A)", last["c_dem[1]"], last["c_b[1]"] ** 2 / (2 * KNB * AREA),
              rel=1e-9)
    chk.true((rows[-1]["c_dem[14]"], rows[-1]["c_dem[16]"], rows[-1]["c_dem[17]"]) == (0, 1, 0),
             f"{label}: broken in tension, no bond left")


def sheared(res, strength, label):
    rows = res.thermo
    chk.close(f"{label}: breaks at |F_s| = {strength / COH:.4f} pb_coh A", peak(rows, "v_fs"), strength * AREA, rel=2e-3)
    chk.true((rows[-1]["c_dem[16]"], rows[-1]["c_dem[17]"]) == (0, 1), f"{label}: broken in shear")


def slope(res, col, stiffness, label, omega):
    rows = [r for r in res.thermo if r["Step"] > 0]
    worst = max(abs(abs(r[col]) - stiffness * omega * DT * r["Step"]) for r in rows) / (stiffness * omega * DT * rows[-1]["Step"])
    chk.true(worst < 1e-3, f"{label}: moment = stiffness x rotation (worst {worst:.1e} of the last)")


chk = Checks()
kokkos = "--kokkos" in sys.argv
if "--ranks" in sys.argv:
    straddle = deck(PULL, PULL_STEPS, x0=-R)
    one, two = run(straddle), run(straddle, ranks=2)
    worst = thermo_difference(one.thermo, two.thermo)
    chk.true(worst <= 1e-10, f"pulled: 2 ranks agree with 1 (worst relative difference {worst:.1e})")
    pulled(two)
    # restarts read by another rank count: written on one rank, continued on two, and back
    for writer, reader in ((1, 2), (2, 1)):
        restart_continues(one.thermo, f"written on {writer} rank(s), read on {reader}", 1e-10, {"ranks": writer},
                          {"ranks": reader}, x0=-R)
    chk.finish()

OMEGA = 1.0    # rad/s: 1e-3 rad in 1000 steps
# the bond's stiffnesses from a modulus, between spheres of radii R and 2R: kn_b = E / (3R) = KNB
EMOD = {"base": f"kn 1e5 pb_emod {KNB * 3 * R} pb_kratio {KNB / KSB} pb_ten {TEN} pb_coh {COH}", "r2": 2 * R,
        "x2": 3 * R - 2e-6}
period = 2 * math.pi / OMEGA
fa, delta = 30.0, 1e-5
shear_steps = int(1.5 * COH / KSB / (V * DT))
# pressed: a stiffer bond, so that the shear displacement at the strength is too small to change
# the normal force it was pressed to (sheared slower, for the force's resolution)
stiff, vs = 1e11, 0.01
OMEGA_B = 150.0
CASES = [    # (deck's arguments, check, label)
    ((PULL, PULL_STEPS), {}, pulled, "pulled"),
    ((f"linear 0 {V} 0", shear_steps), {}, lambda res: sheared(res, COH, "sheared"), "sheared"),
    ((f"linear 0 {vs} 0", int(1.7 * COH / stiff / (vs * DT))),
     {"coeff": f"pb_kn {stiff} pb_ks {stiff} pb_fa {fa}",
      "first": f"fix press two move linear {-vs} 0 0\nrun {int(delta / (vs * DT))}\nunfix press"},
     lambda res: sheared(res, COH + stiff * delta * math.tan(math.radians(fa)), "pressed and sheared"), "pressed"),
    ((f"rotate {2 * R - 2e-6} 0 0 0 1 0 {period}", 1000), {},
     lambda res: slope(res, "v_mb", KNB * INERTIA, "bent", OMEGA), "bent"),
    ((f"rotate {2 * R - 2e-6} 0 0 1 0 0 {period}", 1000), {},
     lambda res: slope(res, "c_b[4]", KSB * 2 * INERTIA, "twisted", OMEGA), "twisted"),
    ((f"rotate {2 * R - 2e-6} 0 0 0 1 0 {2 * math.pi / OMEGA_B}", 2000), {"coeff": "pb_coh 1e12 pb_mcf 0.5"},
     lambda res: chk.close("bent to breaking: |M_b| = pb_ten I / (beta Rbar)", peak(res.thermo, "v_mb"),
                           TEN * INERTIA / (0.5 * R), rel=2e-3), "bent to breaking"),
    ((PULL, PULL_STEPS), {**EMOD}, lambda res: pulled(res, "pulled, pb_emod"), "pulled, pb_emod"),
    ((f"rotate {3 * R - 2e-6} 0 0 1 0 0 {period}", 1000), {**EMOD},
     lambda res: slope(res, "c_b[4]", KSB * 2 * INERTIA, "twisted, pb_emod pb_kratio", OMEGA), "twisted, pb_emod"),
]
if kokkos:    # the /kk styles have no single(): compared with the CPU on the forces and torques
    backends_in_process(chk, [deck(*a, **kw, probe=ATOMS) for a, kw, _, _ in CASES], True, [c[3] for c in CASES])
else:
    batch = Batch()
    for a, kw, check, label in CASES:
        batch.add(deck(*a, **kw), check, label)
    batch.run(chk)

# restart: written halfway through the pull, continued (CPU, and /kk with --kokkos) as uninterrupted
whole = run(deck(PULL, PULL_STEPS, probe=ATOMS)).thermo
for writer, reader in (("CPU", "CPU"), ("CPU", "/kk"), ("/kk", "CPU")) if kokkos else (("CPU", "CPU"),):
    restart_continues(whole, f"written on {writer}, read on {reader}", 1e-12, {"kokkos": writer == "/kk"},
                      {"kokkos": reader == "/kk"}, probe=ATOMS)

ERRORS = [
    ("pb_rmul 0", "kn 1e5 pb_kn 1 pb_rmul 0", ["pb_rmul", "(0, inf)"]),
    ("pb_fa 90", "kn 1e5 pb_kn 1 pb_fa 90", ["pb_fa", "[0, 90)"]),
    ("pb_mcf 1.5", "kn 1e5 pb_kn 1 pb_mcf 1.5", ["pb_mcf", "[0, 1]"]),
    ("pb_ten without pb_kn", "kn 1e5 pb_ten 1", ["pb_ten", "pb_kn"]),
    ("pb_kn 0", "kn 1e5 pb_kn 0", ["pb_kn > 0"]),
    ("with cb_tenf", "kn 1e5 pb_kn 1 cb_tenf 1", ["cb_tenf", "pb_kn"]),
    ("with hold_gap", "kn 1e5 pb_kn 1 hold_gap 1e-4", ["pb_kn", "hold_gap"]),
    ("pb_emod with pb_kn", "kn 1e5 pb_emod 1e7 pb_kn 1", ["pb_emod", "pb_kn", "alternatives"]),
    ("pb_kratio without pb_emod", "kn 1e5 pb_kn 1 pb_kratio 2", ["pb_kratio needs pb_emod"]),
    ("pb_emod 0", "kn 1e5 pb_emod 0", ["pb_emod", "(0, inf)"]),
    ("pb_kratio -1", "kn 1e5 pb_emod 1e7 pb_kratio -1", ["pb_kratio"]),
    ("pb_ten_sd -1", "kn 1e5 pb_kn 1 pb_ten 1 pb_ten_sd -1", ["pb_ten_sd", "[0, inf)"]),
    ("pb_coh_shape 0", "kn 1e5 pb_kn 1 pb_coh 1 pb_coh_shape 0", ["pb_coh_shape", "(0, inf)"]),
    ("pb_ten_sd with pb_ten_shape", "kn 1e5 pb_kn 1 pb_ten 1 pb_ten_sd 0.1 pb_ten_shape 3",
     ["pb_ten_sd", "pb_ten_shape", "alternatives"]),
    ("pb_coh_sd with pb_coh_shape", "kn 1e5 pb_kn 1 pb_coh 1 pb_coh_sd 0.1 pb_coh_shape 3",
     ["pb_coh_sd", "pb_coh_shape", "alternatives"]),
    ("pb_ten_shape overflowing the reach", "kn 1e5 pb_kn 1e-300 pb_ten 1 pb_ten_shape 0.01",
     ["pb_ten_shape", "2 pb_ten/pb_kn"]),
    ("pb_seed 1.5", "kn 1e5 pb_kn 1 pb_seed 1.5", ["pb_seed", "whole number", "1.5"]),
    ("pb_seed 0", "kn 1e5 pb_kn 1 pb_seed 0", ["pb_seed", "(0, inf)"]),
    ("pb_ten_sd without pb_kn", "kn 1e5 pb_ten_sd 0.1", ["pb_ten_sd", "pb_kn"]),
]
decks = [error_deck(f"pair_style dem/linear\npair_coeff * * {coeff}") for _, coeff, _ in ERRORS]
for (what, _, words), res in zip(ERRORS, errors_in_process(decks, kokkos=kokkos)):
    ok = res.error is not None and all(w in res.error for w in words) and clean_error_exit(res)
    chk.true(ok, f"{what}: a clean error naming {words}: '{res.error}'")
chk.finish()
