"""fix wall/dem ... mesh: a restart read with the mesh file re-exported with its triangles in
another order (the same count and bounding box) does not reinterpret the wall contacts.

Spheres slide and roll in the corners of a box mesh (12 triangles, 6 facet patches: a contact's
id is its patch, and the patches are numbered in the triangles' order); a restart file is written
mid-run.
1. Continued with the same mesh: every thermo line (kinetic and wall strain energy, wall force,
   contacts) and the final state equal the straight run's to the last bit, with no warning.
2. Continued with the triangles in reverse order: the fix warns that the restart file's mesh is
   not this one and its wall contacts start afresh (the documented behaviour), or, if it matched
   the contacts by geometry, the continuation is the straight run's; never a silent change.
3. A restart file of a pre-1.0 development version (tests/data/wall_mesh_box_v3.restart: its wall
   record DEMWALL3 held the triangle count and box but no fingerprint) is refused with an error
   that names the record and the restart formats this version reads (doc/restart.rst).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402
from stlmesh import box, write_stl  # noqa: E402

DATA = os.path.join(os.path.dirname(__file__), "..", "data")
N = 2000
SETUP = """
pair_style zero 0.002
pair_coeff * *
comm_modify vel yes
fix w all wall/dem linear kn 2000 ks 1500 fric 0.4 dp_nratio 0.3 dp_sratio 0.2 mesh {mesh} energy yes
fix gravity all gravity 9.81 vector 0 0 -1
fix integrate all nve/sphere
timestep 1e-5
thermo_style custom step ke f_w f_w[2] f_w[7] f_w[11] f_w[12]
thermo_modify format float %.17g
thermo 100
dump d all custom {steps} final.dump id x y z vx vy vz omegax omegay omegaz
dump_modify d sort id format float %.17g
"""
START = """
units si
atom_style sphere
atom_modify map array
boundary f f f
region box block -0.012 0.012 -0.012 0.012 -0.012 0.012
create_box 1 box
create_atoms 1 single -0.0088 -0.0088 -0.0089
create_atoms 1 single 0.0089 -0.004 -0.0089
create_atoms 1 single 0.002 0.0089 -0.0085
set type 1 diameter 0.002 density 2500
velocity all set -0.05 -0.03 0
set atom 2 vx 0.08 vy 0.02
set atom 3 omega 50 20 -10
""" + SETUP + f"""
restart {N // 2} restart.*
run {N}
"""
CONTINUE = "read_restart restart.{step}\n" + SETUP + "run {steps}\n"


def main():
    chk = Checks()
    tmp = tempfile.mkdtemp(prefix="demmesh-")
    tris = box((-0.01,) * 3, (0.01,) * 3)
    mesh = write_stl(os.path.join(tmp, "box.stl"), tris)
    reordered = write_stl(os.path.join(tmp, "box_reordered.stl"), tris[::-1])
    ref = run(START.format(mesh=mesh, steps=N))
    tail = [r for r in ref.thermo if r["Step"] >= N // 2]
    chk.true(tail[0]["f_w[11]"] >= 2, f"wall contacts at the restart step ({tail[0]['f_w[11]']:g})")
    final = read_dump(os.path.join(ref.workdir, "final.dump"))

    def continued(label, stl, restart):
        where = tempfile.mkdtemp(prefix="demmesh-")
        step = os.path.basename(restart).split(".")[-1]
        shutil.copy(restart, os.path.join(where, f"restart.{step}"))
        res = run(CONTINUE.format(mesh=stl, steps=N // 2, step=step), workdir=where)
        same = res.thermo == tail and read_dump(os.path.join(where, "final.dump")) == final
        if not same:
            print(f"{label}: first differences:", [(a["Step"], k, a[k], b[k]) for a, b in zip(tail, res.thermo)
                                                   for k in a if a[k] != b[k]][:4])
        warned = [line for line in res.output.splitlines() if "WARNING" in line]
        return res, same, warned

    restart = os.path.join(ref.workdir, f"restart.{N // 2}")
    res, same, warned = continued("same mesh", mesh, restart)
    chk.true(same and not warned, f"same mesh: the continuation equals the straight run, no warning {warned}")
    res, same, warned = continued("reordered mesh", reordered, restart)
    afresh = [w for w in warned if "numbered otherwise" in w and "start afresh" in w]
    chk.true(same or afresh, f"reordered mesh: identical continuation or the warning {warned}")
    chk.true(same or res.thermo[0] != tail[0], "reordered mesh: after the warning the contacts did start afresh")
    old = os.path.join(DATA, "wall_mesh_box_v3.restart")
    where = tempfile.mkdtemp(prefix="demmesh-")
    shutil.copy(old, os.path.join(where, f"restart.{N // 2}"))
    res = run(CONTINUE.format(mesh=mesh, steps=N // 2, step=N // 2), workdir=where, expect_error=True)
    chk.true("wall record DEMWALL3 of a pre-1.0 development version" in res.error and "restart formats 1 to" in res.error,
             f"a restart file of a pre-1.0 wall record: refused, naming it ({res.error})")
    chk.finish()


if __name__ == "__main__":
    main()
