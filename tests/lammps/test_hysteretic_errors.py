"""Every bad dem/hysteretic input gives a LAMMPS error that names the keyword and its range."""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, clean_error_exit, errors_in_process  # noqa: E402
from test_linear_errors import deck  # noqa: E402


def hy(coeffs):
    return deck(coeffs, pair_style="dem/hysteretic")


CASES = [
    ("negative kn", hy("pair_coeff * * kn -1"), ["kn", "[0, inf)"]),
    ("emod 0", hy("pair_coeff * * emod 0"), ["emod", "(0, inf)"]),
    ("restitution 0", hy("pair_coeff * * kn 1 restitution 0"), ["restitution", "(0, 1]"]),
    ("restitution above 1", hy("pair_coeff * * kn 1 restitution 1.2"), ["restitution", "(0, 1]"]),
    ("hys_damp above 1", hy("pair_coeff * * kn 1 hys_damp 1.5"), ["hys_damp", "[0, 1]"]),
    ("negative kt_ratio", hy("pair_coeff * * kn 1 kt_ratio -1"), ["kt_ratio", "[0, inf)"]),
    ("negative fric_dyn", hy("pair_coeff * * kn 1 fric_dyn -1"), ["fric_dyn", "[0, inf)"]),
    ("tan_mode 2", hy("pair_coeff * * kn 1 tan_mode 2"), ["tan_mode", "0 (linear spring Coulomb limit) or 1"]),
    ("kt_ratio without a shear spring", hy("pair_coeff * * kn 1 kt_ratio 0.5 tan_mode 1"), ["kt_ratio", "tan_mode 1"]),
    ("dynamic above static friction", hy("pair_coeff * * kn 1 fric 0.3 fric_dyn 0.5"), ["fric_dyn", "fric"]),
    ("emod with kn", hy("pair_coeff * * kn 1 emod 1e6"), ["emod", "kn"]),
    ("PFC keyword", hy("pair_coeff * * kn 1 dp_nratio 0.2"), ["unknown keyword dp_nratio", "hys_damp"]),
    ("non-inheritable mismatch", hy("pair_coeff 1 1 kn 1 restitution 0.5\npair_coeff 2 2 kn 1 restitution 0.6"),
     ["restitution", "types 1 and 2"]),
    ("huge kn in series", hy("pair_coeff * * kn 1e308"), ["keyword kn", "not finite"]),
    ("huge kt_ratio", hy("pair_coeff * * kn 1e5 kt_ratio 1e308"), ["keyword kt_ratio", "not finite"]),
    ("tiny restitution", hy("pair_coeff * * kn 1e5 restitution 1e-200"), ["keyword restitution", "not finite"]),
    ("subnormal emod", hy("pair_coeff * * emod 1e-310"), ["keyword emod", "not finite"]),
    ("emod on a pair of types", hy("pair_coeff * * kn 1\npair_coeff 1 2 emod 1e6"), ["emod", "property of a type"]),
    ("missing value named", hy("pair_coeff * * kn 1 kt_ratio"), ["keyword kt_ratio needs a value"]),
    ("pair_write", hy("pair_coeff * * kn 1\npair_write 1 2 10 r 0.1 0.9 table.txt DEM"),
     ["dem/hysteretic does not support pair_write"]),
]

chk = Checks()
# all decks in one process (LAMMPS's Python module); a crash in one still fails its case
for (what, text, words), res in zip(CASES, errors_in_process([c[1] for c in CASES])):
    msg = res.error or ""
    chk.true(all(w in msg for w in words) and clean_error_exit(res),
             f"{what}: error mentions {words}: '{msg}', exit code {res.returncode}, no crash")
chk.finish()
