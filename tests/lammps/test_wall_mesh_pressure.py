"""fix wall/dem ... mesh: per-triangle normal force (array column 8) and pressure (column 9, the
normal force over the triangle's area, positive when the particles push on it).

1. A sphere at rest on a floor of 2 triangles (each 8e-4 m^2), placed at its static overlap so
   the contact force is m g from the first step: the triangle under it has pressure m g / area
   (to 1e-9 relative: the overlap m g / k_n = 5e-8 m is the difference of two coordinates of
   ~1e-3 m, which costs 4-5 of the 16 digits) and normal force m g; the other has 0 exactly.
2. test_wall_mesh.py's pile (~1000 spheres) settled on a floor of 800 triangles (periodic in x
   and y, the floor beyond the box), after 0.2 s:
   - sum(pressure * area) over the triangles equals the wall's total force along -z (vector 7),
     the sum of the same forces in another order (round-off: 1e-12 relative);
   - it equals the weight of the pile up to the pile's momentum change: with velocity Verlet the
     total z momentum P of the spheres moves by dt ((F(n-1) + F(n)) / 2 - W) from step n-1 to n
     (the pair forces cancel), F(k) = sum(pressure * area) on step k. We ask this to 1e-9 W
     (round-off), and the settled pile's floor load to be its weight within 1%.
--kokkos: part 1 under -sf kk, part 2 with wall/dem/kk named (rows summed with atomic adds on the
device) and the pair style on the CPU: under -sf kk the forces of dem/hertz/kk between the
spheres do not sum to zero in this periodic pile (4e-4 N, 0.4% of its weight, also on one
thread; 1e-15 N on the CPU with newton off), which breaks the momentum balance, not the rows.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402
from stlmesh import floor, write_stl  # noqa: E402
from test_wall_mesh import pile_deck  # noqa: E402
from test_wall_mesh_motion import G, KN, MASS, R, WALL, sphere_box  # noqa: E402



def area(t):
    a, b, c = t
    u = [b[k] - a[k] for k in range(3)]
    v = [c[k] - a[k] for k in range(3)]
    n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
    return 0.5 * math.sqrt(sum(x * x for x in n))


def one_sphere(path):
    return sphere_box(f"create_atoms 1 single 0.01 -0.005 {R - MASS * G / KN!r}") + f"""
pair_style zero {2 * R}
pair_coeff * *
comm_modify vel yes
fix m all wall/dem {WALL} mesh {path}
fix integrate all nve/sphere
fix gravity all gravity {G} vector 0 0 -1
timestep 1e-5
thermo_style custom step f_m[1][8] f_m[1][9] f_m[2][8] f_m[2][9] f_m[7] f_m[11]
thermo_modify format float %.17g
thermo 100
run 1000
"""


def pile(path, steps):
    """test_wall_mesh.py's settling pile (fix ID w) to step - 1, then one step with the rows written."""
    return pile_deck(f"mesh {path}", steps - 1) + """
variable pz atom mass*vz
compute pz all reduce sum v_pz
thermo_style custom step atoms ke c_pz f_w[7]
thermo_modify format float %.17g
fix rows all ave/time 1 1 1 f_w[9] mode vector file rows.txt format " %.17g"
thermo 1
run 1
"""


def read_rows(path):
    """{step: [values by row]} of a fix ave/time mode vector file."""
    blocks, left, step = {}, 0, None
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                continue
            words = line.split()
            if left == 0:    # a block's header: step and number of rows
                step, left = int(words[0]), int(words[1])
                blocks[step] = []
            else:
                blocks[step].append(float(words[1]))
                left -= 1
    return blocks


def main(kokkos):
    chk = Checks()
    tag = "wall/dem/kk: " if kokkos else ""
    tmp = tempfile.mkdtemp(prefix="demmesh-")
    two = floor(1, -0.02, 0.02)
    res = run(one_sphere(write_stl(os.path.join(tmp, "floor2.stl"), two)), kokkos=kokkos)
    a1, a2 = area(two[0]), area(two[1])
    last = res.thermo[-1]
    chk.close(f"{tag}sphere at rest: triangle areas", a1 + a2, 0.04 ** 2, rel=1e-12)
    for r in res.thermo:
        ok = abs(r["f_m[1][9]"] - MASS * G / a1) <= 1e-9 * MASS * G / a1 and r["f_m[2][9]"] == 0 \
            and r["f_m[2][8]"] == 0 and abs(r["f_m[1][8]"] - MASS * G) <= 1e-9 * MASS * G
        if not ok:
            break
    chk.true(ok, f"{tag}sphere at rest, every 100 steps: pressure m g / area on the triangle under it "
             f"({last['f_m[1][9]']:.10g} Pa against {MASS * G / a1:.10g}), 0 on the other")
    chk.close(f"{tag}sphere at rest: normal force on its triangle = -F_z", last["f_m[1][8]"], -last["f_m[7]"],
              rel=1e-12)

    fine = floor(20, -0.01, 0.03)
    areas = [area(t) for t in fine]
    steps = 20000
    deck = pile(write_stl(os.path.join(tmp, "floor800.stl"), fine), steps)
    if kokkos:    # wall/dem/kk named explicitly, the pair style on the CPU (see the top)
        deck = deck.replace("atom_style sphere\n", "atom_style sphere/kk\n").replace("wall/dem ", "wall/dem/kk ") \
            .replace("timestep 1e-5\n", "timestep 1e-5\nrun_style verlet/kk\n")
    res = run(deck, kokkos=kokkos, suffix=False)
    rows = read_rows(os.path.join(res.workdir, "rows.txt"))
    natoms = res.thermo[-1]["Atoms"]
    weight = natoms * MASS * G
    th = {int(r["Step"]): r for r in res.thermo}
    load = {s: sum(p * a for p, a in zip(rows[s], areas)) for s in (steps - 1, steps)}
    chk.true(len(rows[steps]) == len(fine) and sum(1 for p in rows[steps] if p > 0) > 30,
             f"{tag}pile: {len(fine)} rows, {sum(1 for p in rows[steps] if p > 0)} triangles loaded")
    chk.true(min(rows[steps]) >= 0, f"{tag}pile: no negative pressure (no adhesion)")
    for s in (steps - 1, steps):
        chk.close(f"{tag}pile, step {s}: sum(pressure * area) = -(total force z)", load[s], -th[s]["f_w[7]"],
                  rel=1e-12)
    dpdt = (th[steps]["c_pz"] - th[steps - 1]["c_pz"]) / 1e-5
    chk.close(f"{tag}pile: mean of sum(pressure * area) over the last step less the weight = dP/dt",
              0.5 * (load[steps - 1] + load[steps]) - weight, dpdt, abs_tol=1e-9 * weight)
    chk.close(f"{tag}pile of {natoms:g} spheres at rest: sum(pressure * area) = weight {weight:.6g} N", load[steps],
              weight, rel=1e-2)
    chk.finish()


if __name__ == "__main__":
    main("--kokkos" in sys.argv)
