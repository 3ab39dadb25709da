"""examples/repose (angle of repose with PFC's rolling resistance, dem/linear rr_fric), reduced to
a plate of half-width 10 and a slab 3 diameters thick with 400 grains poured, for mu_r = 0 and 0.3
(18-40 s on a loaded 2-core machine), run as shipped from a copy of its folder:

  * a heap forms: at least 150 grains stay on the plate for each mu_r;
  * without rolling resistance the angle is that of frictional spheres (fric 0.5) on a rough base,
    between 18 and 35 degrees (measured 26-29 for two seeds at this size, 26 on the example's plate);
  * rolling resistance steepens the heap: angle(mu_r = 0.3) - angle(mu_r = 0) > 5 degrees. Measured
    at this size: 9.7 and 11.9 degrees for two pour seeds (11.5 on the example's wider plate);
    one seed's angles scatter by about 2 degrees with the pooled two-flank fit of heap.py,
    so 5 degrees is well clear of the noise, while a rolling resistance that did nothing would
    give a difference of 0 +- 3 degrees (two seeds of mu_r = 0 differed by 2.9) and fail.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402

EXAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "repose")
sys.path.insert(0, EXAMPLE)
from heap import read_profile, repose_angle  # noqa: E402


def main():
    chk = Checks()
    work = tempfile.mkdtemp(prefix="demtest-repose-")
    shutil.copy(os.path.join(EXAMPLE, "in.repose"), work)
    with open(os.path.join(work, "in.repose")) as f:
        deck = f.read()
    r = run(deck, workdir=work, args=["-var", "mur", "0.0", "0.3", "-var", "half", "10", "-var", "width", "3",
                                      "-var", "grains", "400", "-var", "plot", "0"])
    angles = {}
    for mur in ("0.0", "0.3"):
        chk.true(r[f"grains_mur{mur}"] >= 150, f"mu_r {mur}: {r[f'grains_mur{mur}']:.0f} grains stay on the plate (>= 150)")
        angle, left, right = repose_angle(read_profile(os.path.join(work, f"profile_mur{mur}.dat")))
        print(f"mu_r {mur}: angle of repose {angle:.1f} deg (left flank {left:.1f}, right {right:.1f})")
        angles[mur] = angle
    chk.true(18 < angles["0.0"] < 35, f"mu_r 0: angle {angles['0.0']:.1f} deg in (18, 35)")
    chk.true(angles["0.3"] - angles["0.0"] > 5,
             f"mu_r 0.3 steepens the heap: {angles['0.3']:.1f} - {angles['0.0']:.1f} = "
             f"{angles['0.3'] - angles['0.0']:.1f} deg > 5")
    chk.finish()


if __name__ == "__main__":
    main()
