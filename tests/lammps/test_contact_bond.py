"""PFC's contact bond on dem/linear (cb_tenf, cb_shearf) and the dem_bond command, against closed forms.

Two equal spheres (fix move: positions prescribed, forces measured), bonded by dem_bond:
1. pulled apart at speed V: the bond carries F_n = k_n g_s in tension and breaks on the first
   step where F_n > cb_tenf; then there is no force, one break in tension is counted, and e_break
   (compute pair entry 13) is the spring's energy k_n g^2/2 averaged over the breaking step's ends;
2. pressed together and sheared: the bond does not slip, F_s = k_s s beyond the Coulomb limit up
   to cb_shearf; past it the bond breaks (in shear) and the force falls to fric |F_n|;
3. without dem_bond the same strengths change nothing (a linear contact: no tension);
4. dem_bond ... gap G bonds a pair apart by less than G: with lin_mode 1 its force starts at 0
   and follows k_n (g - g_bond); dem_bond ... unbond lets the pulled pair go;
5. a restart file keeps the bond (continued run = uninterrupted run), also from CPU to /kk.
With --kokkos the decks also run on the /kk styles and must agree with the CPU; with --ranks the
pulled pair runs astride two ranks. Thermo every step; the forces are exact linear springs, so
the checks are to round-off except where a step's displacement (V dt) sets the resolution.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Batch, Checks, clean_error_exit, errors_in_process, run, thermo_difference  # noqa: E402
from two_spheres import contact_frame, error_deck, setup  # noqa: E402

KN, R = 1e5, 0.01
KN_C = KN / 2                                  # like types: springs in series
V, DT = 0.05, 1e-6                             # pulling speed, timestep: V dt = 5e-8 (force step 2.5e-3 N)
TEN, SHEAR = 2.0, 3.0                          # cb_tenf, cb_shearf [N]


def pair(coeff, x2, move2, steps, bond="dem_bond all gap 0", x0=0.0, tail="", restart=None):
    """Sphere 1 at x0 still, sphere 2 at x0 + x2 moved at velocity move2 (fix move); thermo every step.
    With `restart`, the pair, its bonds and the settings come from that file instead."""
    made = setup(x2, x0, R) + f"""
pair_style dem/linear energy yes
pair_coeff * * kn {KN} ks {KN} fric 0.2 cb_tenf {TEN} cb_shearf {SHEAR} {coeff}
timestep {DT}
"""
    return f"""
{f"read_restart {restart}" if restart else made}
neighbor 1e-3 bin
group one id 1
group two id 2
fix still one move linear 0 0 0
fix push two move linear {move2}
{"" if restart else bond}
compute dem all pair dem/linear
{contact_frame(R)}
thermo_style custom step v_gap v_fn v_fs c_dem[13] c_dem[14] c_dem[15] c_dem[16] c_dem[17]
thermo_modify format float %.17g
thermo 1
run {steps}
{tail}
"""


def pulled(res, label="pulled"):
    rows = res.thermo
    # v_fn: tension positive (the force on sphere 1 towards sphere 2)
    held = [r for r in rows if r["v_fn"] != 0.0]
    worst = max(abs(r["v_fn"] - KN_C * r["v_gap"]) for r in held)
    chk.true(worst < 1e-9, f"{label}: the bond's force is k_n g_s, in tension too (worst {worst:.1e} N)")
    last = held[-1]
    chk.true(TEN - KN_C * V * DT <= last["v_fn"] <= TEN, f"{label}: the largest tension is cb_tenf to a step "
             f"({last['v_fn']:.6f} N)")
    after = rows[rows.index(last) + 1]
    chk.true(all(r["v_fn"] == 0.0 for r in rows[rows.index(last) + 1:]), f"{label}: no force after the break")
    chk.close(f"{label}: e_break is the mean of k_n g^2/2 over the breaking step", rows[-1]["c_dem[13]"],
              0.25 * KN_C * (last["v_gap"] ** 2 + after["v_gap"] ** 2), rel=1e-12)
    chk.true(last["c_dem[14]"] == 1 and rows[-1]["c_dem[14]"] == 0, f"{label}: one intact bond, none after")
    chk.true((rows[-1]["c_dem[15]"], rows[-1]["c_dem[16]"], rows[-1]["c_dem[17]"]) == (1, 1, 0),
             f"{label}: one bond made, broken in tension")


def sheared(res):
    rows = res.thermo
    fn = rows[1]["v_fn"]    # compression: negative
    peak = max(range(len(rows)), key=lambda k: rows[k]["v_fs"])
    chk.true(SHEAR - KN_C * V * DT <= rows[peak]["v_fs"] <= SHEAR * (1 + 1e-9),
             f"sheared: the bond holds F_s up to cb_shearf to a step ({rows[peak]['v_fs']:.6f} N), beyond "
             f"the Coulomb limit {0.2 * abs(fn):.3f} N")
    rise = [r for r in rows[1:peak + 1]]
    worst = max(abs(r["v_fs"] - KN_C * V * DT * r["Step"]) for r in rise) / SHEAR
    chk.true(worst < 1e-3, f"sheared: F_s = k_s s while bonded (worst {worst:.1e} of cb_shearf)")
    chk.close("sheared: after the break F_s = fric |F_n|", rows[-1]["v_fs"], 0.2 * abs(rows[-1]["v_fn"]), rel=1e-3)
    chk.true((rows[-1]["c_dem[14]"], rows[-1]["c_dem[16]"], rows[-1]["c_dem[17]"]) == (0, 0, 1),
             "sheared: the bond broke in shear")


def unbonded(res):
    rows = res.thermo
    chk.true(all(r["v_fn"] <= 0.0 for r in rows) and rows[-1]["c_dem[15]"] == 0,
             "without dem_bond: no bond, no tension (a linear contact)")


def gap_bond(res, lin_mode):
    rows = res.thermo
    g0 = 1e-5
    if lin_mode == 1:
        want = [KN_C * V * DT * r["Step"] for r in rows[1:]]
    else:
        want = [KN_C * r["v_gap"] for r in rows[1:]]
    worst = max(abs(r["v_fn"] - w) for r, w in zip(rows[1:], want))
    chk.true(rows[-1]["c_dem[15]"] == 1 and worst < 1e-9,
             f"bonded at gap {g0} with lin_mode {lin_mode}: F_n = k_n {'(g - g_bond)' if lin_mode else 'g'} "
             f"(worst {worst:.1e} N)")


def unbond(res):
    rows = res.thermo    # the second run's: its setup still has the bond's tension, its steps none
    chk.true(rows[0]["v_fn"] > 0 and all(r["v_fn"] == 0.0 for r in rows[1:]) and rows[-1]["c_dem[14]"] == 0,
             f"dem_bond unbond: the pulled pair lets go (tension {rows[0]['v_fn']:.3f} N before)")


chk = Checks()
kokkos = "--kokkos" in sys.argv
steps = int(TEN / (KN_C * V * DT)) + 100    # past the tensile break
if "--ranks" in sys.argv:
    deck = pair("", 2 * R - 1e-6, f"{V} 0 0", steps, x0=-R)
    two = run(deck, ranks=2)
    worst = thermo_difference(run(deck).thermo, two.thermo)
    chk.true(worst <= 1e-10, f"pulled: 2 ranks agree with 1 (worst relative difference {worst:.1e})")
    pulled(two, "pulled, 2 ranks")
    chk.finish()

batch = Batch()
batch.add(pair("", 2 * R - 1e-6, f"{V} 0 0", steps), pulled, "pulled")
batch.add(pair("", 2 * R - 1e-4, f"0 {V} 0", int(SHEAR / (KN_C * V * DT)) + 300), sheared, "sheared")
batch.add(pair("", 2 * R - 1e-6, f"{V} 0 0", 200, bond=""), unbonded, "no dem_bond")
for lin_mode in (1, 0):
    batch.add(pair(f"lin_mode {lin_mode}", 2 * R + 1e-5, f"{V} 0 0", 200, bond="dem_bond all gap 2e-5"),
              lambda res, m=lin_mode: gap_bond(res, m), f"gap bond, lin_mode {lin_mode}")
batch.add(pair("", 2 * R - 1e-6, f"{V} 0 0", 300, tail="dem_bond all unbond\nrun 300"), unbond, "unbond")
batch.run(chk, kokkos)

# restart: bond, pull halfway to the break, write; read back (CPU, and /kk with --kokkos) and pull on
half = steps // 2
whole = run(pair("", 2 * R - 1e-6, f"{V} 0 0", steps)).thermo
work = tempfile.mkdtemp(prefix="contact-bond-")
run(pair("", 2 * R - 1e-6, f"{V} 0 0", half, tail="write_restart bonded.restart"), workdir=work)
again = pair("", 2 * R - 1e-6, f"{V} 0 0", steps - half, restart="bonded.restart")
for backend in ("CPU", "/kk") if kokkos else ("CPU",):
    cont = run(again, workdir=work, kokkos=backend == "/kk").thermo
    by_step = {r["Step"]: r for r in whole}
    worst = thermo_difference([by_step[r["Step"]] for r in cont[1:]], cont[1:])
    chk.true(worst <= 1e-12, f"restart on {backend}: the bond survives; the continued run is the uninterrupted one "
             f"(worst relative difference {worst:.1e})")

ERRORS = [
    ("cb_tenf -1", "pair_coeff * * kn 1e5 cb_tenf -1", "", ["cb_tenf", "[0, inf)"]),
    ("cb_shearf nan", "pair_coeff * * kn 1e5 cb_shearf nan", "", ["cb_shearf", "finite"]),
    ("with emod", "pair_coeff * * emod 1e8 kratio 1 cb_tenf 1", "", ["cb_tenf", "emod"]),
    ("with tan_mode 1", "pair_coeff * * kn 1e5 tan_mode 1 cb_tenf 1", "", ["cb_tenf", "tan_mode 0"]),
    ("with hold_gap", "pair_coeff * * kn 1e5 hold_gap 1e-4 cb_tenf 1", "", ["cb_tenf", "hold_gap"]),
    ("with rr_fric", "pair_coeff * * kn 1e5 ks 1e5 rr_fric 0.1 cb_tenf 1", "", ["cb_tenf", "rr_fric"]),
    ("cb_tenf_sd without cb_tenf", "pair_coeff * * kn 1e5 cb_tenf_sd 0.1", "", ["cb_tenf_sd", "cb_tenf"]),
    ("cb_tenf_sd with cb_tenf_shape", "pair_coeff * * kn 1e5 cb_tenf 1 cb_tenf_sd 0.1 cb_tenf_shape 3", "",
     ["cb_tenf_sd", "cb_tenf_shape", "alternatives"]),
    ("cb_shearf_shape 0", "pair_coeff * * kn 1e5 cb_shearf 1 cb_shearf_shape 0", "", ["cb_shearf_shape", "(0, inf)"]),
    ("cb_tenf_sd overflowing the reach", "pair_coeff * * kn 1e-100 cb_tenf 1 cb_tenf_sd 1e300", "",
     ["cb_tenf_sd", "2 cb_tenf/kn"]),
    ("cb_seed 2.5", "pair_coeff * * kn 1e5 cb_tenf 1 cb_seed 2.5", "", ["cb_seed", "whole number", "2.5"]),
    ("no strengths", "pair_coeff * * kn 1e5", "dem_bond all gap 0", ["dem_bond", "cb_tenf"]),
    ("no group", "pair_coeff * * kn 1e5 cb_tenf 1", "dem_bond nosuch gap 0", ["dem_bond", "nosuch"]),
    ("bad gap", "pair_coeff * * kn 1e5 cb_tenf 1", "dem_bond all gap inf", ["dem_bond", "finite"]),
    ("bad keyword", "pair_coeff * * kn 1e5 cb_tenf 1", "dem_bond all glue 0", ["dem_bond", "unbond"]),
]
decks = [error_deck(f"pair_style dem/linear\n{coeff}\n{bond}") for _, coeff, bond, _ in ERRORS]
decks.append(error_deck("dem_bond all gap 0"))
ERRORS.append(("no dem/linear", "", "", ["dem_bond", "dem/linear"]))
for (what, _, _, words), res in zip(ERRORS, errors_in_process(decks, kokkos=kokkos)):
    ok = res.error is not None and all(w in res.error for w in words) and clean_error_exit(res)
    chk.true(ok, f"{what}: a clean error naming {words}: '{res.error}'")
chk.finish()
