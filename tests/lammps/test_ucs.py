"""examples/ucs (a parallel-bonded cylinder settled, bonded and compressed), run as shipped at half
its size (15 mm across, 30 mm high: 138 balls) without the plot, in 4 s:

  * dem_bond bonds the settled packing: more bonds than 1.5 per ball (each ball touches about
    four neighbours at least, and a bond is shared by two);
  * the specimen is elastic at first: no bond breaks before the stress reaches 10 % of the peak;
  * it fails: the peak is reached within the loading (after 0.3 % strain, before 80 % of the
    final strain), and at the end the stress has fallen below 60 % of the peak, with more broken
    bonds than at the peak.
The numbers of the full-size run are in the example's README. At half size, measured: 284 bonds,
no break below 10 % of the peak, the peak 1.22 MPa at 5.7 % strain of 23.6 %, the stress at the end
0 (the specimen has fallen apart), 16 bonds broken at the peak and 80 at the end.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402

UCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "ucs")
sys.path.insert(0, UCS)
from plot import analyse, read  # noqa: E402


def main():
    chk = Checks()
    work = tempfile.mkdtemp(prefix="demtest-ucs-")
    with open(os.path.join(UCS, "in.ucs")) as f:
        deck = f.read()
    res = run(deck, workdir=work, args=["-var", "D", "0.015", "-var", "H", "0.03", "-var", "plot", "0"])
    balls = int(re.search(r"Created (\d+) atoms", res.output).group(1))
    bonds = int(re.search(r"dem_bond on step \d+: bond group all .*; (\d+) contacts bonded", res.output).group(1))
    chk.true(bonds > 1.5 * balls, f"{bonds} bonds made between {balls} balls (> 1.5 per ball)")
    strain, stress, cracks = read(os.path.join(work, "ucs.dat"))
    peak, start, young = analyse(strain, stress)
    print(f"peak {stress[peak] / 1e6:.3f} MPa at strain {strain[peak]:.4f}, E {young / 1e6:.1f} MPa, "
          f"{cracks[peak]:.0f} broken bonds at the peak and {cracks[-1]:.0f} at the end")
    chk.true(cracks[start] == 0, f"no bond broken before 10 % of the peak stress ({cracks[start]:.0f})")
    chk.true(0.003 < strain[peak] < 0.8 * strain[-1],
             f"the peak at strain {strain[peak]:.4f}, within (0.003, {0.8 * strain[-1]:.4f})")
    chk.true(stress[-1] < 0.6 * stress[peak] and cracks[-1] > cracks[peak],
             f"failed: stress at the end {stress[-1] / stress[peak]:.2f} of the peak (< 0.6), {cracks[-1]:.0f} broken "
             f"bonds against {cracks[peak]:.0f} at the peak")
    chk.true(young > 0.0, f"Young's modulus {young / 1e6:.1f} MPa > 0")
    chk.finish()


if __name__ == "__main__":
    main()
