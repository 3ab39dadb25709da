"""Energy balance of bonded pairs in free motion: kinetic (translation and rotation) + strain energy
(compute pair 1, the bonds' included) + the energy released by broken bonds (entry 13) stays at its
initial value, for parallel bonds (force and moment), contact bonds and flat joints (8 elements; their
friction's slip, entry 2, added), holding or breaking.

Two spheres, bonded by dem_bond at contact, set moving apart and sliding past each other while
spinning about all three axes, with no dashpots and no friction: the bond is loaded in tension,
shear, bending and twist (the contact bond in tension and shear). Strong bonds hold and the pair
vibrates; weak ones break and the spheres fly apart, the bond's strain energy booked as released.
The incremental springs are driven by the displacements velocity Verlet makes, so the balance
closes to second order in dt (a broken bond's energy is the mean over the breaking step, the work
velocity Verlet lets it do): measured, the worst deviation is below 5e-5 of the initial kinetic
energy; we allow 1e-3. With --kokkos the runs repeat on /kk and must agree.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Batch, Checks  # noqa: E402
from two_spheres import setup  # noqa: E402

R = 0.01
PB = "kn 1e5 ks 1e5 pb_kn 1e9 pb_ks 5e8"
CB = "kn 1e6 ks 5e5"
FJ = "kn 1e5 ks 1e5 fj_kn 1e9 fj_ks 5e8 fj_nr 2 fj_nal 4"


def deck(coeff, steps=4000, dt=2e-6):
    return setup(2 * R - 1e-6, 0.0, R, box=0.2) + f"""
velocity all set 0 0 0
set atom 1 vx -0.1 vy -0.05
set atom 1 omega 20 -10 5
set atom 2 vx 0.1 vy 0.05
set atom 2 omega -15 5 10
pair_style dem/linear energy yes
pair_coeff * * {coeff}
neighbor 5e-3 bin
neigh_modify every 1 delay 0 check no
fix integrate all nve/sphere
timestep {dt}
dem_bond all gap 0
compute dem all pair dem/linear
compute rot all erotate/sphere
variable total equal ke+c_rot+c_dem[1]+c_dem[2]+c_dem[13]
thermo_style custom step ke c_rot c_dem[1] c_dem[2] c_dem[13] c_dem[14] c_dem[16] c_dem[17] v_total
thermo_modify format float %.17g
thermo 20
run {steps}
"""


def balance(label, breaks, elements=1):
    def check(res):
        rows = res.thermo[1:]    # from the first step: the bond exists
        e0 = rows[0]["v_total"]
        worst = max(abs(r["v_total"] - e0) for r in rows) / e0
        chk.true(worst < 1e-3, f"{label}: kinetic + strain + released energy is conserved (worst {worst:.1e})")
        broke = rows[-1]["c_dem[16]"] + rows[-1]["c_dem[17]"]
        strain = max(r["c_dem[1]"] for r in rows) / e0
        if breaks:
            chk.true(broke == elements and rows[-1]["c_dem[13]"] > 0 and rows[-1]["c_dem[1]"] == 0,
                     f"{label}: the bond broke ({broke:.0f} of {elements}), its energy released "
                     f"({rows[-1]['c_dem[13]']:.3e} J)")
        else:
            chk.true(broke == 0 and strain > 0.1, f"{label}: the bond holds and stores up to {strain:.2f} of the "
                     "energy")
    return check


chk = Checks()
kokkos = "--kokkos" in sys.argv
batch = Batch()
batch.add(deck(f"{PB} pb_ten 1e7 pb_coh 1e7"), balance("parallel bond, strong", False), "pbond strong")
batch.add(deck(f"{PB} pb_ten 2e4 pb_coh 2e4"), balance("parallel bond, weak", True), "pbond weak")
batch.add(deck(f"{CB} cb_tenf 1e4 cb_shearf 1e4"), balance("contact bond, strong", False), "cbond strong")
batch.add(deck(f"{CB} cb_tenf 5 cb_shearf 5"), balance("contact bond, weak", True), "cbond weak")
batch.add(deck(f"{FJ} fj_ten 1e7 fj_coh 1e7"), balance("flat joint, strong", False), "fjoint strong")
batch.add(deck(f"{FJ} fj_ten 2e4 fj_coh 2e4 fj_fric 0.5"), balance("flat joint, weak", True, 8), "fjoint weak")
batch.run(chk, kokkos)
chk.finish()
