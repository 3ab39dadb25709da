"""PFC's flat joint on dem/linear (fj_kn, fj_ks, fj_ten, fj_coh, fj_fric, fj_nr, fj_nal, fj_emod), against
closed forms.

Two equal spheres, sphere 2 moved by fix move (translated, or spun about its centre), joined by dem_bond. The
interface: a disk of radius R (fj_rmul 1) in fj_nr 2 rings of fj_nal 4 quarter sectors (3d), or a segment of 4
elements (2d); the expected values come from the elements' areas, centroids and second moments written out
below (annular sectors, by hand), not from the plugin's integration. With kn, ks per area:
1. pulled: F_n = kn A g_s (g_s = gap, installed overlapping: g_0 = 0); all 8 elements break in tension
   together when kn g_s exceeds fj_ten; strain energy F_n^2 / (2 kn A); installed across an open gap g
   (dem_bond gap), the joint starts stress-free (g_0 = g); fj_emod E gives kn = E / (R1 + R2);
2. sheared: |F_s| = ks A s; every element breaks in shear when ks s exceeds fj_coh; pressed first, the broken
   elements then slide: |F_s| = fj_fric |F_n|, the slip energy (entry 2) growing by |F_s| per unit of sliding;
3. twisted about n: M_t = ks theta sum_e A_e |x_e|^2 (the elements' shear forces at their centroids);
4. bent about an axis in the plane, installed touching: M_b = kn I_eff theta, where I_eff is the second
   moment of the bonded (or closed) part: I = pi R^4/4 until the two outer sectors in tension break (at
   kn theta |y_e| = fj_ten, y_e their centroid's lever), I - 2 J_out until the two inner ones break, then
   I/2 (the compressed half holds: the flat joint's moment after breakage);
5. the same in 2d (4 segments): 2R^3/3, less the outer tension segment's 7R^3/24, then R^3/3;
6. slit (fj_slit 1: no element bonded), installed overlapping and pulled: kn A g_s in compression, no
   tension, the joint ends once open; gapped (fj_gapped 1, fj_gapo g_o), installed touching and pressed:
   no force until the overlap reaches g_o, then kn A (g_c + g_o).
With --kokkos every deck runs on the CPU and /kk styles, which must agree on the forces and torques, and a
restart written halfway through the bend (after the first breaks) continues on the other backend as
uninterrupted; with --ranks the bend runs astride two ranks and restarts cross rank counts.
The increments are exact; a break is found to within a step (1e-3 of its angle or stretch). The shear is
applied from touching (no normal force whose turn would show in the shear).
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

R, KN, KS, TEN, COH = 0.01, 1e9, 5e8, 1e6, 1e6
AREA = math.pi * R ** 2
INERTIA = AREA * R ** 2 / 4
V, DT = 1.0, 1e-6
COEFF = f"kn 1e5 fj_kn {KN} fj_ks {KS} fj_ten {TEN} fj_coh {COH} fj_nr 2 fj_nal 4"


def sector(ri, ro, a1, a2):
    """Area, centroid (along the sector's bisector: its distance) and int y^2 dA (y = r cos(alpha)) of an
    annular sector"""
    da = a2 - a1
    area = 0.5 * da * (ro ** 2 - ri ** 2)
    dist = 2.0 / 3.0 * (ro ** 3 - ri ** 3) / (ro ** 2 - ri ** 2) * math.sin(da / 2) / (da / 2)
    y2 = (ro ** 4 - ri ** 4) / 4 * (da / 2 + (math.sin(2 * a2) - math.sin(2 * a1)) / 4)
    return area, dist, y2


OUTER = sector(R / 2, R, math.pi / 2, math.pi)    # a quarter of the outer ring
INNER = sector(0.0, R / 2, math.pi / 2, math.pi)

# what the decks print: the joint's elements (compute pair/local p27-p30: bonded, broken in tension, in
# shear, g_s; CPU styles only), or the forces and torques on sphere 1 (any backend)
LOCAL = """compute pl all pair/local p27 p28 p29 p30
compute b all reduce sum c_pl[1] c_pl[2] c_pl[3] c_pl[4] inputs local
variable fx equal fx[1]
variable fs equal sqrt(fy[1]^2+fz[1]^2)
compute tq one property/atom tqx tqy tqz
compute t1 one reduce sum c_tq[1] c_tq[2] c_tq[3]
thermo_style custom step c_b[1] c_b[2] c_b[3] c_b[4] v_fx v_fs c_t1[1] c_t1[2] c_t1[3] c_dem[1] c_dem[14] c_dem[16] c_dem[17]"""
ATOMS = """variable fx equal fx[1]
variable fy equal fy[1]
variable fz equal fz[1]
compute tq one property/atom tqx tqy tqz
compute t1 one reduce sum c_tq[1] c_tq[2] c_tq[3]
thermo_style custom step v_fx v_fy v_fz c_t1[1] c_t1[2] c_t1[3] c_dem[1] c_dem[14] c_dem[16] c_dem[17]"""


def deck(motion, steps, coeff="", x2=2 * R - 2e-6, x0=0.0, tail="", restart=None, probe=LOCAL, base=COEFF,
         bond_gap=0.0, dim2=False):
    """Sphere 1 at x0 (still), sphere 2 at x0 + x2, joined by dem_bond within bond_gap; with `restart`, the
    pair and its joint come from that file instead."""
    made = setup(x2, x0, R) + f"""pair_style dem/linear energy yes
pair_coeff * * {base} {coeff}
timestep {DT}
"""
    if dim2:
        made = made.replace("units si", "units si\ndimension 2").replace(
            f"-{0.1} {0.1} -{0.1} {0.1} -{0.1} {0.1}", "-0.1 0.1 -0.1 0.1 -0.001 0.001")
        made += "fix 2d all enforce2d\n"
    return f"""
{f"read_restart {restart}" if restart else made}
neighbor 2e-3 bin
group one id 1
group two id 2
fix still one move linear 0 0 0
{"" if restart else f"dem_bond all gap {bond_gap}"}
compute dem all pair dem/linear
{probe}
thermo_modify format float %.17g
thermo 1
fix move two move {motion}
run {steps}
{tail}
"""


def rows_of(res):
    return [r for r in res.thermo if r["Step"] > 0]


PULL_STEPS = int(TEN / KN / (V * DT)) + 50


def pulled(res, label="pulled", gap0=-2e-6, knb=KN):
    rows = rows_of(res)
    held = [r for r in rows if r["c_b[1]"] == 8]
    worst = max(abs(r["v_fx"] - knb * AREA * (gap0 + V * DT * r["Step"])) for r in held) / (TEN * AREA)
    chk.true(len(held) > 100 and worst < 1e-9, f"{label}: F_n = kn A g_s, 8 elements bonded (worst {worst:.1e} of "
             "the strength)")
    chk.close(f"{label}: all break at F_n = fj_ten A", max(r["v_fx"] for r in rows), TEN * AREA, rel=2e-3)
    last = held[-1]
    chk.close(f"{label}: strain energy F_n^2 / (2 kn A)", last["c_dem[1]"], last["v_fx"] ** 2 / (2 * knb * AREA),
              rel=1e-9)
    chk.true((rows[-1]["c_dem[14]"], rows[-1]["c_dem[16]"], rows[-1]["c_dem[17]"]) == (0, 8, 0),
             f"{label}: 8 elements broken in tension, the joint ended (no bond left): "
             f"{rows[-1]['c_dem[14]'], rows[-1]['c_dem[16]'], rows[-1]['c_dem[17]']}")


SHEAR_COH = 1e4    # a small cohesion: broken at a small shear displacement (the normal barely turns)


def sheared(res):
    rows = rows_of(res)
    held = [r for r in rows if r["c_b[1]"] == 8]
    worst = max(abs(r["v_fs"] - KS * AREA * V * DT * r["Step"]) for r in held) / (SHEAR_COH * AREA)
    chk.true(len(held) > 10 and worst < 1e-5, f"sheared: |F_s| = ks A s (worst {worst:.1e} of the strength)")
    chk.close("sheared: all break at |F_s| = fj_coh A", max(r["v_fs"] for r in rows), SHEAR_COH * AREA, rel=2e-3)
    chk.true(rows[-1]["c_dem[17]"] == 8 and rows[-1]["c_dem[16]"] == 0, "sheared: 8 elements broken in shear")


# pressed by 1e-5 and sheared: the normal force from pair/local's `force` (its exact normal component)
FRICTION = """compute pf all pair/local force p27 p29
compute f all reduce sum c_pf[1] c_pf[2] c_pf[3] inputs local
variable fs equal sqrt(fx[1]^2+fy[1]^2+fz[1]^2-c_f[1]^2)
thermo_style custom step c_f[1] v_fs c_f[2] c_f[3] c_dem[2]"""
FRIC = 0.5


def slid(res):
    rows = rows_of(res)
    sliding = [r for r in rows if r["c_f[3]"] == 8 and r["c_dem[2]"] > 0]
    worst = max(abs(r["v_fs"] / abs(r["c_f[1]"]) - FRIC) for r in sliding) / FRIC
    chk.true(len(sliding) > 100 and worst < 1e-6, f"pressed and sheared: the broken elements slide at |F_s| = "
             f"fj_fric |F_n| (worst relative {worst:.1e} over {len(sliding)} rows)")
    # the slip of a step: V dt on the contact plane (turned by y/d), plus what the springs give back as the
    # limit falls (the gap grows as the normal turns); from the second sliding step (the first slides for
    # part of it)
    d = 2 * R - 1e-5

    def along(step):
        return V * DT * d / math.hypot(d, V * DT * step)

    rate = [(b["c_dem[2]"] - a["c_dem[2]"]) /
            (0.5 * (a["v_fs"] + b["v_fs"]) * (along(b["Step"] - 0.5) + (a["v_fs"] - b["v_fs"]) / (KS * AREA)))
            for a, b in zip(sliding[1:], sliding[2:])]
    chk.true(max(abs(x - 1) for x in rate) < 1e-6, "pressed and sheared: slip energy grows by |F_s| times the slip "
             f"(worst {max(abs(x - 1) for x in rate):.1e})")


OMEGA = 2.0    # rad/s


def twisted(res):
    rows = rows_of(res)
    polar = 4 * (OUTER[0] * OUTER[1] ** 2 + INNER[0] * INNER[1] ** 2)
    worst = max(abs(abs(r["c_t1[1]"]) - KS * polar * OMEGA * DT * r["Step"]) for r in rows) / abs(rows[-1]["c_t1[1]"])
    chk.true(worst < 1e-9, f"twisted: M_t = ks theta sum A_e |x_e|^2 (worst {worst:.1e} of the last)")


BEND_TEN = 1e4
THETA1 = BEND_TEN / (KN * OUTER[1] * math.cos(math.pi / 4))    # the outer tension sectors break
THETA2 = BEND_TEN / (KN * INNER[1] * math.cos(math.pi / 4))    # the inner ones
BEND_STEPS = int(1.3 * THETA2 / (OMEGA * DT))


def bent(res, col="c_t1[3]", label="bent"):
    rows = rows_of(res)
    phases = [(INERTIA, 8, lambda th: th < THETA1 * (1 - 1e-3)),
              (INERTIA - 2 * OUTER[2], 6, lambda th: THETA1 * (1 + 1e-3) < th < THETA2 * (1 - 1e-3)),
              (INERTIA / 2, 4, lambda th: th > THETA2 * (1 + 1e-3))]
    for k, (inertia, bonded, inside) in enumerate(phases):
        part = [r for r in rows if inside(OMEGA * DT * r["Step"])]
        worst = max(abs(abs(r[col]) / (KN * OMEGA * DT * r["Step"]) / inertia - 1) for r in part)
        chk.true(len(part) > 100 and worst < 1e-9, f"{label}, phase {k + 1}: M_b = kn I_eff theta, I_eff/I = "
                 f"{inertia / INERTIA:.4f} (worst relative {worst:.1e} over {len(part)} rows)")
        if "c_b[1]" in rows[0]:
            chk.true(all(r["c_b[1]"] == bonded for r in part), f"{label}, phase {k + 1}: {bonded} elements bonded")
    breaks = [r["Step"] for a, r in zip(rows, rows[1:]) if r["c_dem[16]"] != a["c_dem[16]"]]
    chk.true(len(breaks) == 2, f"{label}: two breaking steps (pairs of sectors): {breaks}")
    if len(breaks) == 2:
        chk.close(f"{label}: the outer sectors break at kn theta |y_e| = fj_ten", OMEGA * DT * breaks[0], THETA1,
                  rel=1e-3)
        chk.close(f"{label}: the inner ones", OMEGA * DT * breaks[1], THETA2, rel=1e-3)
    chk.true(rows[-1]["c_dem[16]"] == 4 and rows[-1]["c_dem[14]"] == 1,
             f"{label}: 4 elements broken in tension, the joint holds")


# 2d: 4 segments of R/2 along the interface
THETA1_2D = BEND_TEN / (KN * 0.75 * R)
THETA2_2D = BEND_TEN / (KN * 0.25 * R)


def bent_2d(res):
    rows = rows_of(res)
    i2 = 2 * R ** 3 / 3
    phases = [(i2, lambda th: th < THETA1_2D * (1 - 1e-3)),
              (i2 - 7 * R ** 3 / 24, lambda th: THETA1_2D * (1 + 1e-3) < th < THETA2_2D * (1 - 1e-3)),
              (i2 / 2, lambda th: th > THETA2_2D * (1 + 1e-3))]
    for k, (inertia, inside) in enumerate(phases):
        part = [r for r in rows if inside(OMEGA * DT * r["Step"])]
        worst = max(abs(abs(r["c_t1[3]"]) / (KN * OMEGA * DT * r["Step"]) / inertia - 1) for r in part)
        chk.true(len(part) > 100 and worst < 1e-9, f"2d bent, phase {k + 1}: M = kn I_eff theta, I_eff/I = "
                 f"{inertia / i2:.4f} (worst relative {worst:.1e})")
    breaks = [r["Step"] for a, r in zip(rows, rows[1:]) if r["c_dem[16]"] != a["c_dem[16]"]]
    chk.true(len(breaks) == 2 and rows[-1]["c_dem[16]"] == 2, f"2d bent: one segment breaks, then the next: {breaks}")
    if len(breaks) == 2:
        chk.close("2d bent: the outer segment breaks", OMEGA * DT * breaks[0], THETA1_2D, rel=1e-3)
        chk.close("2d bent: the next one", OMEGA * DT * breaks[1], THETA2_2D, rel=1e-3)


def bend(x0=0.0):
    """sphere 2 (at x0 + 2R) spun about z through its centre"""
    return f"rotate {x0 + 2 * R} 0 0 0 0 1 {2 * math.pi / OMEGA}", BEND_STEPS


BEND = bend()
BEND_KW = {"coeff": f"fj_ten {BEND_TEN} fj_ks 0 fj_coh 1e12", "x2": 2 * R}
BEND_2D_STEPS = int(1.3 * THETA2_2D / (OMEGA * DT))
SLIT0 = 2e-5    # the slit joint's overlap at installation


def slit(res):
    """installed overlapping with every element unbonded (fj_slit 1), pulled: compression kn A g_s
    while closed, no tension; no element bonded or broken; the joint ends once open"""
    rows = rows_of(res)
    closed = [r for r in rows if -SLIT0 + V * DT * r["Step"] < -1e-9]
    worst = max(abs(r["v_fx"] - KN * AREA * (-SLIT0 + V * DT * r["Step"])) for r in closed) / (KN * AREA * SLIT0)
    chk.true(len(closed) > 10 and worst < 1e-9, f"slit: compression kn A g_s while closed (worst {worst:.1e})")
    opened = [r for r in rows if -SLIT0 + V * DT * r["Step"] > 1e-9]
    chk.true(opened and all(r["v_fx"] == 0.0 for r in opened), "slit: no tension once open")
    chk.true(all(r["c_b[1]"] == 0 and r["c_dem[16]"] == 0 and r["c_dem[17]"] == 0 for r in rows),
             "slit: no element bonded or broken")
    chk.true(rows[-1]["c_dem[14]"] == 0, "slit: the joint ended once open")


GAPO = 5e-5    # the gapped joint's initial opening


def gapped(res):
    """installed touching with every element unbonded and the interface open by g_o (fj_gapped 1),
    pressed: no force until the contact overlaps by g_o, then kn A (g_c + g_o)"""
    rows = rows_of(res)
    worst = max(abs(r["v_fx"] - KN * AREA * min(GAPO - V * DT * r["Step"], 0.0)) for r in rows) / (KN * AREA * GAPO)
    free = [r for r in rows if GAPO - V * DT * r["Step"] > 1e-9]
    chk.true(len(free) > 10 and all(r["v_fx"] == 0.0 for r in free) and worst < 1e-9,
             f"gapped: no force until the overlap reaches g_o, then kn A (g_c + g_o) (worst {worst:.1e})")
    chk.true(all(r["c_b[1]"] == 0 and r["c_dem[14]"] == 1 for r in rows), "gapped: the joint holds, unbonded")


CASES = [    # (deck's arguments, keyword arguments, check, label)
    ((f"linear {V} 0 0", PULL_STEPS), {}, pulled, "pulled"),
    ((f"linear {V} 0 0", PULL_STEPS), {"x2": 2 * R + 1e-5, "bond_gap": 2e-5},
     lambda res: pulled(res, "installed open", gap0=-V * DT), "installed open"),
    ((f"linear {V} 0 0", PULL_STEPS), {"base": COEFF.replace(f"fj_kn {KN} fj_ks {KS}", f"fj_emod {KN * 2 * R} "
                                                             f"fj_kratio {KN / KS}")},
     lambda res: pulled(res, "pulled, fj_emod"), "pulled, fj_emod"),
    ((f"linear 0 {V} 0", int(1.5 * SHEAR_COH / KS / (V * DT))), {"coeff": f"fj_coh {SHEAR_COH}", "x2": 2 * R, "bond_gap": 1e-9},
     sheared,
     "sheared"),
    ((f"linear 0 {V} 0", int(10 * SHEAR_COH / KS / (V * DT))),
     {"coeff": f"fj_coh {SHEAR_COH} fj_fric {FRIC}", "x2": 2 * R - 1e-5, "probe": FRICTION}, slid,
     "pressed and sheared"),
    ((f"rotate {2 * R - 2e-6} 0 0 1 0 0 {2 * math.pi / OMEGA}", 500), {"coeff": "fj_coh 1e12"}, twisted,
     "twisted"),
    (BEND, BEND_KW, bent, "bent"),
    ((f"rotate {2 * R} 0 0 0 0 1 {2 * math.pi / OMEGA}", BEND_2D_STEPS),
     {**BEND_KW, "base": COEFF.replace(" fj_nal 4", "").replace("fj_nr 2", "fj_nr 4"), "dim2": True}, bent_2d,
     "2d bent"),
    ((f"linear {V} 0 0", 2 * int(SLIT0 / (V * DT))), {"coeff": "fj_slit 1", "x2": 2 * R - SLIT0}, slit, "slit"),
    ((f"linear {-V} 0 0", 2 * int(GAPO / (V * DT))), {"coeff": f"fj_gapped 1 fj_gapo {GAPO}", "x2": 2 * R}, gapped,
     "gapped"),
]

chk = Checks()
kokkos = "--kokkos" in sys.argv


def restart_continues(whole, label, tol, write, read, x0=0.0, **deck_kw):
    """The bend written to a restart file after its first breaks and continued from it gives the
    uninterrupted run's rows `whole`."""
    work = tempfile.mkdtemp(prefix="flat-joint-")
    half = int(0.5 * (THETA1 + THETA2) / (OMEGA * DT))
    motion = bend(x0)[0]
    run(deck(motion, half, tail="write_restart joint.restart", x0=x0, **BEND_KW, **deck_kw), workdir=work, **write)
    cont = run(deck(motion, BEND_STEPS - half, restart="joint.restart", x0=x0, **BEND_KW, **deck_kw), workdir=work,
               **read).thermo
    by_step = {r["Step"]: r for r in whole}
    worst = thermo_difference([by_step[r["Step"]] for r in cont[1:]], cont[1:])
    chk.true(len(cont) > 10 and worst <= tol, f"restart {label}: the joint's broken and bonded elements carry over "
             f"(worst relative difference {worst:.1e})")


if "--ranks" in sys.argv:
    straddle = deck(*bend(-R), **BEND_KW, x0=-R)
    one, two = run(straddle), run(straddle, ranks=2)
    worst = thermo_difference(one.thermo, two.thermo)
    chk.true(worst <= 1e-10, f"bent: 2 ranks agree with 1 (worst relative difference {worst:.1e})")
    bent(two, label="bent on 2 ranks")
    # newton off: both ranks compute the pair, each from its own side; they must agree
    off = run("newton off\n" + straddle, ranks=2)
    worst = thermo_difference(one.thermo, off.thermo)
    chk.true(worst <= 1e-10, f"bent, newton off: 2 ranks agree with 1 (worst relative difference {worst:.1e})")
    for writer, reader in ((1, 2), (2, 1)):
        restart_continues(one.thermo, f"written on {writer} rank(s), read on {reader}", 1e-10, {"ranks": writer},
                          {"ranks": reader}, x0=-R)
    chk.finish()

if kokkos:    # the /kk styles have no single(): compared with the CPU on the forces and torques
    backends_in_process(chk, [deck(*a, **{**kw, "probe": ATOMS}) for a, kw, _, _ in CASES], True,
                        [c[3] for c in CASES])
else:
    batch = Batch()
    for a, kw, check, label in CASES:
        batch.add(deck(*a, **kw), check, label)
    batch.run(chk)

whole = run(deck(*BEND, **BEND_KW, probe=ATOMS)).thermo
for writer, reader in (("CPU", "CPU"), ("CPU", "/kk"), ("/kk", "CPU")) if kokkos else (("CPU", "CPU"),):
    restart_continues(whole, f"written on {writer}, read on {reader}", 1e-12, {"kokkos": writer == "/kk"},
                      {"kokkos": reader == "/kk"}, probe=ATOMS)

ERRORS = [
    ("fj_rmul 0", "kn 1e5 fj_kn 1 fj_rmul 0", ["fj_rmul", "(0, inf)"]),
    ("fj_fa 90", "kn 1e5 fj_kn 1 fj_fa 90", ["fj_fa", "[0, 90)"]),
    ("fj_nr 0", "kn 1e5 fj_kn 1 fj_nr 0", ["fj_nr", "1 to 16"]),
    ("fj_nal 2.5", "kn 1e5 fj_kn 1 fj_nal 2.5", ["fj_nal", "1 to 16"]),
    ("fj_nr 4 fj_nal 8", "kn 1e5 fj_kn 1 fj_nr 4 fj_nal 8", ["at most 16 elements", "fj_nr 4", "fj_nal 8"]),
    ("fj_ten without fj_kn", "kn 1e5 fj_ten 1", ["fj_ten", "fj_kn"]),
    ("fj_kn 0", "kn 1e5 fj_kn 0", ["fj_kn > 0"]),
    ("with pb_kn", "kn 1e5 fj_kn 1 pb_kn 1", ["fj_kn", "pb_kn", "not both"]),
    ("with cb_tenf", "kn 1e5 fj_kn 1 cb_tenf 1", ["fj_kn", "cb_tenf"]),
    ("with hold_gap", "kn 1e5 fj_kn 1 hold_gap 1e-4", ["fj_kn", "hold_gap"]),
    ("fj_emod with fj_kn", "kn 1e5 fj_emod 1e7 fj_kn 1", ["fj_emod", "fj_kn", "alternatives"]),
    ("fj_kratio without fj_emod", "kn 1e5 fj_kn 1 fj_kratio 2", ["fj_kratio needs fj_emod"]),
    ("fj_fric -1", "kn 1e5 fj_kn 1 fj_fric -1", ["fj_fric", "[0, inf)"]),
    ("fj_slit 1.5", "kn 1e5 fj_kn 1 fj_slit 1.5", ["fj_slit", "[0, 1]"]),
    ("fj_slit + fj_gapped > 1", "kn 1e5 fj_kn 1 fj_slit 0.6 fj_gapped 0.5 fj_gapo 1e-6",
     ["fj_slit", "fj_gapped", "at most 1"]),
    ("fj_gapo without fj_gapped", "kn 1e5 fj_kn 1 fj_gapo 1e-6", ["fj_gapo", "fj_gapped"]),
]
decks = [error_deck(f"pair_style dem/linear\npair_coeff * * {coeff}") for _, coeff, _ in ERRORS]
for (what, _, words), res in zip(ERRORS, errors_in_process(decks, kokkos=kokkos)):
    ok = res.error is not None and all(w in res.error for w in words) and clean_error_exit(res)
    chk.true(ok, f"{what}: a clean error naming {words}: '{res.error}'")
chk.finish()
