"""dem/linear or dem/hertz (--law) on 1, 2 and 4 MPI ranks: the same settling pile ends in the same state.
--rolling adds rolling resistance, --adhesion adhesion (Rocky's linear adhesive force; JKR for
dem/hertz), whose contacts act at a positive gap and must cross ranks like the others.

Forces are summed in a different order on different decompositions, so results agree to
round-off, which the collisions of a granular pile amplify; over 3000 steps (about 65 contact
durations) we allow 1e-9 m in positions (0.0001% of a radius) and 1e-7 m/s in velocities,
and require identical contact-event counts.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run  # noqa: E402
from pile import law_from_argv, pile_coeff, pile_deck  # noqa: E402


def compare(chk, label, ref, other, ref_rows, rows):
    chk.true(set(ref) == set(other) and len(ref) > 1000, f"{label}: same {len(ref)} atoms")
    dx = max(abs(ref[i][c] - other[i][c]) for i in ref for c in ("x", "y", "z"))
    dv = max(abs(ref[i][c] - other[i][c]) for i in ref for c in ("vx", "vy", "vz"))
    dw = max(abs(ref[i][c] - other[i][c]) for i in ref for c in ("omegax", "omegay", "omegaz"))
    chk.close(f"{label}: max position difference", dx, 0.0, abs_tol=1e-9)
    chk.close(f"{label}: max velocity difference", dv, 0.0, abs_tol=1e-7)
    chk.close(f"{label}: max spin difference", dw, 0.0, abs_tol=1e-4)
    for col, what in (("c_dem[7]", "activations"), ("c_dem[8]", "slip starts")):
        chk.close(f"{label}: cumulative {what}", rows[-1][col], ref_rows[-1][col], abs_tol=0.5)


# the variant run on several ranks: the no-tension dashpot for the linear law, Mindlin-Deresiewicz
# (its shear displacement in 3 more history slots) for Hertz; for Rocky's law the
# linear spring Coulomb limit (the Coulomb-limit model, tan_mode 1, switches friction with the sign
# and size of v_t, which amplifies round-off: 2e-9 m after 3000 steps on 2 ranks with Kokkos)
MPI_VARIANT = {"linear": 1, "hertz": 3, "hysteretic": 0}
# --adhesion: strong enough to hold grains together (linear: f_k K_n delta_adh = 0.2 * 2000 N/m *
# 5e-5 m = 0.02 N, about 200 grain weights; JKR pull-off 3/2 pi w R* = 1.2e-4 N, about one)
ADHESION = {"linear": " adh_model 2 adh_frac 0.2 adh_dist 5e-5",
            "hertz": " adh_model 3 adh_gamma 0.05",
            "hysteretic": " adh_model 2 adh_frac 0.2 adh_dist 5e-5"}


def main(law, kokkos=False):
    chk = Checks()
    # --rolling: with rolling resistance (PFC rrlinear) on every contact
    coeff = pile_coeff(law, MPI_VARIANT[law]) + (" rr_fric 0.1" if "--rolling" in sys.argv else "") \
        + (ADHESION[law] if "--adhesion" in sys.argv else "")
    deck = pile_deck(f"dem/{law} energy yes", coeff, dump="final.dump", steps=3000)
    ref_run = run(deck)
    ref = read_dump(os.path.join(ref_run.workdir, "final.dump"))
    for ranks in (2, 4):
        res = run(deck, ranks=ranks, kokkos=kokkos, threads=1)
        compare(chk, f"{ranks} ranks", ref, read_dump(os.path.join(res.workdir, "final.dump")),
                ref_run.thermo, res.thermo)
    chk.finish()


if __name__ == "__main__":
    main(law_from_argv(), kokkos="--kokkos" in sys.argv)
