"""fix wall/dem in a small rotating drum (a region wall with caps) with a floor plane: the same
state on 1, 2 and 4 MPI ranks, and a run continued from a restart file equals the straight run.

~200 spheres (dem/linear between them) tumble in a drum, rotating about y, that is closed by its
caps (several walls touch a sphere at once), so the per-atom wall history migrates between ranks,
and the history (lin_mode 1: the normal force is incremental) must survive the restart file.
Tolerances as for the pair styles' pile (test_mpi.py): round-off amplified by collisions over
4000 steps: 1e-9 m, 1e-7 m/s; the cumulative wall outputs to 1e-9 relative, the torque on the
drum (a small sum of large moments) to 1e-6.
Without --mpi only the restart on one rank is checked; --mpi adds 2 and 4 ranks and the restart
continued on 2 ranks.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402

N = 4000
WALL = "linear kn 2000 ks 1500 fric 0.5 dp_nratio 0.3 dp_sratio 0.2 lin_mode 1"
SETTINGS = f"""
comm_modify vel yes
neighbor 0.0004 bin
neigh_modify delay 0 every 1 check yes
variable theta equal 2*time
region drum cylinder y 0 0 0.012 -0.006 0.006 side in rotate v_theta 0 0 0 0 1 0 units box
fix drum all wall/dem {WALL} region drum energy yes origin 0 0 0
fix floor all wall/dem hertz hz_shear 5e6 hz_poiss 0.3 fric 0.3 dp_nratio 0.2 zplane -0.0105 NULL energy yes
fix integrate all nve/sphere
fix gravity all gravity 9.81 vector 0 0 -1
timestep 1e-5
"""
OUT = """
dump d all custom {steps} final.dump id x y z vx vy vz omegax omegay omegaz
dump_modify d sort id format float %.17g
thermo_style custom step f_drum[2] f_drum[3] f_drum[5] f_drum[9] f_drum[11] f_drum[12] f_floor[3] f_floor[11] f_floor[12]
thermo_modify format float %.17g
thermo 500
"""
PRINTS = """
print "@ slip $(f_drum[2]:%.17g)"
print "@ dashpot $(f_drum[3]:%.17g)"
print "@ activated $(f_drum[12]:%.17g)"
print "@ floor_dashpot $(f_floor[3]:%.17g)"
print "@ torque $(f_drum[9]:%.17g)"
"""


INIT = """
units si
atom_style sphere
atom_modify map array
boundary f f f
region box block -0.014 0.014 -0.008 0.008 -0.014 0.014
create_box 1 box
lattice sc 0.0022 origin 0.5 0.5 0.5
region fill cylinder y 0 0 0.009 -0.005 0.005 units box
create_atoms 1 region fill
set type 1 diameter 0.002 density 2500
velocity all create 1e15 4928459 loop geom dist gaussian
velocity all set NULL NULL -0.05 sum yes
write_data init.data
"""


def straight(data, restart_mid=None):
    """The run from a data file written on one rank (create_atoms numbers atoms by rank)."""
    restart = f"restart {restart_mid} restart.*" if restart_mid else ""
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
read_data {data}
pair_style dem/linear
pair_coeff * * kn 2000 ks 1500 fric 0.5 dp_nratio 0.3 dp_sratio 0.2
{SETTINGS}
{OUT.format(steps=N)}
{restart}
run {N}
{PRINTS}
"""


def continuation():
    return f"""
read_restart restart.{N // 2}
{SETTINGS}
{OUT.format(steps=N // 2)}
run {N // 2}
{PRINTS}
"""


def compare(chk, label, a, b, ra, rb):
    chk.true(set(a) == set(b) and len(a) > 150, f"{label}: same {len(a)} atoms")
    for cols, tol in ((("x", "y", "z"), 1e-9), (("vx", "vy", "vz"), 1e-7)):
        diff = max(abs(a[i][c] - b[i][c]) for i in a for c in cols)
        chk.close(f"{label}: max difference in {cols}", diff, 0.0, abs_tol=tol)
    # the torque on the drum is a small sum of large moments: round-off of the sum is ~1e-8 of it
    for key, rel in (("slip", 1e-9), ("dashpot", 1e-9), ("activated", 1e-9), ("floor_dashpot", 1e-9), ("torque", 1e-6)):
        chk.close(f"{label}: wall output {key}", rb[key], ra[key], abs_tol=rel * max(abs(ra[key]), 1e-12))


def main(mpi):
    chk = Checks()
    data = os.path.join(run(INIT).workdir, "init.data")
    ref = run(straight(data, restart_mid=N // 2))
    a = read_dump(os.path.join(ref.workdir, "final.dump"))
    chk.true(ref["activated"] > 100 and ref["dashpot"] > 0, f"the drum works: {ref['activated']:g} wall contacts activated")
    most = max(r["f_drum[11]"] + r["f_floor[11]"] for r in ref.thermo)
    chk.true(most >= 10, f"many wall contacts at once (up to {most:g} on the thermo steps)")
    for ranks in ((2, 4) if mpi else ()):
        res = run(straight(data), ranks=ranks)
        compare(chk, f"{ranks} ranks", a, read_dump(os.path.join(res.workdir, "final.dump")), ref, res)
    for ranks in ((1, 2) if mpi else (1,)):
        second = ref.workdir + f"-restart{ranks}"
        os.makedirs(second)
        shutil.copy(os.path.join(ref.workdir, f"restart.{N // 2}"), second)
        res = run(continuation(), workdir=second, ranks=ranks)
        compare(chk, f"restart on {ranks} rank(s)", a, read_dump(os.path.join(second, "final.dump")), ref, res)
    chk.finish()


if __name__ == "__main__":
    main("--mpi" in sys.argv)
