"""compute pair/local on the /kk pair styles: the same columns as on the CPU styles.

A pile settles for 1500 steps with dem/linear (rolling resistance, Rocky's constant adhesion) and
with dem/hertz, on the CPU and with dem/*/kk; at the end compute pair/local writes every value of
single() (p1 ... p24, with the force and the distance) and compute property/local the atom IDs
of each pair. The /kk run must report the same contacts with the same values: to 1e-8 of each
column's largest magnitude, plus 1e-12 of the largest contact force for the columns that are
round-off alone (a shear dashpot force of 1e-19 N): the runs differ by the order of the force
sums, which the kokkos tests bound at 1e-10 relative in the positions after such runs, and the
contact values follow the overlaps, a thousand times smaller than the positions.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402
from pile import pile_deck  # noqa: E402

COLUMNS = ["force", "dist"] + [f"p{k}" for k in range(1, 25)]
LOCAL = f"""compute pl all pair/local {" ".join(COLUMNS)} cutoff radius
compute pp all property/local patom1 patom2 cutoff radius
dump dl all local 1500 pairs.txt c_pp[1] c_pp[2] {" ".join(f"c_pl[{k + 1}]" for k in range(len(COLUMNS)))}
dump_modify dl format float %.17g"""
STYLES = {"dem/linear": "* * kn 2000 ks 1500 fric 0.5 dp_nratio 0.3 rr_fric 0.2 adh_model 1 adh_frac 0.5 adh_dist 1e-5 "
                        "adh_g 9.81",
          "dem/hertz": "* * hz_shear 5e6 hz_poiss 0.3 fric 0.5 dp_nratio 0.3 dp_sratio 0.2"}


def contacts(path):
    """{(id1, id2): values} of the last snapshot of a dump local file, id1 < id2"""
    with open(path) as f:
        lines = f.read().splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("ITEM: ENTRIES"))
    out = {}
    for line in lines[start + 1:]:
        words = line.split()
        a, b = int(float(words[0])), int(float(words[1]))
        out[(min(a, b), max(a, b))] = [float(w) for w in words[2:]]
    return out


chk = Checks()
for style, coeff in STYLES.items():
    deck = pile_deck(style, coeff, steps=1500, extra_before_run=LOCAL)
    cpu, kk = (contacts(os.path.join(res.workdir, "pairs.txt")) for res in (run(deck), run(deck, kokkos=True)))
    touching = [key for key, values in cpu.items() if values[0] != 0.0]
    chk.true(len(touching) > 50, f"{style}: the pile has contacts ({len(touching)} of {len(cpu)} pairs carry force)")
    chk.true(set(cpu) == set(kk), f"{style}: /kk reports the same pairs ({len(kk)}, CPU {len(cpu)})")
    fmax = max(abs(v[0]) for v in cpu.values())
    for k, name in enumerate(COLUMNS):
        scale = max(abs(v[k]) for v in cpu.values())
        worst = max(abs(cpu[key][k] - kk[key][k]) for key in cpu if key in kk)
        chk.close(f"{style} {name}: /kk against the CPU (largest {scale:.4g})", worst, 0.0,
                  abs_tol=1e-8 * scale + 1e-12 * fmax)
chk.finish()
