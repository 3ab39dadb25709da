"""A pair_coeff I J override replaces only the keywords it names: for every keyword of every
style, a contact between types 1 and 2 with "pair_coeff 1 2 KEY VALUE" moves exactly like one
whose pair sets all of its inherited values explicitly plus KEY VALUE, and differently from one
without the override (so that each case can fail). All runs in one process (LAMMPS's Python module)."""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, errors_in_process, read_dump  # noqa: E402

R = 0.01
DECK = """
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
boundary f f f
region box block -0.1 0.1 -0.1 0.1 -0.1 0.1
create_box 2 box
create_atoms 1 single 0 0 0
create_atoms 2 single {x2} 0 0
set atom * diameter {d} density 2500
velocity all set 0 0 0
set atom 2 vx -0.2 vy 0.05 vz 0.02
set atom 1 omega 0 0 30
group g1 id 1
group g2 id 2
pair_style {style}
pair_coeff 1 1 {t1}
pair_coeff 2 2 {t2}
{pair}
neighbor 0.001 bin
neigh_modify delay 0 every 1 check no
fix 1 all nve/sphere
# a steady push keeps the spheres in contact: it loads, unloads and reloads
fix p1 g1 addforce 20 0 0
fix p2 g2 addforce -20 0 0
timestep 2e-7
run 6000
"""
OUT = ["x", "y", "z", "vx", "vy", "vz", "omegax", "omegay", "omegaz"]
DECK += f"write_dump all custom final.dump id {' '.join(OUT)} modify sort id format float %.17g\n"


def series(k1, k2):
    return k1 * k2 / (k1 + k2)


def coeffs(d):
    return " ".join(f"{k} {v!r}" for k, v in d.items())


def motion_deck(style, t1, t2, pair):
    return DECK.format(x2=2 * R - 1e-5, d=2 * R, style=style, t1=coeffs(t1), t2=coeffs(t2),
                       pair=f"pair_coeff 1 2 {coeffs(pair)}" if pair else "")


def motions(decks):
    """Final positions, velocities and spins of both spheres, per deck; all decks in one process
    (LAMMPS's Python module), each of which must run through."""
    out = []
    for res in errors_in_process(decks):
        if res.returncode != 0 or res.error:
            raise AssertionError(f"LAMMPS failed ({res.returncode}): {res.error}\n" + res.output[-3000:])
        atoms = read_dump(os.path.join(res.workdir, "final.dump"))
        out.append([atoms[i][q] for i in (1, 2) for q in OUT])
    return out


def distance(a, b):
    """Largest difference, relative to each quantity's scale in the run (positions: the radius)."""
    worst = 0.0
    for k, (u, v) in enumerate(zip(a, b)):
        scale = R if k % len(OUT) < 3 else max(abs(u), abs(v), 1e-3)
        worst = max(worst, abs(u - v) / scale)
    return worst


# (style, type 1, type 2, what the contact inherits written out for the pair, overrides); the
# alternatives of a keyword (restitution, dp_nratio) are left out of the written-out values
LIN1 = {"kn": 1e6, "ks": 5e5, "fric": 0.05, "dp_nratio": 0.2, "dp_sratio": 0.1}
LIN2 = {"kn": 3e6, "ks": 1e6, "fric": 0.1, "dp_nratio": 0.2, "dp_sratio": 0.1}
LIN_E = {"kn": series(1e6, 3e6), "ks": series(5e5, 1e6), "fric": 0.05, "dp_nratio": 0.2, "dp_sratio": 0.1}
LINC1 = {"kn": 1e6, "fric": 0.3, "fric_dyn": 0.2, "dp_nratio": 0.2}    # no shear spring
LINC2 = {"kn": 3e6, "fric": 0.5, "fric_dyn": 0.2, "dp_nratio": 0.2}
LINC_E = {"kn": series(1e6, 3e6), "fric": 0.3, "fric_dyn": 0.2, "dp_nratio": 0.2}
HZ1 = {"hz_shear": 1e8, "hz_poiss": 0.3, "fric": 0.3, "dp_nratio": 0.2, "dp_sratio": 0.1}
HZ2 = {"hz_shear": 1e8, "hz_poiss": 0.3, "fric": 0.5, "dp_nratio": 0.2, "dp_sratio": 0.1}
HZ_E = dict(HZ1)
HZC1 = {"hz_shear": 1e8, "hz_poiss": 0.3, "fric": 0.3, "fric_dyn": 0.2, "dp_nratio": 0.2}
HZC2 = {"hz_shear": 1e8, "hz_poiss": 0.3, "fric": 0.5, "fric_dyn": 0.2, "dp_nratio": 0.2}
HZC_E = dict(HZC1)
HY1 = {"kn": 1e6, "restitution": 0.6, "kt_ratio": 0.5, "fric": 0.3, "hys_damp": 0.1}
HY2 = {"kn": 3e6, "restitution": 0.6, "kt_ratio": 0.5, "fric": 0.5, "hys_damp": 0.1}
HY_E = {"kn": series(1e6, 3e6), "restitution": 0.6, "kt_ratio": 0.5, "fric": 0.3, "hys_damp": 0.1}
HYC1 = {"kn": 1e6, "restitution": 0.6, "fric": 0.3, "fric_dyn": 0.2}
HYC2 = {"kn": 3e6, "restitution": 0.6, "fric": 0.5, "fric_dyn": 0.2}
HYC_E = {"kn": series(1e6, 3e6), "restitution": 0.6, "fric": 0.3, "fric_dyn": 0.2}


def coulomb(t):
    return dict(t, tan_mode=1)


GROUPS = [
    ("dem/linear", LIN1, LIN2, LIN_E,
     [("kn", 2e5), ("ks", 1e5), ("fric", 0.2), ("fric_dyn", 0.02), ("rgap", 1e-5), ("lin_mode", 1),
      ("dp_nratio", 0.5), ("dp_sratio", 0.4), ("dp_mode", 3), ("restitution", 0.5)]),
    ("dem/linear", LINC1, LINC2, LINC_E, [("tan_mode", 1)]),
    ("dem/linear", coulomb(LINC1), coulomb(LINC2), coulomb(LINC_E), [("v_slide", 10.0)]),
    ("dem/hertz", HZ1, HZ2, HZ_E,
     [("hz_shear", 3e8), ("hz_poiss", 0.1), ("hz_alpha", 1.3), ("hz_mode", 1), ("fric", 0.6),
      ("fric_dyn", 0.1), ("rgap", -5e-5), ("dp_nratio", 0.5), ("dp_sratio", 0.4), ("dp_alpha", 0.25),
      ("dp_mode", 3), ("restitution", 0.5), ("tan_mode", 2)]),
    ("dem/hertz", HZC1, HZC2, HZC_E, [("tan_mode", 1)]),
    ("dem/hertz", coulomb(HZC1), coulomb(HZC2), coulomb(HZC_E), [("v_slide", 10.0)]),
    ("dem/hysteretic", HY1, HY2, HY_E,
     [("kn", 2e5), ("restitution", 0.3), ("hys_damp", 0.5), ("kt_ratio", 0.2), ("fric", 0.6),
      ("fric_dyn", 0.1)]),
    ("dem/hysteretic", HYC1, HYC2, HYC_E, [("tan_mode", 1)]),
    ("dem/hysteretic", coulomb(HYC1), coulomb(HYC2), coulomb(HYC_E), [("v_slide", 10.0)]),
]
ALTERNATIVES = {"restitution": "dp_nratio", "dp_nratio": "restitution"}


def main():
    chk = Checks()
    decks = []    # every run first, in one process; then the checks, in the same order
    for style, t1, t2, inherited, overrides in GROUPS:
        decks += [motion_deck(style, t1, t2, None), motion_deck(style, t1, t2, inherited)]
        for key, value in overrides:
            full = {k: v for k, v in inherited.items() if k != ALTERNATIVES.get(key)}
            full[key] = value
            decks += [motion_deck(style, t1, t2, {key: value}), motion_deck(style, t1, t2, full)]
    results = iter(motions(decks))
    for style, t1, t2, inherited, overrides in GROUPS:
        plain = next(results)
        # the written-out inherited values reproduce plain inheritance (checks the table above)
        chk.true(distance(next(results), plain) < 1e-6,
                 f"{style}: the pair's inherited values written out move as inheritance")
        for key, value in overrides:
            alone, explicit = next(results), next(results)
            d_same, d_effect = distance(alone, explicit), distance(alone, plain)
            # (the same to round-off, which the Hertz mixing of hz_shear and hz_poiss leaves)
            chk.true(d_same < 1e-6 and d_effect > 1e-3,
                     f"{style}: 'pair_coeff 1 2 {key} {value}' replaces {key} only (differs from all "
                     f"keywords written out by {d_same:.3g}, from no override by {d_effect:.3g})")
    chk.finish()


if __name__ == "__main__":
    main()
