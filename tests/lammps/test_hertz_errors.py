"""Every bad dem/hertz input gives a LAMMPS error that names the keyword and its range."""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, clean_error_exit, errors_in_process  # noqa: E402
from test_linear_errors import deck  # noqa: E402


def hz(coeffs):
    return deck(coeffs, pair_style="dem/hertz")


G = "hz_shear 1e8 hz_poiss 0.3"
CASES = [
    ("negative hz_shear", hz("pair_coeff * * hz_shear -1"), ["hz_shear", "[0, inf)"]),
    ("hz_poiss -1", hz("pair_coeff * * hz_shear 1 hz_poiss -1"), ["hz_poiss", "(-1, 0.5]"]),
    ("hz_poiss above 0.5", hz("pair_coeff * * hz_shear 1 hz_poiss 0.6"), ["hz_poiss", "(-1, 0.5]"]),
    ("negative hz_alpha", hz(f"pair_coeff * * {G} hz_alpha -1"), ["hz_alpha", "[0, inf)"]),
    ("hz_mode 2", hz(f"pair_coeff * * {G} hz_mode 2"), ["hz_mode", "0 or 1"]),
    ("negative fric", hz(f"pair_coeff * * {G} fric -1"), ["fric", "[0, inf)"]),
    ("dp_nratio above 1", hz(f"pair_coeff * * {G} dp_nratio 2"), ["dp_nratio", "[0, 1]"]),
    ("dp_sratio negative", hz(f"pair_coeff * * {G} dp_sratio -1"), ["dp_sratio", "[0, 1]"]),
    ("negative dp_alpha", hz(f"pair_coeff * * {G} dp_alpha -0.25"), ["dp_alpha", "[0, inf)"]),
    ("dp_mode 1.5", hz(f"pair_coeff * * {G} dp_mode 1.5"), ["dp_mode", "0, 1, 2 or 3"]),
    ("restitution 0", hz(f"pair_coeff * * {G} restitution 0"), ["restitution", "(0, 1]"]),
    ("restitution with dp_alpha", hz(f"pair_coeff * * {G} restitution 0.5 dp_alpha 0.25"),
     ["restitution", "dp_alpha 0"]),
    ("restitution with hz_alpha", hz(f"pair_coeff * * {G} restitution 0.5 hz_alpha 1"), ["restitution", "hz_alpha 1.5"]),
    ("restitution and dp_nratio", hz(f"pair_coeff * * {G} restitution 0.5 dp_nratio 0.2"),
     ["restitution", "dp_nratio"]),
    ("restitution unreachable without tension", hz(f"pair_coeff * * {G} restitution 0.01 dp_mode 1"),
     ["restitution", "no-tension"]),
    ("tan_mode 3", hz(f"pair_coeff * * {G} tan_mode 3"), ["tan_mode", "or 2 (Mindlin-Deresiewicz)"]),
    ("hz_mode 1 without the shear spring", hz(f"pair_coeff * * {G} hz_mode 1 tan_mode 2"), ["hz_mode 1", "tan_mode 0"]),
    ("Mindlin-Deresiewicz with dynamic friction", hz(f"pair_coeff * * {G} fric 0.5 fric_dyn 0.4 tan_mode 2"),
     ["tan_mode 2", "fric_dyn"]),
    ("Mindlin-Deresiewicz with hz_alpha", hz(f"pair_coeff * * {G} hz_alpha 1.2 tan_mode 2"), ["tan_mode 2", "hz_alpha 1.5"]),
    ("shear dashpot without a shear spring", hz(f"pair_coeff * * {G} tan_mode 1 dp_sratio 0.2"), ["dp_sratio", "tan_mode 1"]),
    ("tan_mode 2 after the first run", hz(f"pair_coeff * * {G} fric 0.5\nrun 0\npair_coeff * * {G} fric 0.5 tan_mode 2"),
     ["has 8 values", "need 11", "tan_mode 2", "before the first run"]),
    ("linear keyword", hz("pair_coeff * * kn 1e5"), ["unknown keyword kn", "hz_shear"]),
    ("hz_emod 0", hz("pair_coeff * * hz_emod 0 hz_poiss 0.3"), ["hz_emod", "(0, inf)"]),
    ("negative hz_emod", hz("pair_coeff * * hz_emod -1e9"), ["hz_emod", "(0, inf)"]),
    ("hz_emod and hz_shear", hz("pair_coeff * * hz_emod 1e9 hz_shear 1e8"), ["hz_shear and hz_emod", "alternatives"]),
    ("hz_emod and hz_shear in two commands", hz("pair_coeff * * hz_emod 1e9\npair_coeff 1 1 hz_shear 1e8"),
     ["hz_shear and hz_emod", "alternatives", "types 1 and 1"]),
    ("hz_emod and hz_shear for a pair", hz(f"pair_coeff * * {G}\npair_coeff 1 2 hz_emod 1e9 hz_shear 1e8"),
     ["hz_shear and hz_emod", "types 1 and 2"]),
    ("non-inheritable mismatch", hz(f"pair_coeff 1 1 {G} hz_alpha 1.5\npair_coeff 2 2 {G} hz_alpha 1.2"),
     ["hz_alpha", "types 1 and 2"]),
    ("overlapping ranges", hz(f"pair_coeff * * {G}\npair_coeff 1 1*2 {G}"), ["overlap"]),
    ("no ghost velocities", deck(f"pair_coeff * * {G}", pair_style="dem/hertz", comm=""), ["comm_modify vel yes"]),
    ("huge hz_shear", hz("pair_coeff * * hz_shear 1e308 hz_poiss 0.3"), ["keyword hz_shear", "not finite"]),
    ("huge hz_shear for a pair", hz(f"pair_coeff * * {G}\npair_coeff 1 2 hz_shear 1e308"),
     ["keyword hz_shear", "the value 1e+308", "not finite"]),
    ("huge hz_alpha", hz(f"pair_coeff * * {G} hz_alpha 1e308"), ["keyword hz_alpha", "not finite"]),
    ("missing value named", hz(f"pair_coeff * * {G} fric"), ["keyword fric needs a value"]),
    ("pair_write", hz(f"pair_coeff * * {G}\npair_write 1 2 10 r 0.1 0.9 table.txt DEM"),
     ["dem/hertz does not support pair_write"]),
]

chk = Checks()
# all decks in one process (LAMMPS's Python module); a crash in one still fails its case
for (what, text, words), res in zip(CASES, errors_in_process([c[1] for c in CASES])):
    msg = res.error or ""
    chk.true(all(w in msg for w in words) and clean_error_exit(res),
             f"{what}: error mentions {words}: '{msg}', exit code {res.returncode}, no crash")
chk.finish()
