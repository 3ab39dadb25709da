"""Parallel bonds whose strengths are drawn per bond (pb_ten_sd: normal; pb_coh_shape: Weibull).

A simple cubic lattice of 12^3 touching balls is bonded by dem_bond (4752 bonds) with sigma_c drawn
from a normal distribution (mean 1e6, sd 2e5) and c from a Weibull distribution (scale 3e6, shape
4); compute pair/local reports each bond's strengths (p25, p26). The sample mean and standard
deviation must match the distribution's within 4 standard errors: sd / sqrt(n) for the mean,
sd sqrt((kappa - 1) / (4 n)) for the standard deviation (kappa the kurtosis: 3 normal, 2.75
Weibull of shape 4); the truncations (draws outside [0, mean + 6 sd] with the mean 5 sd, beyond
the Weibull's 1 - 1e-12 quantile) move the moments by less than 2e-6 sd, under a thousandth of a
standard error. Without a spread every bond has pb_ten
and pb_coh exactly; another pb_seed draws other values; a restart keeps the draws.

Then 30 chains of 6 balls bonded end to end are pulled slowly from their top ball, the bottom one
held: the tension is nearly the same along a chain (the drag of fix viscous and the waves of the
start make it differ by under 3 %), so each chain loses its weakest bond by the drawn sigma_c, and
only it wherever the weakest is more than 3 % weaker than the next (bonds closer than that may break
together). With --ranks the lattice and
the chains run on 2 and 3 ranks, with --kokkos on dem/linear/kk: the same strengths to the last
digit, and the same bonds broken; a restart written on one backend (rank count) and read on the
other keeps every bond's strengths.

With --flat-joint the same for flat joints (fj_ten_sd, fj_coh_shape: drawn per joint, kept with it;
compute pair/local p31, p32), whose 8 elements a chain's pull breaks together. With --contact-bond
the same for contact bonds (cb_tenf_sd, cb_shearf_shape: forces, of mean 300 N and scale 900 N on
springs of 1e6 N/m; p25, p26), which break where the tension exceeds the drawn tensile strength.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402

R = 0.01
FLAT, CONTACT = "--flat-joint" in sys.argv, "--contact-bond" in sys.argv
P = "fj" if FLAT else "cb" if CONTACT else "pb"    # the bond's keywords' prefix
# the tensile strength's and the cohesion's (a contact bond's shear strength's) keywords; contact
# bonds' strengths are forces
TEN_KEY, COH_KEY = ("cb_tenf", "cb_shearf") if CONTACT else (f"{P}_ten", f"{P}_coh")
TEN, TEN_SD, COH, COH_SHAPE = (300.0, 60.0, 900.0, 4.0) if CONTACT else (1e6, 2e5, 3e6, 4.0)
SPREAD = f"{TEN_KEY} {TEN} {TEN_KEY}_sd {TEN_SD} {COH_KEY} {COH} {COH_KEY}_shape {COH_SHAPE}"
STIFF = ("fj_kn 1e9 fj_ks 5e8 fj_nr 2 fj_nal 4" if FLAT else "" if CONTACT
         else "pb_kn 1e9 pb_ks 5e8")
SPRINGS = "kn 1e6 ks 1e6" if CONTACT else "kn 2e5 ks 2e5"
# flat joints: also the elements bonded and the surface gap (p27, p30), and a microstructure of
# slit and gapped joints (their fractions, the same on any number of ranks)
COLUMNS = "p31 p32 p27 p30" if FLAT else "p25 p26"
SLIT, GAPPED, GAPO = 0.2, 0.3, 1e-4
MICRO = f"fj_slit {SLIT} fj_gapped {GAPPED} fj_gapo {GAPO}" if FLAT else ""
LATTICE = 12
CHAINS, CHAIN = 30, 6
DT, SPEED, PULL_STEPS = 1e-5, 0.04, 20000

LOCAL = """compute pl all pair/local p18 {columns}
compute pp all property/local patom1 patom2
dump {name} all local 1 {name}.txt c_pp[1] c_pp[2] {values}
dump_modify {name} format float %.17g
run 0
undump {name}
uncompute pl
uncompute pp"""


def local(name):
    values = " ".join(f"c_pl[{k + 1}]" for k in range(1 + len(COLUMNS.split())))
    return LOCAL.format(name=name, columns=COLUMNS, values=values)


def header(extent):
    return f"""units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block {-2 * R} {extent[0]} {-2 * R} {extent[1]} {-2 * R} {extent[2]}
create_box 1 box
"""


def lattice_deck(spread=SPREAD, seed=2026, restart=False):
    """The lattice bonded; its bonds' strengths dumped (bonds.txt), and with restart written to a
    restart file and read back in a new box, dumped again (again.txt)"""
    n = LATTICE
    atoms = "\n".join(f"create_atoms 1 single {2 * R * i} {2 * R * j} {2 * R * k}"
                      for i in range(n) for j in range(n) for k in range(n))
    deck = header([2 * R * n] * 3) + f"""{atoms}
set type 1 diameter {2 * R} density 2500
pair_style dem/linear
pair_coeff * * {SPRINGS} fric 0.5 {STIFF} {spread} {P}_seed {seed} {MICRO}
neighbor 2e-3 bin
fix integrate all nve/sphere
timestep {DT}
dem_bond all gap 1e-9
run 1
{local("bonds")}
"""
    if restart:
        deck += f"""write_restart bonded.restart
clear
read_restart bonded.restart
neighbor 2e-3 bin
fix integrate all nve/sphere
{local("again")}
"""
    return deck


def chains_deck():
    """CHAINS chains of CHAIN balls along z, 4R apart, pulled from the top"""
    side = 6
    atoms = "\n".join(f"create_atoms 1 single {4 * R * (c % side)} {4 * R * (c // side)} {2 * R * k}"
                      for c in range(CHAINS) for k in range(CHAIN))
    top = 2 * R * (CHAIN - 1)
    return header([4 * R * side, 4 * R * (CHAINS // side), 2 * R * CHAIN + 0.05]) + f"""{atoms}
set type 1 diameter {2 * R} density 2500
pair_style dem/linear
pair_coeff * * {SPRINGS} fric 0.5 {STIFF} {SPREAD} {P}_seed 7
neighbor 2e-3 bin
region lowest block INF INF INF INF INF {R / 2} units box
region highest block INF INF INF INF {top - R / 2} INF units box
group bottom region lowest
group top region highest
group free subtract all bottom top
fix hold bottom move linear 0 0 0
fix pull top move linear 0 0 0
fix integrate free nve/sphere
fix damp free viscous 5
timestep {DT}
dem_bond all gap 1e-9
run 1
{local("bonds")}
unfix pull
fix pull top move linear 0 0 {SPEED}
run {PULL_STEPS}
{local("pulled")}
"""


def bonds(res, name="bonds"):
    """{(id1, id2): (sigma_c, c, ...)} of the bonded pairs in a dump of LOCAL (flat joints: then the
    elements bonded and the surface gap)"""
    with open(os.path.join(res.workdir, f"{name}.txt")) as f:
        lines = f.read().splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("ITEM: ENTRIES"))
    out = {}
    for line in lines[start + 1:]:
        a, b, bonded, *values = line.split()
        if float(bonded) == 1.0:
            a, b = int(float(a)), int(float(b))
            out[(min(a, b), max(a, b))] = tuple(float(v) for v in values)
    return out


def check_moments(chk, label, values, mean, sd, kurtosis):
    n = len(values)
    m, s = statistics.fmean(values), statistics.stdev(values)
    se_mean, se_sd = sd / math.sqrt(n), sd * math.sqrt((kurtosis - 1) / (4 * n))
    chk.close(f"{label}: sample mean {m:.6g} (distribution {mean:.6g}, 4 standard errors {4 * se_mean:.3g})",
              m, mean, abs_tol=4 * se_mean)
    chk.close(f"{label}: sample sd {s:.6g} (distribution {sd:.6g}, 4 standard errors {4 * se_sd:.3g})",
              s, sd, abs_tol=4 * se_sd)


def broken(before, after):
    return sorted(set(before) - set(after))


chk = Checks()
lattice_bonds = 3 * LATTICE * LATTICE * (LATTICE - 1)
chain_bonds = CHAINS * (CHAIN - 1)
if "--ranks" in sys.argv or "--kokkos" in sys.argv:
    variants = ([("2 ranks", {"ranks": 2}), ("3 ranks", {"ranks": 3})] if "--ranks" in sys.argv
                else [("/kk", {"kokkos": True})])
    one = bonds(run(lattice_deck()))
    chain_one = run(chains_deck())
    for label, kw in variants:
        other = bonds(run(lattice_deck(), **kw))
        chk.true(len(other) == lattice_bonds and other == one,
                 f"{label}: every bond's drawn strengths equal the one-rank CPU run's "
                 f"({sum(other.get(key) == value for key, value in one.items())} of {len(one)})")
        res = run(chains_deck(), **kw)
        lost = broken(bonds(res), bonds(res, "pulled"))
        chk.true(lost == broken(bonds(chain_one), bonds(chain_one, "pulled")),
                 f"{label}: the chains lose the same {len(lost)} bonds as on one rank of the CPU")
    # a restart written on one backend (rank count) and read on the other keeps every bond's draws
    crossings = ([("1 rank", {}, "3 ranks", {"ranks": 3}), ("3 ranks", {"ranks": 3}, "2 ranks", {"ranks": 2})]
                 if "--ranks" in sys.argv else [("CPU", {}, "/kk", {"kokkos": True}), ("/kk", {"kokkos": True}, "CPU", {})])
    for writer, wkw, reader, rkw in crossings:
        work = tempfile.mkdtemp(prefix="demtest-strengths-")
        run(lattice_deck() + "write_restart across.restart\n", workdir=work, **wkw)
        again = bonds(run(f"""read_restart across.restart
neighbor 2e-3 bin
fix integrate all nve/sphere
{local("again")}
""", workdir=work, **rkw), "again")
        chk.true(again == one, f"a restart written on {writer}, read on {reader}: every bond's draws kept "
                 f"({sum(again.get(key) == value for key, value in one.items())} of {len(one)})")
    chk.finish()

drawn = bonds(run(lattice_deck(restart=True)))
chk.true(len(drawn) == lattice_bonds, f"dem_bond made every bond ({len(drawn)} of {lattice_bonds})")
tens = [v[0] for v in drawn.values()]
cohs = [v[1] for v in drawn.values()]
check_moments(chk, f"{TEN_KEY}, normal", tens, TEN, TEN_SD, 3.0)
g1, g2 = math.gamma(1 + 1 / COH_SHAPE), math.gamma(1 + 2 / COH_SHAPE)
g3, g4 = math.gamma(1 + 3 / COH_SHAPE), math.gamma(1 + 4 / COH_SHAPE)
variance = g2 - g1 * g1
kurtosis = (g4 - 4 * g1 * g3 + 6 * g1 * g1 * g2 - 3 * g1 ** 4) / variance ** 2
check_moments(chk, f"{COH_KEY}, Weibull", cohs, COH * g1, COH * math.sqrt(variance), kurtosis)
chk.true(min(tens) >= 0.0 and max(tens) <= TEN + 6 * TEN_SD and min(cohs) > 0.0,
         f"the draws lie within their bounds (sigma_c {min(tens):.4g} to {max(tens):.4g}, c from {min(cohs):.4g})")
res = run(lattice_deck(restart=True))
chk.true(bonds(res, "again") == bonds(res), "a restart keeps every bond's strengths")

if FLAT:    # slit and gapped joints: no element bonded, the gapped ones open by fj_gapo
    n = len(drawn)
    for label, share, count in (
            ("slit", SLIT, sum(v[2] == 0 and abs(v[3]) < 0.5 * GAPO for v in drawn.values())),
            ("gapped", GAPPED, sum(v[2] == 0 and abs(v[3] - GAPO) < 1e-3 * GAPO for v in drawn.values()))):
        chk.close(f"fj_{label} {share}: {count} of {n} joints (4 standard errors "
                  f"{4 * math.sqrt(share * (1 - share) / n):.3f})", count / n, share,
                  abs_tol=4 * math.sqrt(share * (1 - share) / n))
    chk.true(sum(v[2] == 8 for v in drawn.values()) + sum(v[2] == 0 for v in drawn.values()) == n,
             "every other joint has its 8 elements bonded")
plain = bonds(run(lattice_deck(spread=f"{TEN_KEY} {TEN} {COH_KEY} {COH}")))
chk.true(all(v[:2] == (TEN, COH) for v in plain.values()),
         f"without {TEN_KEY}_sd or {COH_KEY}_shape every bond has {TEN_KEY} and {COH_KEY}")
reseeded = bonds(run(lattice_deck(seed=2027)))
same = sum(reseeded[key] == drawn[key] for key in drawn)
chk.true(same == 0, f"another {P}_seed draws other strengths ({same} of {len(drawn)} bonds alike)")

res = run(chains_deck())
before, after = bonds(res), bonds(res, "pulled")
chk.true(len(before) == chain_bonds, f"the chains have {chain_bonds} bonds ({len(before)})")
decided = agree = 0
for c in range(CHAINS):
    chain = sorted((before[(c * CHAIN + k + 1, c * CHAIN + k + 2)][0], k) for k in range(CHAIN - 1))
    lost = [(ten, k) for ten, k in chain if (c * CHAIN + k + 1, c * CHAIN + k + 2) not in after]
    # (bonds within 3 % of the weakest may break together: the release of one reaches the other
    # only after the pull has stretched both by about 0.6 % more)
    chk.true(lost and all(ten <= 1.03 * chain[0][0] for ten, _ in lost),
             f"chain {c}: its weakest bond broke, or bonds within 3 % of it ({len(lost)} broke)")
    if chain[1][0] > 1.03 * chain[0][0]:
        decided += 1
        agree += lost == [chain[0]]
chk.true(decided >= CHAINS // 2 and agree == decided,
         f"exactly the weakest bond broke in each chain whose weakest is 3 % weaker than the next ({agree} of "
         f"{decided})")
chk.finish()
