"""dem/linear/kk, dem/hertz/kk or dem/hysteretic/kk (--law; Kokkos, on DEM_KOKKOS_THREADS threads:
2 for dem/linear, see tests/CMakeLists.txt) against the CPU style.

A collision is summed in the same order on both, so it must agree to ~1e-12; the pile's forces
are summed in a different order by the kernel, so, as for MPI, we allow round-off grown
through collisions (same tolerances as test_mpi.py) and identical event counts.
The Coulomb-limit model (tan_mode 1) flips its friction force with the sign of v_s from step to
step near rolling, which amplifies round-off exponentially (linear pile, Kokkos vs CPU: 1e-17 m
after 100 steps, 5e-15 m after 1000, 3e-7 m after 3000): its pile is compared after 1000 steps."""
# SPDX-License-Identifier: GPL-2.0-or-later
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from collision import deck  # noqa: E402
from demtest import Checks, read_dump, run  # noqa: E402
from pile import VARIANTS, law_from_argv, pile_coeff, pile_deck  # noqa: E402
from test_mpi import compare  # noqa: E402

COLLISION = {"linear": "kn 1e5 ks 5e4 fric 0.3 dp_nratio 0.3 dp_sratio 0.2 dp_mode 1",
             "hertz": "hz_shear 1e8 hz_poiss 0.3 fric 0.3 dp_nratio 0.3 dp_sratio 0.2 dp_mode 1",
             "hysteretic": "kn 1e5 restitution 0.6 kt_ratio 0.5 fric 0.3 fric_dyn 0.2"}
chk = Checks()
law = law_from_argv()
coll = deck(f"dem/{law} energy yes", [f"* * {COLLISION[law]}"],
            steps=3000, extra="velocity all set NULL 0.2 0.1 sum yes")
cpu, kk = run(coll).thermo, run(coll, kokkos=True).thermo
worst = max(abs(a[c] - b[c]) / (abs(a[c]) + 1e-30) for a, b in zip(cpu, kk) for c in ("v_gap", "v_vrel", "v_fx")
            if abs(a[c]) > 1e-12)
chk.true(len(cpu) == len(kk) and worst < 1e-10, f"oblique collision: same trajectory on Kokkos (worst relative {worst:.2e})")

for k in sorted({0, 2, len(VARIANTS[law]) - 1}):    # and the last: a tangential model (linear, hertz)
    coeff, mode = pile_coeff(law, k), VARIANTS[law][k]
    steps = 1000 if "tan_mode 1" in mode else 3000
    text = pile_deck(f"dem/{law} energy yes", coeff, dump="final.dump", steps=steps)
    ref, other = run(text), run(text, kokkos=True)
    compare(chk, f"pile {mode}, Kokkos vs CPU", read_dump(os.path.join(ref.workdir, "final.dump")),
            read_dump(os.path.join(other.workdir, "final.dump")), ref.thermo, other.thermo)
    for col, what in (("c_dem[1]", "strain energy"), ("c_dem[2]", "slip energy"), ("c_dem[3]", "dashpot energy"),
                      ("c_dem[10]", "plastic energy")):
        a, b = ref.thermo[-1][col], other.thermo[-1][col]
        chk.close(f"pile {mode}: {what} Kokkos vs CPU", b, a, rel=1e-4)
    chk.true(math.isfinite(other.thermo[-1]["c_ke"]), "Kokkos run finished with finite energies")
# requirements are diagnosed at init: LAMMPS's Kokkos history fix needs newton off
msg = run(coll, kokkos=True, args=["-pk", "kokkos", "newton", "on"], expect_error=True).error
chk.true("newton" in msg, f"/kk with newton on stops at init naming newton: '{msg}'")
# full lists (the KOKKOS default on a GPU): the error names both options the styles need
msg = run(coll, kokkos=True, args=["-pk", "kokkos", "neigh", "full"], expect_error=True).error
chk.true("neigh half" in msg and "newton off" in msg,
         f"/kk with neigh full stops at init naming neigh half and newton off: '{msg}'")
chk.finish()
