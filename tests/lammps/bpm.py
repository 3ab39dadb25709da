"""A parallel-bond deck of dem/linear turned into the same deck with LAMMPS's BPM bonds (bond_style bpm/rotational).

The parallel bond of radius Rbar (area A, moments of inertia I and J = 2I) maps onto bpm/rotational's
springs and strengths as
    k_r = pb_kn A,  k_s = pb_ks A,  k_b = pb_kn I,  k_t = pb_ks J,
    f_r,c = pb_ten A,  f_s,c = pb_coh A,  tau_b,c = pb_ten I / (pb_mcf Rbar),  tau_t,c = pb_coh J / (pb_mcf Rbar),
the last two the moments that break a parallel bond alone. The deck keeps its pair style for the
contacts (its pb_* keywords dropped; BPM leaves bonded pairs out of the pair style's neighbour
list), bonds the pairs dem_bond would have bonded with create_bonds (which wants the 1-2 weights 0
and comes before the bond style; breakable bonds then want coul weights 1), and integrates with
fix nve/bpm/sphere. BPM needs LAMMPS built with PKG_BPM.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import re


def coefficients(rbar, kn, ks, ten=None, coh=None, mcf=1.0):
    """bond_coeff values of bpm/rotational (undamped) for a parallel bond; no strengths: unbreakable (-1)."""
    area = math.pi * rbar ** 2
    inertia = area * rbar ** 2 / 4
    strengths = [-1] * 4 if ten is None else [ten * area, coh * area, coh * 2 * inertia / (mcf * rbar),
                                               ten * inertia / (mcf * rbar)]
    return [kn * area, ks * area, ks * 2 * inertia, kn * inertia] + strengths + [0, 0, 0, 0]


def _replace(deck, pattern, new):
    out, n = re.subn(pattern, new, deck, flags=re.M)
    if n != 1:
        raise ValueError(f"the deck has {n} lines matching {pattern!r}, not one")
    return out


def convert(deck, reach, coeffs, damping=(0, 0, 0, 0)):
    """`deck` with bpm/rotational bonds (bond_coeff `coeffs`, its last four the dampings `damping`) between
    the pairs closer than `reach`, in place of dem_bond; breakable when `coeffs` has strengths."""
    values = list(coeffs[:8]) + list(damping)
    breaks = "yes" if values[4] > 0 else "no"
    deck = _replace(deck, r"^atom_style sphere$",
                    "atom_style bpm/sphere\nspecial_bonds lj 0 1 1 coul 0 1 1\nnewton on off")
    deck = _replace(deck, r"^create_box 1 box$", "create_box 1 box bond/types 1 extra/bond/per/atom 8 "
                    "extra/special/per/atom 40")
    deck = _replace(deck, r"^(pair_coeff .*?)( pb_\w+ \S+)+(.*)$", r"\1\3")
    deck = _replace(deck, r"^dem_bond all gap \S+$",
                    f"create_bonds many all all 1 0.0 {reach:.17g}\n"
                    "special_bonds lj 0 1 1 coul 1 1 1\n"
                    f"bond_style bpm/rotational smooth no break {breaks}\n"
                    f"bond_coeff 1 {' '.join(f'{v:.17g}' for v in values)}")
    return re.sub(r"nve/sphere$", "nve/bpm/sphere", deck, flags=re.M)
