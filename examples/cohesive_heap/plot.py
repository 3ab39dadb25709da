"""Heap profiles of in.cohesive_heap for each adhesion strength f_c, with the fitted flanks
(cohesive_heap.png), through examples/repose/heap.py: needs matplotlib."""
# SPDX-License-Identifier: GPL-2.0-or-later
import glob
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "repose"))
from heap import plot_heaps  # noqa: E402


def strength(path):
    return float(os.path.basename(path)[len("profile_fc"):-len(".dat")])


files = sorted(glob.glob("profile_fc*.dat"), key=strength)
plot_heaps([(f"f_c = {strength(p):g}", p) for p in files],
           "Heaps poured on a rough plate, dem/linear with Rocky's constant adhesion (adh_model 1)",
           "cohesive_heap.png", bulk=True)
