"""Adhesion on the /kk styles (doc/adhesion.rst) against the CPU styles: restart across backends, a
pair that never touched, and a cohesive pile with pair and wall adhesion.

1. Restart, CPU -> /kk and /kk -> CPU: two spheres held apart at a constant speed (sphere 1 not
   integrated, sphere 2 with fix setforce 0) from an overlap through zero overlap to the JKR break.
   The file is written while the contact is stretched to a positive gap (attached); the run read
   on the other backend must keep it attached and follow the unbroken CPU run (the force on
   sphere 1) to 1e-10 of the largest force, breaking on the same step.
2. Two spheres at rest at a positive gap inside the JKR reach that never touched, with the list
   rebuilt every step: no force on either backend (LAMMPS's Kokkos history fix leaves nonzero
   contact flags on pairs without history after a rebuild: a flag alone must not mean attached).
3. A cohesive pile settling on fix wall/dem/kk, JKR (dem/hertz, both pair and wall) and Rocky's
   constant (pair) and linear (wall) models (dem/linear), 2 threads against 1 CPU rank: positions
   agree to 1e-10 of a diameter and the energy outputs to 1e-10 of the total energy after 1500 steps
   (forces are summed in another order, so not bit for bit; measured: 3e-14 and 3e-15), the wall
   contact counts exactly, the energy balance (ke + gravity + strain and adhesive potentials + every dissipation,
   pair and wall) closes under /kk to 1% of the dissipated energy, and adhesion acts in the pile.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402

chk = Checks()

# ---- 1. restart of a stretched JKR contact across backends ----------------------------------
R, RHO = 0.01, 2500.0
G, NU, W = 1e6, 0.3, 0.5
E, RS = G / (1 - NU), R / 2
DELTA_C = -0.75 * (math.pi ** 2 * W ** 2 * RS / E ** 2) ** (1 / 3)
DT, STEPS = 1e-5, 3000
GAP0 = 2 * DELTA_C
SPEED = (3 * abs(DELTA_C) - GAP0) / (STEPS * DT)
SPLIT = 1500    # the gap is about +0.5 |delta_c| here: attached past zero overlap

SETUP = f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -0.05 0.05 -0.05 0.05 -0.05 0.05
create_box 1 box
create_atoms 1 single {-R} 0 0
create_atoms 1 single {R + GAP0} 0 0
set atom * diameter {2 * R} density {RHO}
velocity all set 0 0 0
set atom 2 vx {SPEED}
pair_style dem/hertz
pair_coeff * * hz_shear {G} hz_poiss {NU} adh_model 3 adh_gamma {W}
"""
MOTION = f"""
neighbor {0.2 * R} bin
neigh_modify every 1 delay 0 check no
group mover id 2
fix integrate mover nve/sphere
fix hold mover setforce 0.0 0.0 0.0
timestep {DT}
variable gap equal x[2]-x[1]-{2 * R}
variable f1 equal fx[1]
thermo_style custom step v_gap v_f1
thermo_modify format float %.17g
thermo 1
"""
RESTART = f"""
units si
atom_modify map array
read_restart stretched.restart
comm_modify vel yes
{MOTION}
run {STEPS - SPLIT}
"""
whole = run(SETUP + MOTION + f"run {STEPS}\n").thermo
tail = whole[SPLIT:]
f_max = max(abs(r["v_f1"]) for r in whole)
for writer, reader in ((False, True), (True, False)):
    label = f"restart {'/kk' if writer else 'CPU'} -> {'/kk' if reader else 'CPU'}"
    first = run(SETUP + MOTION + f"run {SPLIT}\nwrite_restart stretched.restart\n", kokkos=writer)
    at = first.thermo[-1]
    chk.true(0 < at["v_gap"] < abs(DELTA_C) and at["v_f1"] != 0.0,
             f"{label}: written attached at a positive gap ({at['v_gap']:.4g} m, force {at['v_f1']:.4g} N)")
    second = run(RESTART, kokkos=reader, workdir=first.workdir).thermo
    chk.true(second[1]["v_f1"] != 0.0, f"{label}: still attached on the first step after the restart "
             f"(force {second[1]['v_f1']:.4g} N)")
    worst = max(abs(a["v_f1"] - b["v_f1"]) for a, b in zip(second, tail)) / f_max if len(second) == len(tail) else 1.0
    chk.close(f"{label}: force on sphere 1 vs the unbroken CPU run, worst / largest force", worst, 0.0, abs_tol=1e-10)
    broke = [next(k for k, r in enumerate(rows) if r["v_gap"] > 0 and r["v_f1"] == 0.0) for rows in (second, tail)]
    chk.true(broke[0] == broke[1] and broke[0] > 1, f"{label}: breaks on the same step as the unbroken run "
             f"({broke[0]} vs {broke[1]} steps after the restart)")

# ---- 2. a pair that never touched, inside the JKR reach -------------------------------------
still = SETUP.replace(f"create_atoms 1 single {R + GAP0} 0 0", f"create_atoms 1 single {R - 0.5 * DELTA_C} 0 0") \
    .replace(f"set atom 2 vx {SPEED}", "")
for kk in (False, True):
    rows = run(still + MOTION + "run 20\n", kokkos=kk).thermo
    chk.true(all(r["v_f1"] == 0.0 for r in rows) and rows[0]["v_gap"] > 0,
             f"{'/kk' if kk else 'CPU'}: spheres that never touched, at gap {rows[0]['v_gap']:.3g} < -delta_c, "
             "feel no force through 20 rebuilds")

# ---- 3. a cohesive pile, pair and wall adhesion ----------------------------------------------
PR, PRHO = 0.001, 2500.0
PILES = {
    "JKR": ("dem/hertz", "hz_shear 5e6 hz_poiss 0.3 fric 0.5 dp_nratio 0.3 adh_model 3 adh_gamma 0.05",
            "hertz hz_shear 5e6 hz_poiss 0.3 fric 0.5 dp_nratio 0.3 adh_model 3 adh_gamma 0.05"),
    "Rocky": ("dem/linear", "kn 2000 ks 1500 fric 0.5 dp_nratio 0.3 adh_model 1 adh_frac 1.0 adh_dist 5e-5 adh_g 9.81",
              "linear kn 2000 ks 1500 fric 0.5 dp_nratio 0.3 adh_model 2 adh_frac 0.2 adh_dist 5e-5"),
}
PSTEPS = 1500


def pile(style, coeff, wall):
    return f"""
units si
atom_style sphere
atom_modify map array
boundary p p f
comm_modify vel yes
region box block 0 0.0084 0 0.0084 0 0.02
create_box 1 box
lattice sc 0.0021 origin 0.5 0.5 0.5
region fall block 0 0.0084 0 0.0084 0 0.0126 units box
create_atoms 1 region fall
set type 1 diameter {2 * PR} density {PRHO}
velocity all create 1e10 4928459 loop geom dist gaussian
velocity all set NULL NULL -0.05 sum yes
pair_style {style} energy yes
pair_coeff * * {coeff}
neighbor 0.0004 bin
neigh_modify delay 0 every 1 check yes
fix integrate all nve/sphere
fix gravity all gravity 9.81 vector 0 0 -1
fix floor all wall/dem {wall} zplane 0 NULL energy yes
timestep 1e-5
compute dem all pair {style}
variable pe_grav atom mass*9.81*z
compute pe_grav all reduce sum v_pe_grav
compute erot all erotate/sphere
compute ke all ke
thermo_style custom step c_ke c_erot c_pe_grav c_dem[1] c_dem[2] c_dem[3] c_dem[10] c_dem[11] c_dem[12] &
  f_floor[1] f_floor[2] f_floor[3] f_floor[4] f_floor[11] f_floor[17] f_floor[18]
thermo_modify format float %.17g norm no
thermo 100
dump d all custom {PSTEPS} final.dump id x y z vx vy vz
dump_modify d sort id format float %.17g
run {PSTEPS}
"""


def total(r):
    return sum(r[c] for c in ("c_ke", "c_erot", "c_pe_grav", "c_dem[1]", "c_dem[2]", "c_dem[3]", "c_dem[10]",
                              "c_dem[11]", "c_dem[12]", "f_floor[1]", "f_floor[2]", "f_floor[3]", "f_floor[4]",
                              "f_floor[17]", "f_floor[18]"))


for name, (style, coeff, wall) in PILES.items():
    deck = pile(style, coeff, wall)
    cpu, kk = run(deck), run(deck, kokkos=True)
    a, b = (read_dump(os.path.join(res.workdir, "final.dump")) for res in (cpu, kk))
    dx = max(abs(a[i][c] - b[i][c]) for i in a for c in ("x", "y", "z")) if set(a) == set(b) else 1.0
    chk.close(f"{name} pile ({len(a)} spheres): positions /kk vs CPU after {PSTEPS} steps, worst / diameter",
              dx / (2 * PR), 0.0, abs_tol=1e-10)
    # the energies against the pile's total (a channel that stays at round-off, e.g. the wall's slip
    # energy at 1e-28 J, has no scale of its own), the wall contacts exactly
    energies = [c for c in cpu.thermo[0] if c not in ("Step", "f_floor[11]")]
    e_scale = max(abs(total(r)) for r in cpu.thermo)
    diff = max(abs(a[c] - b[c]) for a, b in zip(cpu.thermo, kk.thermo) for c in energies) / e_scale \
        if len(cpu.thermo) == len(kk.thermo) else 1.0
    chk.close(f"{name} pile: energy outputs /kk vs CPU, worst / total energy", diff, 0.0, abs_tol=1e-10)
    chk.true([r["f_floor[11]"] for r in cpu.thermo] == [r["f_floor[11]"] for r in kk.thermo],
             f"{name} pile: the same wall contact counts on every thermo line")
    rows = kk.thermo
    chk.true(min(r["c_dem[11]"] for r in rows) < 0 and rows[-1]["f_floor[11]"] > 0,
             f"{name} pile /kk: the pair's adhesive potential acts ({rows[-1]['c_dem[11]']:.3g} J) and the pile "
             f"rests on the wall ({rows[-1]['f_floor[11]']:.0f} wall contacts)")
    e0 = total(rows[0])
    lost = sum(rows[-1][c] for c in ("c_dem[2]", "c_dem[3]", "c_dem[10]", "c_dem[12]", "f_floor[2]", "f_floor[3]",
                                     "f_floor[4]", "f_floor[18]"))
    worst = max(abs(total(r) - e0) for r in rows)
    chk.true(lost > 0, f"{name} pile /kk: energy is dissipated ({lost:.4g} J)")
    chk.close(f"{name} pile /kk: energy balance, worst deviation", worst, 0.0, abs_tol=0.01 * lost)
chk.finish()
