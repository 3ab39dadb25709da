"""Where a parallel bond and LAMMPS's BPM bond (bond_style bpm/rotational) with mapped strengths break.

Two touching spheres, bonded, sphere 2 moved away from sphere 1 by fix move, neither turning; the
parallel bond has pb_kn = pb_ks, pb_coh = 2 pb_ten and pb_fa 0, the BPM bond the mapped springs and
strengths f_r,c = pb_ten A, f_s,c = pb_coh A (bpm.py):
1. pulled along the bond: both break at F_n = pb_ten A (the criteria coincide);
2. pulled at 45 degrees (F_s = F_n): the parallel bond breaks in tension when F_n / A reaches
   pb_ten; BPM sums the ratios, F_n / f_r,c + F_s / f_s,c = 1, and breaks at F_n = 2/3 pb_ten A;
3. pressed along the bond: the parallel bond does not break in compression; BPM breaks at
   |F_n| = f_r,c.
The force on sphere 1 is split along the line of centres (F_n, tension > 0) and across it (F_s) every
step. A step (V dt) is 5e-4 of the breaking displacement, and the bond turns by 5e-4 rad before it
breaks at 45 degrees (the criteria's second-order terms): the test allows 2e-3. After a break the
linear contact alone acts (in compression; its kn is small, 1e-6 of the bond's force).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import bpm  # noqa: E402
from demtest import Checks, runs_in_process  # noqa: E402
from two_spheres import contact_frame, setup  # noqa: E402

R, KB, TEN = 0.01, 1e11, 1e6
COH = 2 * TEN
AREA = math.pi * R ** 2
V, DT = 0.005, 1e-6
STEPS = int(2 * TEN / KB / (V * DT))    # twice the displacement that breaks a pulled bond


def deck(direction):
    """Sphere 2 moved at speed V along `direction` (a unit vector) from touching sphere 1."""
    vx, vy = V * direction[0], V * direction[1]
    return setup(2 * R) + f"""
pair_style dem/linear
pair_coeff * * kn 1e2 fric 0 pb_kn {KB} pb_ks {KB} pb_ten {TEN} pb_coh {COH}
timestep {DT}
neighbor 2e-3 bin
group one id 1
group two id 2
dem_bond all gap 1e-6
fix still one move linear 0 0 0
fix move two move linear {vx} {vy} 0
{contact_frame(R)}thermo_style custom step v_fn v_fs
thermo_modify format float %.17g
thermo 1
run {STEPS}
"""


def peak(rows):
    """The normal and shear force of the step with the largest |F_n| before the bond broke."""
    top = max(rows, key=lambda r: abs(r["v_fn"]))
    return top["v_fn"], top["v_fs"]


chk = Checks()
reach = 2 * R + 1e-6
coeffs = bpm.coefficients(R, KB, KB, TEN, COH)
s = math.sqrt(0.5)
CASES = (("pulled", (1, 0), TEN * AREA, TEN * AREA),
         ("pulled at 45 degrees", (s, s), TEN * AREA, 2 / 3 * TEN * AREA),
         ("pressed", (-1, 0), None, -TEN * AREA))
decks = []
for _, direction, _, _ in CASES:
    decks += [deck(direction), bpm.convert(deck(direction), reach, coeffs)]
results = iter(runs_in_process(decks))
for label, direction, pfc_break, bpm_break in CASES:
    pb, lammps_bpm = next(results).thermo, next(results).thermo
    for name, rows, want in (("parallel bond", pb, pfc_break), ("BPM", lammps_bpm, bpm_break)):
        fn, fs = peak(rows)
        if want is None:
            chk.true(rows[-1]["v_fn"] < -0.9 * TEN * AREA, f"{label}, {name}: holds in compression (F_n = "
                     f"{rows[-1]['v_fn']:.4g} N at the end, beyond -pb_ten A)")
            continue
        chk.true(abs(rows[-1]["v_fn"]) < 0.5 * abs(fn), f"{label}, {name}: broken at the end (F_n "
                 f"{rows[-1]['v_fn']:.4g} N, the contact's alone)")
        chk.close(f"{label}, {name}: breaks at F_n = {want / (TEN * AREA):.4f} pb_ten A (shear {fs:.4g} N)", fn, want,
                  rel=2e-3)
chk.finish()
