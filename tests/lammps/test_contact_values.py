"""pair_style dem/* coeff type|contact and the contact values table (doc/pair_dem_linear.rst,
"Contact values").

Two spheres of radius R overlapping by DELTA, one force evaluation (run 0), against closed forms:
  coeff type (default): pair_coeff 1 1 kn K gives a 1-1 contact k_n = K/2 (springs in series);
  coeff contact:        pair_coeff 1 1 kn K gives k_n = K, pair_coeff 1 2 kn K12 a 1-2 contact K12,
                        and keywords a pair does not name take their defaults (no inheritance);
  dem/hysteretic the same with K_nl; dem/hertz F = 4/3 G/(1-nu) sqrt(R*) delta^1.5 in both (like
  types mix to their own moduli), the pair's own moduli for 1-2 under coeff contact.
The table printed at init must list every pair of types with the mixed values (parsed here), be
silenced by contact_values no, and print again only when it changes. A wall contact takes the fix's
values under either setting. coeff survives a restart file; a repeated pair_style that changes it
while values exist, a pair of types without values under coeff contact, and a wrong coeff value are
errors naming what to give. With Kokkos (if built), the /kk styles give the same forces.
One LAMMPS session per deck (LAMMPS's Python module), all in one process."""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import HAVE_KOKKOS, Checks, clean_error_exit, errors_in_process  # noqa: E402

R, DELTA = 0.005, 2e-4
G, NU = 1e7, 0.3


def deck(pair, coeffs, types=(1, 1), extra="", tail=""):
    """Two spheres along x overlapping by DELTA; prints the x force on the second."""
    lines = ["units si", "atom_style sphere", "atom_modify map array", "boundary f f f", "comm_modify vel yes",
             "region box block -0.1 0.1 -0.1 0.1 -0.1 0.1", "create_box 2 box",
             f"create_atoms {types[0]} single {-(R - DELTA / 2)} 0 0",
             f"create_atoms {types[1]} single {R - DELTA / 2} 0 0",
             f"set group all diameter {2 * R} density 2500", "neighbor 0.002 bin", "timestep 1e-7",
             f"pair_style {pair}"] + [f"pair_coeff {c}" for c in coeffs] + [extra, "run 0",
             "variable f equal fx[2]", 'print "@ f ${f}"', tail]
    return "\n".join(lines) + "\n"


def table(output, law):
    """{(I, J): [values]} of the last contact values table of pair style law (None for '-')."""
    lines = output.splitlines()
    starts = [k for k, line in enumerate(lines) if line.startswith(f"Pair {law} contact values")]
    if not starts:
        return None
    names = lines[starts[-1] + 1].split()[2:]
    rows = {}
    for line in lines[starts[-1] + 2:]:
        m = re.match(r"^\s+(\d+)\s+(\d+)\s+(.*)$", line)
        if not m:
            break
        vals = [None if w == "-" else float(w) for w in m.group(3).split()]
        rows[(int(m.group(1)), int(m.group(2)))] = dict(zip(names, vals))
    return rows


def hertz_force(g, nu):
    return 4 / 3 * g / (1 - nu) * math.sqrt(R / 2) * DELTA ** 1.5


LIN = "kn 1e5 ks 5e4 fric 0.5 dp_nratio 0.2"
HYS = "kn 1e5 restitution 0.5 kt_ratio 0.5 fric 0.5"
HZ = f"hz_shear {G} hz_poiss {NU} fric 0.5 dp_nratio 0.2"
# (label, deck, expected force or None for an error, text the error must contain)
CASES = [
    ("linear type 1-1", deck("dem/linear", [f"* * {LIN}"]), 5e4 * DELTA, None),
    ("linear coeff type 1-1", deck("dem/linear coeff type", [f"* * {LIN}"]), 5e4 * DELTA, None),
    ("linear contact 1-1", deck("dem/linear coeff contact", [f"* * {LIN}"]), 1e5 * DELTA, None),
    ("linear contact 1-2", deck("dem/linear coeff contact", [f"1 1 {LIN}", f"2 2 {LIN}", "1 2 kn 3e5 ks 1e5"],
                                types=(1, 2)),
     3e5 * DELTA, None),
    ("linear contact 2 1 order", deck("dem/linear coeff contact", [f"* * {LIN}", "2 1 kn 3e5 ks 1e5"], types=(1, 2)),
     3e5 * DELTA, None),
    ("linear type 1-2", deck("dem/linear", [f"1 1 {LIN}", "2 2 kn 3e5 ks 1e5 fric 0.3 dp_nratio 0.2"], types=(1, 2)),
     1e5 * 3e5 / 4e5 * DELTA, None),
    ("linear contact emod", deck("dem/linear coeff contact", ["* * emod 1e8 kratio 2 fric 0.5"]),
     math.pi * R * R * 1e8 / (2 * R) * DELTA, None),
    ("hysteretic type 1-1", deck("dem/hysteretic", [f"* * {HYS}"]), 5e4 * DELTA, None),
    ("hysteretic contact 1-1", deck("dem/hysteretic coeff contact", [f"* * {HYS}"]), 1e5 * DELTA, None),
    ("hertz type 1-1", deck("dem/hertz", [f"* * {HZ}"]), hertz_force(G, NU), None),
    ("hertz contact 1-1", deck("dem/hertz coeff contact", [f"* * {HZ}"]), hertz_force(G, NU), None),
    ("hertz contact 1-2", deck("dem/hertz coeff contact", [f"* * {HZ}", "1 2 hz_shear 3e7 hz_poiss 0.2"],
                               types=(1, 2)), hertz_force(3e7, 0.2), None),
    ("hybrid contact 1-2", deck("hybrid dem/linear coeff contact", [f"* * dem/linear {LIN}", "1 2 dem/linear kn 3e5"],
                                types=(1, 2)), 3e5 * DELTA, None),
    ("hybrid missing pair", deck("hybrid dem/linear coeff contact", [f"1 1 dem/linear {LIN}", f"2 2 dem/linear {LIN}"]),
     None, "Pair dem/linear: types 1 and 2 have no contact values"),
    # the wall takes the fix's values as the contact's under either setting
    ("wall under coeff contact",
     deck("dem/linear coeff contact", [f"* * {LIN}"], extra=f"fix w all wall/dem linear kn 2e5 zplane {-R + DELTA} NULL\n"
          "variable fz equal fz[1]\nrun 0\nprint \"@ fz ${fz}\""), 1e5 * DELTA, None),
    # errors
    ("wrong coeff value", deck("dem/linear coeff pfc", [f"* * {LIN}"]), None, "coeff must be type"),
    ("missing keyword value", deck("dem/linear coeff", [f"* * {LIN}"]), None, "keyword coeff needs a value"),
    ("missing pair", deck("dem/linear coeff contact", [f"1 1 {LIN}", f"2 2 {LIN}"]), None,
     "types 1 and 2 have no contact values"),
    ("pair without keywords", deck("dem/linear coeff contact", [f"* * {LIN}", "1 2"]), None,
     "with coeff contact, the values of the contacts"),
    ("mode changed", deck("dem/linear coeff contact", [f"* * {LIN}"], extra="pair_style dem/linear"), None,
     "a repeated pair_style must keep coeff contact"),
    ("mode changed to contact", deck("dem/linear", [f"* * {LIN}"], extra="pair_style dem/linear coeff contact"), None,
     "a repeated pair_style must keep coeff type"),
    # the table: silenced; printed once for two runs with the same values, again after new ones
    ("silenced", deck("dem/linear contact_values no", [f"* * {LIN}"]), 5e4 * DELTA, None),
    ("printed when changed", deck("dem/linear", [f"* * {LIN}"], tail="run 0\npair_coeff * * kn 4e5\nrun 0"),
     5e4 * DELTA, None),
    # restart: coeff contact kept; the repeated pair_style must restate it
    ("restart keeps coeff contact",
     deck("dem/linear coeff contact", [f"* * {LIN}"], tail="write_restart r.bin\nclear\nread_restart r.bin\n"
          "comm_modify vel yes\nneighbor 0.002 bin\nrun 0\nvariable g equal fx[2]\nprint \"@ g ${g}\"\n"
          "pair_style dem/linear coeff contact impact_speed 1\nrun 0\nprint \"@ h ${g}\"\n"
          "pair_style dem/linear"), None, "a repeated pair_style must keep coeff contact"),
]


def check_cases(chk, results, suffix=""):
    for (label, _, force, err), res in zip(CASES, results):
        label += suffix
        if err is None:
            ok = res.error is None and "f" in res.values
            chk.true(ok, f"{label}: runs" + ("" if ok else f" ({res.error})"))
            if ok:
                chk.close(f"{label}: F = k_n delta", res["f"], force, rel=1e-9)
        else:
            chk.true(clean_error_exit(res) and res.error and err in res.error,
                     f"{label}: error naming it ({res.error})")


chk = Checks()
results = errors_in_process([c[1] for c in CASES])
check_cases(chk, results)
by = {c[0]: r for c, r in zip(CASES, results)}

# the table's numbers are the mixed values
t = table(by["linear type 1-2"].output, "dem/linear")
chk.true(t is not None and set(t) == {(1, 1), (1, 2), (2, 2)}, f"coeff type: a row per pair of types ({t and list(t)})")
if t:
    chk.close("coeff type 1-1 k_n (series)", t[(1, 1)]["k_n"], 5e4, rel=1e-3)
    chk.close("coeff type 1-2 k_n (series)", t[(1, 2)]["k_n"], 7.5e4, rel=1e-3)
    chk.close("coeff type 1-2 fric (minimum)", t[(1, 2)]["fric"], 0.3, rel=1e-3)
    chk.close("coeff type 1-1 dp_nratio", t[(1, 1)]["dp_nratio"], 0.2, rel=1e-3)
    m = 2500 * 4 / 3 * math.pi * R ** 3 / 2
    chk.close("coeff type 1-2 t_c", t[(1, 2)]["t_c"], math.pi * math.sqrt(m / 7.5e4), rel=1e-3)
t = table(by["linear contact 1-2"].output, "dem/linear")
if chk.true(t is not None and set(t) == {(1, 1), (1, 2), (2, 2)}, "coeff contact: a row per pair of types"):
    chk.close("coeff contact 1-1 k_n", t[(1, 1)]["k_n"], 1e5, rel=1e-3)
    chk.close("coeff contact 1-2 k_n", t[(1, 2)]["k_n"], 3e5, rel=1e-3)
    chk.close("coeff contact 1-2 k_s", t[(1, 2)]["k_s"], 1e5, rel=1e-3)
    chk.close("coeff contact 1-2 fric: its default, not inherited", t[(1, 2)]["fric"], 0.0, abs_tol=0.0)
    chk.close("coeff contact 1-2 dp_nratio: its default", t[(1, 2)]["dp_nratio"], 0.0, abs_tol=0.0)
t = table(by["linear contact 1-1"].output, "dem/linear")
if chk.true(t is not None, "coeff contact * *: a table"):
    chk.close("coeff contact * * 1-2 fric: the value of * *", t[(1, 2)]["fric"], 0.5, rel=1e-3)
    chk.true(t[(2, 2)]["t_c"] is None and t[(1, 1)]["t_c"] is not None, "a pair of types without particles: t_c -")
t = table(by["linear contact emod"].output, "dem/linear")
if chk.true(t is not None, "emod: a table"):
    chk.close("emod: k_n of the smallest particles", t[(1, 1)]["k_n"], math.pi * R * 1e8 / 2, rel=1e-3)
    chk.true(t[(2, 2)]["k_n"] is None, "emod without particles: k_n -")
t = table(by["hertz contact 1-2"].output, "dem/hertz")
if chk.true(t is not None, "hertz: a table"):
    chk.close("hertz 1-1 G", t[(1, 1)]["G"], G, rel=1e-3)
    chk.close("hertz 1-1 nu", t[(1, 1)]["nu"], NU, rel=1e-3)
    chk.close("hertz 1-2 G", t[(1, 2)]["G"], 3e7, rel=1e-3)
    chk.close("hertz 1-2 nu", t[(1, 2)]["nu"], 0.2, rel=1e-3)
    chk.true(t[(1, 2)]["t_c"] is None, "hertz at rest without impact_speed: t_c -")
t = table(by["hysteretic contact 1-1"].output, "dem/hysteretic")
if chk.true(t is not None, "hysteretic: a table"):
    chk.close("hysteretic 1-1 k_n", t[(1, 1)]["k_n"], 1e5, rel=1e-3)
    chk.close("hysteretic 1-1 k_s = kt_ratio k_n", t[(1, 1)]["k_s"], 5e4, rel=1e-3)
    chk.close("hysteretic 1-1 e", t[(1, 1)]["e"], 0.5, rel=1e-3)
chk.true(table(by["silenced"].output, "dem/linear") is None, "contact_values no: no table")
printed = by["printed when changed"].output.count("Pair dem/linear contact values")
chk.true(printed == 2, f"two runs with the same values print the table once, new values again ({printed} tables)")
res = by["restart keeps coeff contact"]
chk.close("restart: coeff contact kept", res.values.get("g", 0.0), 1e5 * DELTA, rel=1e-9)
chk.close("restart: restated coeff contact", res.values.get("h", 0.0), 1e5 * DELTA, rel=1e-9)
chk.close("wall: the fix's kn as the contact's", by["wall under coeff contact"].values.get("fz", 0.0), 2e5 * DELTA,
          rel=1e-9)

if HAVE_KOKKOS:
    kk = [i for i, c in enumerate(CASES) if c[3] is None and not any(w in c[0] for w in ("wall", "restart", "hybrid"))]
    res_kk = errors_in_process([CASES[i][1] for i in kk], kokkos=True, threads=1)
    for i, res in zip(kk, res_kk):
        label, _, force, _ = CASES[i]
        ok = res.error is None and "f" in res.values
        if chk.true(ok, f"{label} /kk: runs" + ("" if ok else f" ({res.error})")):
            chk.close(f"{label} /kk: F = k_n delta", res["f"], force, rel=1e-9)
chk.finish()
