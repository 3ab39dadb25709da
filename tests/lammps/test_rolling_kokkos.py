"""Rolling resistance under Kokkos (dem/*/kk and fix wall/dem/kk) against the CPU
styles: a pile settling in a box of plane walls, pair style and walls with rolling resistance
(each law with another rolling model), the same state after 3000 steps within the round-off
that the kernel's different summation order grows through the collisions (test_mpi.compare's
tolerances, for about 1000 atoms), the same energies to 1e-4, and rolling moments that really act (the pile's
rotational energy differs from the run without rolling resistance).
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run_here  # noqa: E402
from test_wall_energy import deck  # noqa: E402

CASES = [("linear", "rr_fric 0.1"), ("hertz", "rr_fric 0.1 rr_model 3 rr_damp 0.2"),
         ("hysteretic", "rr_fric 0.1 rr_model 1")]
N = 3000


def with_dump(text):
    text = text.replace("thermo_style custom step", "thermo_style custom step c_dem[7] c_dem[8]")
    return text.replace(f"run {N}", f"dump d all custom {N} final.dump id x y z vx vy vz omegax omegay omegaz\n"
                        f"dump_modify d sort id format float %.17g\nrun {N}")


chk = Checks()
for law, rolling in CASES:
    text = with_dump(deck(law, rolling, steps=N))
    cpu, kk = run_here(text), run_here(text, kokkos=True)
    plain = run_here(deck(law, "", steps=N))
    label = f"{law} {rolling}"
    a, b = read_dump(os.path.join(cpu.workdir, "final.dump")), read_dump(os.path.join(kk.workdir, "final.dump"))
    chk.true(set(a) == set(b) and len(a) > 900, f"{label}: same {len(a)} atoms")
    for cols, tol in ((("x", "y", "z"), 1e-9), (("vx", "vy", "vz"), 1e-7), (("omegax", "omegay", "omegaz"), 1e-4)):
        diff = max(abs(a[i][c] - b[i][c]) for i in a for c in cols)
        chk.close(f"{label}, Kokkos vs CPU: max difference in {cols}", diff, 0.0, abs_tol=tol)
    for col in ("c_dem[7]", "c_dem[8]"):
        chk.close(f"{label}, Kokkos vs CPU: {col} (events)", kk.thermo[-1][col], cpu.thermo[-1][col], abs_tol=0.5)
    for col in ("c_dem[1]", "c_dem[2]", "f_floor[1]", "f_floor[2]"):
        chk.close(f"{label}: {col} Kokkos vs CPU", kk.thermo[-1][col], cpu.thermo[-1][col], rel=1e-4)
    chk.true(abs(cpu.thermo[-1]["c_erot"] - plain.thermo[-1]["c_erot"]) > 1e-3 * plain.thermo[-1]["c_erot"],
             f"{label}: rolling resistance changes the rotational energy "
             f"({cpu.thermo[-1]['c_erot']:.4g} J, without: {plain.thermo[-1]['c_erot']:.4g} J)")
chk.finish()
