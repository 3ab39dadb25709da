"""A parallel-bonded simple cubic lattice under small uniaxial strain has the Young's modulus its bonds give.

N x N x M balls of radius R touch on a simple cubic lattice of spacing 2R and are bonded by dem_bond.
The bottom layer is held, the top layer is moved along z by delta (strain eps = delta / L, L the
distance between the two layers' centres), the balls between are free and come to rest under
fix viscous. Loaded along a lattice axis, each column of M balls is M - 1 springs in series and the
lateral bonds are not strained (every ball of a layer moves alike), so the force on the top layer
is N^2 k delta / (M - 1), the stress that force over the section N^2 (2R)^2, and
    E = k / (2R),    k = pb_kn A in tension,    k = kn + pb_kn A in compression
(the linear contacts push, they do not pull; with `coeff contact`, kn is the contact's own). The
bonds' increments are exact linear springs and the balls are at rest to 1e-12 of the bonds' strain
energy, so the test allows 1e-6 (measured: 3e-13 and below). With --ranks the lattice lies across two ranks and must give the one-rank
numbers to round-off. With --bpm the lattice bonded by LAMMPS's bond_style bpm/rotational, its
radial spring k_r = pb_kn A (bpm.py), has the same modulus in tension.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import bpm  # noqa: E402
from demtest import Checks, run, runs_in_process, thermo_difference  # noqa: E402

N, M, R = 3, 6, 0.01
KN, KNB = 2e5, 1e9
AREA = math.pi * R ** 2
LENGTH = (M - 1) * 2 * R
STRAIN, RAMP, HOLD, DT = 1e-4, 1000, 5000, 2e-5
SECTION = N * N * (2 * R) ** 2


def deck(sign):
    """The lattice strained by sign * STRAIN (+1 pulled, -1 pressed), then held at rest."""
    speed = sign * STRAIN * LENGTH / (RAMP * DT)
    atoms = "\n".join(f"create_atoms 1 single {2 * R * i} {2 * R * j} {2 * R * k}"
                      for i in range(N) for j in range(N) for k in range(M))
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
comm_modify vel yes
region box block {-2 * R} {2 * R * N} {-2 * R} {2 * R * N} {-2 * R} {2 * R * M}
create_box 1 box
{atoms}
set type 1 diameter {2 * R} density 2500
pair_style dem/linear energy yes coeff contact
pair_coeff * * kn {KN} ks {KN} fric 0.5 pb_kn {KNB} pb_ks {KNB / 2} pb_ten 1e6 pb_coh 1e6
neighbor 2e-3 bin
region lowest block INF INF INF INF INF {R} units box
region highest block INF INF INF INF {2 * R * (M - 1) - R} INF units box
group bottom region lowest
group top region highest
group free subtract all bottom top
fix hold bottom move linear 0 0 0
fix pull top move linear 0 0 0
fix integrate free nve/sphere
fix damp free viscous 10
timestep {DT}
dem_bond all gap 1e-9
compute dem all pair dem/linear
compute load top reduce sum fz
compute kinetic free ke
thermo_style custom step c_load c_kinetic c_dem[1] c_dem[14]
thermo_modify format float %.17g
thermo 500
# a step at rest: dem_bond bonds at the next step's positions, and the top layer must not have moved
run 1
unfix pull
fix pull top move linear 0 0 {speed}
run {RAMP}
unfix pull
fix pull top move linear 0 0 0
run {HOLD}
"""


chk = Checks()
if "--ranks" in sys.argv:
    one, two = run(deck(1)).thermo, run(deck(1), ranks=2).thermo
    worst = thermo_difference(one, two)
    chk.true(worst <= 1e-9, f"2 ranks give the 1-rank lattice (worst relative difference {worst:.1e})")
    chk.finish()

bonds = N * N * (M - 1) + 2 * N * (N - 1) * M    # along z, and along x and y in each layer
# (the last deck: the lattice bonded by LAMMPS's bond_style bpm/rotational, stiffnesses mapped)
bpm_deck = bpm.convert(deck(1), 2 * R * (1 + 1e-9), bpm.coefficients(R, KNB, KNB / 2), damping=(1, 1, 0, 0))
results = runs_in_process([deck(1), deck(-1)] + ([bpm_deck] if "--bpm" in sys.argv else []))
for res, (sign, label, k) in zip(results, ((1, "pulled", KNB * AREA), (-1, "pressed", KN + KNB * AREA))):
    last = res.thermo[-1]
    chk.true(last["c_dem[14]"] == bonds,
             f"{label}: dem_bond made every nearest-neighbour bond ({last['c_dem[14]']:.0f} of {bonds})")
    chk.true(last["c_kinetic"] < 1e-12 * last["c_dem[1]"],
             f"{label}: at rest (kinetic energy {last['c_kinetic']:.1e} J, strain energy {last['c_dem[1]']:.1e} J)")
    modulus = -last["c_load"] / SECTION / (sign * STRAIN)
    chk.close(f"{label}: E = {'pb_kn A' if sign > 0 else '(kn + pb_kn A)'} / (2R) (relative difference "
              f"{abs(modulus * 2 * R / k - 1):.0e})", modulus, k / (2 * R), rel=1e-6)
if "--bpm" in sys.argv:
    rows = results[2].thermo
    modulus = -rows[-1]["c_load"] / SECTION / STRAIN
    strain_energy = 0.5 * KNB * AREA * (STRAIN * 2 * R) ** 2 * N * N * (M - 1)
    chk.true(rows[-1]["c_kinetic"] < 1e-12 * strain_energy,
             f"BPM, pulled: at rest (kinetic energy {rows[-1]['c_kinetic']:.1e} J, strain energy {strain_energy:.1e} J)")
    chk.close(f"BPM, pulled: E = k_r / (2R) = pb_kn A / (2R), the parallel bonds' (relative difference "
              f"{abs(modulus * 2 * R / (KNB * AREA) - 1):.0e})", modulus, KNB * AREA / (2 * R), rel=1e-6)
chk.finish()
