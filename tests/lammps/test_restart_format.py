"""Restart format 1 (doc/restart.rst): the pair styles' restart records are named keywords with
their values, read back through the keywords' own parsing.

1. Round trip: for each law, a system of two atom types with most pair_coeff keywords of the law
   and of adhesion given (per type, and some for the pair of types; keywords that exclude each
   other, such as kn and emod, in one of their forms) is written to a restart file, read
   back and written again: the two pair_coeff records are identical byte for byte.
2. A record whose keyword this version does not know (the name changed in the file) is an error
   naming the keyword and the version that wrote the file.
3. A record of a newer restart format (the number changed in the file) is an error naming that
   format and the formats this version reads.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402

COMMON = "fric 0.5 dp_nratio 0.2 dp_sratio 0.1 dp_mode 1 tan_mode 0 fric_dyn 0.4 " \
         "rr_fric 0.1 rr_model 3 rr_damp 0.2 adh_model 2 adh_frac 0.1 adh_dist 1e-5"
KEYWORDS = {
    "linear": ("kn 2000 ks 1500 lin_mode 1 rgap 0 " + COMMON, "kn 3000 ks 2000 fric 0.3"),
    "hertz": ("hz_shear 1e7 hz_poiss 0.3 hz_alpha 1.5 hz_mode 1 rgap 0 dp_alpha 0 " + COMMON.replace("adh_model 2 ", "adh_model 1 adh_g 9.81 "),
              "hz_shear 2e7 fric 0.3"),
    "hysteretic": ("kn 2000 restitution 0.5 hys_damp 0.3 kt_ratio 0.75 " + COMMON.replace("dp_nratio 0.2 dp_sratio 0.1 dp_mode 1 ", ""),
                   "kn 3000 fric 0.3"),
}


def deck(law, read=None, out="out.restart"):
    start = f"read_restart {read}" if read else f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
region box block -0.01 0.01 -0.01 0.01 -0.01 0.01
create_box 2 box
create_atoms 1 single 0 0 0 units box
create_atoms 2 single 0.0021 0 0 units box
set type 1 diameter 0.002 density 2500
set type 2 diameter 0.002 density 2500
pair_style dem/{law}
pair_coeff * * {KEYWORDS[law][0]}
pair_coeff 1 2 {KEYWORDS[law][1]}
"""
    return start + "\ncomm_modify vel yes\nneighbor 0.0004 bin\ntimestep 1e-7\nrun 0\nwrite_restart " + out + "\n"


def coeff_record(data):
    """The bytes of the pair_coeff record (mark DEM:PCOF): mark, format, version, size, items."""
    at = data.index(b"DEM:PCOF")
    vlen = int.from_bytes(data[at + 12:at + 16], sys.byteorder)
    size = int.from_bytes(data[at + 16 + vlen:at + 20 + vlen], sys.byteorder)
    return data[at:at + 20 + vlen + size]


def main():
    chk = Checks()
    for law in KEYWORDS:
        first = run(deck(law))
        second = run(deck(law, read="out.restart", out="again.restart"), workdir=first.workdir)
        with open(os.path.join(first.workdir, "out.restart"), "rb") as f:
            a = f.read()
        with open(os.path.join(first.workdir, "again.restart"), "rb") as f:
            b = f.read()
        chk.true(coeff_record(a) == coeff_record(b) and b"fric_dyn" in coeff_record(a),
                 f"{law}: every keyword survives the restart file (written again: the same record)")
        # a keyword of a later version: fric_dyn renamed in the file
        bad = os.path.join(first.workdir, "bad.restart")
        with open(bad, "wb") as f:
            f.write(a.replace(b"fric_dyn", b"fric_new"))
        res = run(deck(law, read="bad.restart"), workdir=first.workdir, expect_error=True)
        chk.true("'fric_new'" in res.error and "lammps-dem-plugin 1.0.0 (restart format 1)" in res.error,
                 f"{law}: an unknown keyword in the record is an error naming it and the writer ({res.error})")
        # a newer format: the number after the settings record's mark
        at = a.index(b"DEM:PSET") + 8
        with open(bad, "wb") as f:
            f.write(a[:at] + (2).to_bytes(4, sys.byteorder) + a[at + 4:])
        res = run(deck(law, read="bad.restart"), workdir=first.workdir, expect_error=True)
        chk.true("restart format 2" in res.error and "restart formats 1 to 1" in res.error,
                 f"{law}: a record of a newer format is an error naming it ({res.error})")
    chk.finish()


if __name__ == "__main__":
    main()
