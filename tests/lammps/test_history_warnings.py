"""Where the contact history cannot go, a warning (doc/restart.rst, "What survives").

The bonded chain of test_delete_atoms.py (7 contact bonds, vibrating):
1. write_data warns that the data file does not keep its 7 contacts, all bonded, and names
   write_restart; read back, the chain has no bond (what the warning says). Spheres apart (no
   contact) write a data file without the warning.
2. A pair_style command that replaces dem/linear (pair_style none) warns that its 7 contacts and
   their bonds are deleted; a pair_style command of the same style keeps them (7 bonds, no warning).
3. write_restart between runs after delete_atoms keeps the right bonds (the history is not
   gathered again from the neighbor list of the run before the deletion), and so does a
   write_restart right after read_restart (it wrote no history at all).
With --kokkos on the /kk styles.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run, runs_in_process, thermo_difference  # noqa: E402
from test_delete_atoms import R, chain, delete_end, settings  # noqa: E402

COEFF = "pair_coeff * * kn 1e5 ks 1e5 fric 0 cb_tenf 1e6 cb_shearf 1e6"
READ_BACK = f"""
clear
units si
atom_style sphere
comm_modify vel yes
read_data chain.data
pair_style dem/linear energy yes
{COEFF}
neighbor 2e-3 bin
timestep 1e-5
{settings(False)}
run 100
"""

chk = Checks()
kokkos = "--kokkos" in sys.argv
bonded = chain("contact bonds", local=False)
apart = chain("contact bonds", local=False, spacing=3 * R)
decks = [
    bonded + "run 100\nwrite_data chain.data\n" + READ_BACK,
    apart + "run 100\nwrite_data apart.data\n",
    bonded + "run 100\npair_style none\npair_style dem/linear energy yes\n" + COEFF + "\nrun 100\n",
    bonded + "run 100\npair_style dem/linear energy yes\nrun 100\n",
]
data, none, replaced, same = runs_in_process(decks, kokkos=kokkos)
label = "/kk" if kokkos else "CPU"

warned = [line for line in data.output.splitlines() if "write_data: a data file does not keep" in line]
chk.true(len(warned) == 1 and "7 contacts (7 of them bonded)" in warned[0] and "write_restart" in warned[0],
         f"{label}: write_data warns once, with the 7 bonded contacts, naming write_restart: {warned}")
chk.true(data.thermo[-1]["c_dem[14]"] == 0, f"{label}: the chain read back from the data file has no bond")
chk.true("write_data:" not in none.output, f"{label}: spheres apart: write_data does not warn")
warned = [line for line in replaced.output.splitlines() if "is replaced: the contact history" in line]
chk.true(len(warned) == 1 and "7 contacts (7 of them bonded)" in warned[0],
         f"{label}: pair_style none warns that the 7 bonded contacts are deleted: {warned}")
chk.true(replaced.thermo[-1]["c_dem[14]"] == 0, f"{label}: the new pair style starts without bonds")
chk.true("is replaced" not in same.output and same.thermo[-1]["c_dem[14]"] == 7,
         f"{label}: a pair_style command of the same style keeps the 7 bonds and does not warn")

work = tempfile.mkdtemp(prefix="history-warnings-")
whole = run(bonded + "run 400\n" + delete_end("no") + "run 400\n", kokkos=kokkos).thermo
rows = run(bonded + "run 400\n" + delete_end("yes") + "write_restart deleted.restart\nrun 400\n", workdir=work,
           kokkos=kokkos).thermo


def continues(rows, what):
    worst = thermo_difference(whole[-len(rows):], rows)
    chk.true(all(r["c_dem[14]"] == 6 for r in rows) and worst <= 1e-9,
             f"{label}: {what} (6 bonds; worst relative difference {worst:.1e} from the run without restart)")


continues(rows, "delete_atoms, then write_restart: the run goes on with the right bonds")
rows = run(f"read_restart deleted.restart\n{settings(False)}\nwrite_restart again.restart\nrun 400\n",
           workdir=work, kokkos=kokkos).thermo
continues(rows, "the file it wrote continues that run")
rows = run(f"read_restart again.restart\n{settings(False)}\nrun 400\n", workdir=work, kokkos=kokkos).thermo
continues(rows, "a write_restart right after read_restart keeps the history too")
chk.finish()
