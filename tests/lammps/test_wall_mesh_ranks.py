"""fix wall/dem ... mesh, moving: a rotating drum made of triangles (a cylinder of 120 facets with
its two caps, `move rotate`).

1. One sphere carried round by the mesh drum and by the same drum as a rotating region cylinder
   (test_wall_ranks.py's drum), with rolling resistance rr_fric 0.2 so that it is carried up to
   tan(angle) = 0.2 (11.3 degrees) where it rolls in place: the same motion. The facets lie within +-0.5 R_d (1 - cos(pi/n))
   = 2e-6 m of the circle (n = 120, R_d = 12 mm) and are 0.63 mm wide: the sphere rolls over a
   polygon instead of a circle, so its position differs from the region drum's by the faceting
   (bumps of ~1e-6 m) and what they do to its rolling: we ask for the sphere's mean angle of
   repose within 0.1 degree (measured: 0.009 degree) and the same number of contacts (one) at
   every output.
2. ~200 spheres tumbling in the mesh drum (with a zplane floor): the same state on 1, 2 and 4 MPI
   ranks (the mesh is global: every rank holds it), and a run continued from a restart file
   (written mid-run: contact history and the drum's angle) equals the straight run. Tolerances of
   test_wall_ranks.py (round-off amplified by collisions): 1e-9 m, 1e-7 m/s, outputs 1e-9
   relative, the torque on the drum 1e-6.
Without --mpi only the restart on one rank is checked.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402
from stlmesh import drum, write_stl  # noqa: E402
import test_wall_ranks as ranks_test  # noqa: E402

N = ranks_test.N
WALL = ranks_test.WALL


def mesh_settings(path):
    return ranks_test.SETTINGS.replace(
        "region drum cylinder y 0 0 0.012 -0.006 0.006 side in rotate v_theta 0 0 0 0 1 0 units box\n", "").replace(
        "region drum energy yes", f"mesh {path} move rotate 0 0 0 0 1 0 2 energy yes")


def one_sphere(wall):
    return f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
region box block -0.014 0.014 -0.008 0.008 -0.014 0.014
create_box 1 box
create_atoms 1 single 0 0 -0.0109
set type 1 diameter 0.002 density 2500
velocity all set 0 0 0
pair_style zero 0.002
pair_coeff * *
comm_modify vel yes
variable theta equal 2*time
region drum cylinder y 0 0 0.012 -0.006 0.006 side in rotate v_theta 0 0 0 0 1 0 units box
fix drum all wall/dem {WALL} rr_fric 0.2 {wall}
fix integrate all nve/sphere
fix gravity all gravity 9.81 vector 0 0 -1
timestep 1e-5
variable angle equal atan2(x[1],-z[1])*180/PI
thermo_style custom step v_angle f_drum[11]
thermo_modify format float %.17g
thermo 500
run 60000
"""


def main(mpi):
    chk = Checks()
    tmp = tempfile.mkdtemp(prefix="demmesh-")
    path = write_stl(os.path.join(tmp, "drum.stl"), drum(0.012, 0.006, 120))

    # 1. one sphere: mesh drum against region drum
    a = run(one_sphere("region drum")).thermo
    b = run(one_sphere(f"mesh {path} move rotate 0 0 0 0 1 0 2")).thermo
    late = slice(len(a) // 2, None)
    mean_a = sum(r["v_angle"] for r in a[late]) / len(a[late])
    mean_b = sum(r["v_angle"] for r in b[late]) / len(b[late])
    chk.true(abs(mean_a) > 5, f"region drum: the sphere is carried up ({mean_a:.3f} degrees)")
    chk.close("mesh drum: the sphere's mean angle as in the region drum (degrees)", mean_b, mean_a, abs_tol=0.1)
    na, nb = [r["f_drum[11]"] for r in a[late]], [r["f_drum[11]"] for r in b[late]]
    chk.true(set(na) == {1} and set(nb) == {1}, f"one contact at every output, region {set(na)} and mesh {set(nb)}")

    # 2. many spheres: ranks and restart
    settings = mesh_settings(path)
    ranks_test.SETTINGS = settings
    data = os.path.join(run(ranks_test.INIT).workdir, "init.data")
    ref = run(ranks_test.straight(data, restart_mid=N // 2))
    first = read_dump(os.path.join(ref.workdir, "final.dump"))
    chk.true(ref["activated"] > 100 and ref["dashpot"] > 0, f"the mesh drum works: {ref['activated']:g} contacts activated")
    most = max(r["f_drum[11]"] + r["f_floor[11]"] for r in ref.thermo)
    chk.true(most >= 10, f"many wall contacts at once (up to {most:g} on the thermo steps)")
    for nranks in ((2, 4) if mpi else ()):
        res = run(ranks_test.straight(data), ranks=nranks)
        ranks_test.compare(chk, f"{nranks} ranks", first, read_dump(os.path.join(res.workdir, "final.dump")), ref, res)
    for nranks in ((1, 2) if mpi else (1,)):
        second = ref.workdir + f"-restart{nranks}"
        os.makedirs(second)
        shutil.copy(os.path.join(ref.workdir, f"restart.{N // 2}"), second)
        res = run(ranks_test.continuation(), workdir=second, ranks=nranks)
        ranks_test.compare(chk, f"restart on {nranks} rank(s)", first, read_dump(os.path.join(second, "final.dump")),
                           ref, res)
    chk.finish()


if __name__ == "__main__":
    main("--mpi" in sys.argv)
