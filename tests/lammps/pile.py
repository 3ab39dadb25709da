"""A settling pile: ~1000 spheres falling under gravity onto a frozen layer in a periodic box.

Decomposition independent set-up (lattice positions, 'velocity ... loop geom'), so runs on any
number of ranks, CPU or Kokkos, start from the same state.
"""
# SPDX-License-Identifier: GPL-2.0-or-later

import sys

R, RHO = 0.001, 2500.0

# contact properties of the pile for each law, with similar stiffness at the typical overlap
# (Hertz: tangent stiffness 1.5 h_n sqrt(delta) ~ 1000 N/m at delta = 1e-5 m), and the variants
# (dashpot modes; the tangential models: dynamic friction, Coulomb limit, Mindlin-Deresiewicz)
# the tests go through
LAW_COEFFS = {"linear": "kn 2000 ks 1500 fric 0.5 dp_nratio 0.3 dp_sratio 0.2",
              "hertz": "hz_shear 5e6 hz_poiss 0.3 fric 0.5 dp_nratio 0.3 dp_sratio 0.2",
              "hysteretic": "kn 2000 restitution 0.5 kt_ratio 0.75 fric 0.5 fric_dyn 0.4 hys_damp 0.3"}
VARIANTS = {"linear": ["dp_mode 0", "dp_mode 1", "dp_mode 3 fric_dyn 0.4", "tan_mode 1 dp_sratio 0 ks 0"],
            "hertz": ["dp_mode 0", "dp_mode 1", "dp_mode 3", "tan_mode 2 dp_mode 1"],
            "hysteretic": ["tan_mode 0", "tan_mode 1 kt_ratio 0", "tan_mode 0 hys_damp 0"]}


def pile_coeff(law, variant):
    """pair_coeff arguments of the pile for a law and one of its VARIANTS (an index)."""
    return f"* * {LAW_COEFFS[law]} {VARIANTS[law][variant]}"


def law_from_argv():
    """The law a test script checks: --law hertz, default linear."""
    return sys.argv[sys.argv.index("--law") + 1] if "--law" in sys.argv else "linear"


def pile_deck(pair_style="dem/linear", coeff="* * kn 2000 ks 1500 fric 0.5 dp_nratio 0.3 dp_sratio 0.2 dp_mode 1",
              steps=3000, dt=1e-5, dump=None, extra_before_run="", thermo_every=100, energy=False,
              restart_mid=None):
    dump_cmd = f"dump d all custom {steps} {dump} id x y z vx vy vz omegax omegay omegaz\n" \
               "dump_modify d sort id format float %.17g" if dump else ""
    restart_cmd = f"restart {restart_mid} restart.*" if restart_mid else ""
    return f"""
units si
atom_style sphere
atom_modify map array
boundary p p f
comm_modify vel yes
region box block 0 0.02 0 0.02 0 0.05
create_box 2 box
lattice sc 0.002 origin 0.5 0.5 0.5
region floor block 0 0.02 0 0.02 0 0.002 units box
create_atoms 2 region floor
lattice sc 0.0025 origin 0.5 0.5 0.5
region fall block 0 0.02 0 0.02 0.004 0.0435 units box
create_atoms 1 region fall
set type 1 diameter {2 * R} density {RHO}
set type 2 diameter {2 * R} density {RHO}
group floor type 2
group grains type 1
velocity grains create 1e15 4928459 loop geom dist gaussian
velocity grains set NULL NULL -0.05 sum yes
pair_style {pair_style}
pair_coeff {coeff}
neighbor 0.0004 bin
neigh_modify delay 0 every 1 check yes
fix freeze floor freeze
fix integrate grains nve/sphere
fix gravity grains gravity 9.81 vector 0 0 -1
timestep {dt}
compute dem all pair {pair_style.split()[0]}
variable pe_grav atom mass*9.81*z
compute pe_grav grains reduce sum v_pe_grav
compute erot grains erotate/sphere
compute ke grains ke
thermo_style custom step atoms c_ke c_erot c_pe_grav c_dem[1] c_dem[2] c_dem[3] c_dem[7] c_dem[8] c_dem[9] c_dem[10]
thermo_modify format float %.17g norm no
thermo {thermo_every}
{dump_cmd}
{restart_cmd}
{extra_before_run}
run {steps}
"""
