"""Under Kokkos, the pair forces of a settling pile sum to zero, step after step (Newton's third law).

The pile (pile.py: ~1000 grains on a frozen floor, periodic in x and y) runs 20000 steps under
/kk with newton off, so each contact across the periodic boundary is computed twice, once by each
atom, from two copies of its history. The sum of the forces on the grains, plus the force on the
frozen floor (fix freeze's vector) and the weight, is the sum of the pair forces: round-off
(1e-15 N; the pile weighs 0.1 N) as long as both copies carry the same history. We allow 1e-12 N.

This broke when an atom first had more contact partners than LAMMPS's Kokkos history fix had
room for (8): its newton-off pre_exchange grows its arrays and refills them through stale
views, which scrambled some contacts' history (up to 1.7e-3 N here, LAMMPS's gran/hooke/history/kk
too). fix DEM_HISTORY/KK refills them (fix_dem_history_kokkos.cpp). The test also checks that the
pile reaches more than 8 contacts on some grain, so that it goes through that growth.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402
from pile import pile_coeff, pile_deck  # noqa: E402

BALANCE = """
compute fz grains reduce sum fz
compute contacts all contact/atom
compute most all reduce max c_contacts
variable imbalance equal c_fz+f_freeze[3]+mass(grains)*9.81
thermo_style custom step atoms v_imbalance c_most
thermo_modify format float %.17g
"""


def main():
    chk = Checks()
    for law in ("linear", "hertz", "hysteretic"):
        deck = pile_deck(f"dem/{law}", pile_coeff(law, 0), steps=20000, thermo_every=250,
                         extra_before_run=BALANCE)
        rows = run(deck, kokkos=True, threads=1).thermo
        worst = max(abs(r["v_imbalance"]) for r in rows)
        most = max(r["c_most"] for r in rows)
        chk.true(len(rows) == 81, f"dem/{law}/kk: {len(rows)} thermo rows")
        chk.close(f"dem/{law}/kk: largest sum of pair forces over 20000 steps (N)", worst, 0.0, abs_tol=1e-12)
        chk.true(most > 8, f"dem/{law}/kk: some grain has {most:.0f} contacts (> 8, the history fix grows)")
    chk.finish()


if __name__ == "__main__":
    main()
