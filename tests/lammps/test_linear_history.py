"""Contact history survives neighbor-list rebuilds.

1. Two spheres at exactly zero gap (an active contact, g_s <= 0) with the list rebuilt every
   step: the contact is activated once, not once per rebuild.
2. A settling pile rebuilt every step ends in the same state as with the default rebuilds
   (tolerances of test_mpi.py): history is carried over, with the right sign when the
   partner atom takes the contact, and no contact is re-activated.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run_here  # noqa: E402
from pile import pile_deck  # noqa: E402
from test_mpi import compare  # noqa: E402

chk = Checks()
touching = """
units si
atom_style sphere
comm_modify vel yes
region box block -0.1 0.1 -0.1 0.1 -0.1 0.1
create_box 1 box
create_atoms 1 single 0 0 0
create_atoms 1 single 0.02 0 0
set type 1 diameter 0.02 density 2500
pair_style dem/linear
pair_coeff * * kn 1e5
neigh_modify every 1 delay 0 check no
compute dem all pair dem/linear
fix integrate all nve/sphere
run 50
print "@ activated $(c_dem[7])"
"""
chk.close("zero-gap contact activated once over 50 rebuilds", run_here(touching)["activated"], 1.0, abs_tol=0)

deck = pile_deck("dem/linear", dump="final.dump", steps=3000)
every = deck.replace("neigh_modify delay 0 every 1 check yes", "neigh_modify delay 0 every 1 check no")
assert every != deck
a, b = run_here(deck), run_here(every)
compare(chk, "pile rebuilt every step vs default", read_dump(os.path.join(a.workdir, "final.dump")),
        read_dump(os.path.join(b.workdir, "final.dump")), a.thermo, b.thermo)
chk.finish()
