"""dem/linear or dem/hertz (--law) restart: N steps straight equal N/2 steps, a restart file, and N/2 more steps
in a new LAMMPS process, to round-off (positions, velocities, spins and the contact history,
seen through the shear forces and slip states of compute pair/local and the global totals).
--rolling: with rolling resistance (rr_fric 0.1, PFC rrlinear), its moments seen through pair/local too."""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402
from pile import LAW_COEFFS, law_from_argv, pile_deck  # noqa: E402

N = 2000
# the incremental normal force (linear) and the shear scaling on unloading (Hertz) use history
MODE = {"linear": "dp_mode 3 lin_mode 1", "hertz": "dp_mode 3 tan_mode 2", "hysteretic": "tan_mode 0"}
ROLLING = "--rolling" in sys.argv
PAIR_LOCAL = """compute pl all pair/local p2 p3 p7 p13
compute shear all reduce sum c_pl[1] c_pl[2] c_pl[3] c_pl[4] inputs local
variable s1 equal c_shear[1]
variable s2 equal c_shear[2]
variable s3 equal c_shear[3]
variable s4 equal c_shear[4]
""" + ("""compute rl all pair/local p15 p16
compute roll all reduce sum c_rl[1] c_rl[2] inputs local
variable r1 equal c_roll[1]
variable r2 equal c_roll[2]
""" if ROLLING else "")
GLOBAL = """variable e2 equal c_dem[2]
variable e3 equal c_dem[3]
variable n7 equal c_dem[7]
"""
LOCAL_KEYS, GLOBAL_KEYS = ("s1", "s2", "s3", "s4") + (("r1", "r2") if ROLLING else ()), ("e2", "e3", "n7")


def outputs(kokkos):
    """Deck lines and printed keys (the same with /kk, whose compute pair/local reads its device history)."""
    keys = LOCAL_KEYS + GLOBAL_KEYS
    text = PAIR_LOCAL + GLOBAL
    return text, "\n".join(f'print "@ {v} ${{{v}}}"' for v in keys), keys


def continuation(law, steps, kokkos):
    local, prints, _ = outputs(kokkos)
    return f"""
read_restart restart.{N // 2}
comm_modify vel yes
neighbor 0.0004 bin
neigh_modify delay 0 every 1 check yes
fix freeze floor freeze
fix integrate grains nve/sphere
fix gravity grains gravity 9.81 vector 0 0 -1
timestep 1e-5
compute dem all pair dem/{law}
{local}
dump d all custom {steps} final.dump id x y z vx vy vz omegax omegay omegaz
dump_modify d sort id format float %.17g
thermo_style custom step c_dem[2]
run {steps}
{prints}
"""


def main(law, kokkos=False, ranks=1):
    chk = Checks()
    local, prints, keys = outputs(kokkos)
    coeff = f"* * {LAW_COEFFS[law]} {MODE[law]}" + (" rr_fric 0.1" if ROLLING else "")
    straight = run(pile_deck(f"dem/{law} energy yes", coeff, steps=N, dump="final.dump",
                             extra_before_run=local, restart_mid=N // 2) + prints, kokkos=kokkos, ranks=ranks)
    second = straight.workdir + "-second"
    os.makedirs(second)
    shutil.copy(os.path.join(straight.workdir, f"restart.{N // 2}"), second)
    resumed = run(continuation(law, N // 2, kokkos), workdir=second, kokkos=kokkos, ranks=ranks)
    a = read_dump(os.path.join(straight.workdir, "final.dump"))
    b = read_dump(os.path.join(second, "final.dump"))
    for cols, tol in ((("x", "y", "z"), 1e-12), (("vx", "vy", "vz"), 1e-10), (("omegax", "omegay", "omegaz"), 1e-7)):
        diff = max(abs(a[i][c] - b[i][c]) for i in a for c in cols)
        chk.close(f"restart: max difference in {cols}", diff, 0.0, abs_tol=tol)
    for key, what in (("s1", "sum of shear force s-components"), ("s2", "sum of shear force t-components"),
                      ("s3", "number of sliding contacts"), ("s4", "per-contact slip energy sum"),
                      ("e2", "cumulative slip energy"), ("e3", "cumulative dashpot energy"),
                      ("n7", "cumulative activations"), ("r1", "sum of rolling moment s-components"),
                      ("r2", "sum of rolling moment t-components")):
        if key not in keys:
            continue
        want = straight[key]
        # the rolling moments are small numbers (N m): relative
        tol = 1e-9 * (abs(want) if key in ("r1", "r2") else max(1.0, abs(want)))
        chk.close(f"restart: {what}", resumed[key], want, abs_tol=tol)
    if not kokkos:
        chk.true(straight["s3"] > 0 and abs(straight["s2"]) > 0, "restart: the pile has sliding contacts with shear")
    if ROLLING and not kokkos:
        chk.true(abs(straight["r1"]) + abs(straight["r2"]) > 0, "restart: the pile's contacts carry rolling moments")
    chk.finish()


if __name__ == "__main__":
    main(law_from_argv(), kokkos="--kokkos" in sys.argv, ranks=2 if "--mpi" in sys.argv else 1)
