"""Every bad dem/linear input gives a LAMMPS error that names the keyword or requirement."""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, clean_error_exit, errors_in_process  # noqa: E402

BASE = """
units si
atom_style {atom_style}
{comm}
region box block -1 1 -1 1 -1 1
create_box 2 box
create_atoms 1 single 0 0 0
create_atoms 2 single 0.5 0 0
{settings}
pair_style {pair_style}
{coeffs}
fix 1 all nve{nve}
run 0
"""


def deck(coeffs="pair_coeff * * kn 1e5", pair_style="dem/linear", atom_style="sphere",
         comm="comm_modify vel yes", settings="", nve="/sphere"):
    return BASE.format(coeffs=coeffs, pair_style=pair_style, atom_style=atom_style, comm=comm,
                       settings=settings, nve=nve)


CASES = [
    # (what, deck, words the message must contain)
    ("negative kn", deck("pair_coeff * * kn -1"), ["kn", "[0, inf)"]),
    ("negative ks", deck("pair_coeff * * kn 1 ks -1"), ["ks", "[0, inf)"]),
    ("negative fric", deck("pair_coeff * * kn 1 fric -0.1"), ["fric", "[0, inf)"]),
    ("lin_mode 2", deck("pair_coeff * * kn 1 lin_mode 2"), ["lin_mode", "0 or 1"]),
    ("dp_nratio above 1", deck("pair_coeff * * kn 1 dp_nratio 1.2"), ["dp_nratio", "[0, 1]"]),
    ("dp_sratio negative", deck("pair_coeff * * kn 1 dp_sratio -0.2"), ["dp_sratio", "[0, 1]"]),
    ("dp_mode 4", deck("pair_coeff * * kn 1 dp_mode 4"), ["dp_mode", "0, 1, 2 or 3"]),
    ("emod zero", deck("pair_coeff * * emod 0"), ["emod", "(0, inf)"]),
    ("restitution above 1", deck("pair_coeff * * kn 1 restitution 1.5"), ["restitution", "(0, 1]"]),
    ("restitution unreachable without tension",
     deck("pair_coeff * * kn 1 restitution 0.05 dp_mode 1"), ["restitution", "no-tension"]),
    ("restitution and dp_nratio", deck("pair_coeff * * kn 1 restitution 0.5 dp_nratio 0.1"),
     ["restitution", "dp_nratio"]),
    ("tan_mode 2 (Hertz only)", deck("pair_coeff * * kn 1 tan_mode 2"), ["tan_mode", "0 (linear spring Coulomb limit) or 1", "dem/hertz"]),
    ("negative fric_dyn", deck("pair_coeff * * kn 1 fric_dyn -1"), ["fric_dyn", "[0, inf)"]),
    ("negative v_slide", deck("pair_coeff * * kn 1 v_slide -1"), ["v_slide", "[0, inf)"]),
    ("fric_dyn above fric", deck("pair_coeff * * kn 1 fric 0.3 fric_dyn 0.4"), ["fric_dyn", "exceeds fric"]),
    ("v_slide without tan_mode 1", deck("pair_coeff * * kn 1 v_slide 0.01"), ["v_slide", "tan_mode 1"]),
    ("shear dashpot without a shear spring", deck("pair_coeff * * kn 1 tan_mode 1 dp_sratio 0.2"),
     ["dp_sratio", "tan_mode 1"]),
    ("shear stiffness without a shear spring", deck("pair_coeff * * kn 1 ks 1 tan_mode 1"), ["ks", "tan_mode 1"]),
    ("unknown keyword", deck("pair_coeff * * kn 1 stiffness 3"), ["unknown keyword stiffness"]),
    ("energy tracking switched on after the first run",
     deck("pair_coeff * * kn 1\nrun 0\npair_style dem/linear energy yes\npair_coeff * * kn 1"),
     ["has 8 values", "need 10", "energy keyword", "before the first run"]),
    ("missing value", deck("pair_coeff * * kn"), ["pair_coeff"]),
    ("type without properties", deck("pair_coeff 1 1 kn 1"), ["All pair coeffs are not set"]),
    ("non-inheritable mismatch", deck("pair_coeff 1 1 kn 1 dp_nratio 0.1\npair_coeff 2 2 kn 1 dp_nratio 0.2"),
     ["dp_nratio", "types 1 and 2"]),
    ("emod mixed with kn", deck("pair_coeff 1 1 kn 1\npair_coeff 2 2 emod 1e6"), ["emod"]),
    ("kratio without emod", deck("pair_coeff * * kn 1 kratio 2"), ["kratio"]),
    ("overlapping ranges", deck("pair_coeff * * kn 1\npair_coeff 1 1*2 kn 1"), ["overlap"]),
    ("bad meff", deck(pair_style="dem/linear meff geometric"), ["meff", "harmonic or arithmetic"]),
    ("unknown pair_style keyword", deck(pair_style="dem/linear foo 1"), ["unknown keyword foo"]),
    ("bad simd", deck(pair_style="dem/linear simd fast"), ["simd must be yes or no, not fast"]),
    ("bad energy", deck(pair_style="dem/linear energy maybe"), ["energy must be yes or no, not maybe"]),
    ("missing value named", deck("pair_coeff * * kn 1 fric"), ["keyword fric needs a value"]),
    ("missing value of a pair named", deck("pair_coeff * * kn 1\npair_coeff 1 2 ks"), ["keyword ks needs a value"]),
    ("type properties without keywords", deck("pair_coeff * *"), ["expected I J keyword value"]),
    ("emod on a pair of types", deck("pair_coeff * * kn 1\npair_coeff 1 2 emod 1e6"), ["emod", "properties of a type"]),
    ("kratio on a pair of types", deck("pair_coeff * * emod 1e6\npair_coeff 1 2 kn 1 ks 1 kratio 2"),
     ["kratio", "properties of a type"]),
    ("pair kn alone over emod types", deck("pair_coeff * * emod 1e6 kratio 2\npair_coeff 1 2 kn 1e5"),
     ["emod/kratio", "sets kn", "both kn and ks"]),
    ("pair ks alone over emod types", deck("pair_coeff * * emod 1e6 kratio 2\npair_coeff 1 2 ks 1e5"),
     ["emod/kratio", "sets ks", "both kn and ks"]),
    ("pair kn alone between emod and kn types", deck("pair_coeff 1 1 emod 1e6\npair_coeff 2 2 kn 1\npair_coeff 1 2 kn 1"),
     ["both kn and ks"]),
    ("huge kn in series", deck("pair_coeff * * kn 1e308"), ["keyword kn", "1e+308 and 1e+308", "not finite"]),
    ("huge ks in series", deck("pair_coeff * * kn 1 ks 1e308"), ["keyword ks", "not finite"]),
    ("huge kn of one type in series", deck("pair_coeff 1 1 kn 1e308\npair_coeff 2 2 kn 1e5"), ["keyword kn", "not finite"]),
    ("subnormal emod", deck("pair_coeff * * emod 1e-310"), ["keyword emod", "1/emod", "not finite"]),
    ("pair_write", deck("pair_coeff * * kn 1\npair_write 1 2 10 r 0.1 0.9 table.txt DEM"),
     ["dem/linear does not support pair_write", "history", "radii", "velocities"]),
    ("pair_write after a run", deck("pair_coeff * * kn 1\nfix 0 all nve/sphere\nrun 0\nunfix 0\n"
                                    "pair_write 1 1 10 r 0.1 0.9 table.txt DEM"), ["does not support pair_write"]),
    ("no ghost velocities", deck(comm=""), ["comm_modify vel yes"]),
    ("point particles", deck(atom_style="atomic", settings="mass * 1.0", nve=""), ["atom_style sphere"]),
]

if __name__ == "__main__":
    chk = Checks()
    # all decks in one process (LAMMPS's Python module); a crash in one still fails its case
    for (what, text, words), res in zip(CASES, errors_in_process([c[1] for c in CASES])):
        msg = res.error or ""
        chk.true(all(w in msg for w in words) and clean_error_exit(res),
                 f"{what}: error mentions {words}: '{msg}', exit code {res.returncode}, no crash")
    chk.finish()
