"""Heap profiles of in.repose for each mu_r, with the fitted flanks (repose.png): needs matplotlib."""
# SPDX-License-Identifier: GPL-2.0-or-later
import glob

from heap import plot_heaps

files = sorted(glob.glob("profile_mur*.dat"), key=lambda p: float(p[len("profile_mur"):-len(".dat")]))
plot_heaps([(f"mu_r = {p[len('profile_mur'):-len('.dat')]}", p) for p in files],
           "Heaps poured on a rough plate, dem/linear rr_fric (PFC rrlinear)", "repose.png")
