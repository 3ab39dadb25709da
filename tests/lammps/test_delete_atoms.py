"""The contact history when delete_atoms renumbers the atoms (doc/restart.rst, "What survives").

A chain of 8 balls in a row, created in a shuffled order and bonded by dem_bond (7 bonds; contact
bonds or parallel bonds), vibrates without dissipation; between two runs an end ball is deleted.
delete_atoms renumbers the remaining atoms (compress yes, its default for atomic systems) while
the stored contacts name their partners by ID: they must follow the new IDs, so that
1. 6 bonds remain (compute pair entry 14), each between neighbours of the chain (compute pair/local);
2. the second run is the run where the IDs stayed (compress no) to round-off, and the energy
   (kinetic, rotational and the bonds' strain energy) is conserved in it as in the first run.
3. After read_restart the history cannot follow (LAMMPS moves the atoms delete_atoms keeps
   without their per-atom restart data, and the file has no record of former IDs): a deletion
   before the first run, with compress yes or no, is an error that says to do a run 0 first; with
   the run 0 the run continues as without the restart. write_restart between runs keeps the
   record on the CPU; the /kk style drops it there (an error at the deletion's run).
With --ranks the chain runs on 2 ranks (the renumbered atoms of one rank are partners of the
other's); with --kokkos on the /kk styles.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run, thermo_difference  # noqa: E402

R = 0.01
ORDER = [3, 0, 6, 1, 7, 4, 2, 5]    # the chain position of atom ID k + 1 (creation order)
END = ORDER.index(0) + 1            # the ID of the ball at the chain's end
BONDS = {"contact bonds": "cb_tenf 1e6 cb_shearf 1e6",
         "parallel bonds": "pb_kn 1e9 pb_ks 4e8 pb_ten 1e8 pb_coh 1e8"}


def chain(bonds, local=True, spacing=2 * R - 1e-6):
    """The chain bonded and set vibrating (dem_bond on the first step); spacing: of the centres."""
    atoms = "\n".join(f"create_atoms 1 single {p * spacing} 0 0" for p in ORDER)
    return f"""
units si
atom_style sphere
comm_modify vel yes
region box block -0.05 0.21 -0.05 0.05 -0.05 0.05
create_box 1 box
{atoms}
set type 1 diameter {2 * R} density 2500
pair_style dem/linear energy yes
pair_coeff * * kn 1e5 ks 1e5 fric 0 {BONDS[bonds]}
neighbor 2e-3 bin
timestep 1e-5
dem_bond all gap 1e-9
group kick id {ORDER.index(3) + 1}
group kick2 id {ORDER.index(6) + 1}
velocity kick set 0.05 0.02 -0.03
velocity kick2 set -0.02 0.04 0.01
{settings(local)}
"""


def settings(local=True):
    """What a run needs and prints (again after read_restart): thermo every 50 steps, and with
    `local` the bonded pairs' distances at the end of each run (pair/local, a CPU compute)."""
    dump = """
compute pl all pair/local dist p18
dump bonded all local 400 bonded.txt c_pl[1] c_pl[2]
""" if local else ""
    return f"""
fix integrate all nve/sphere
compute dem all pair dem/linear
compute rot all erotate/sphere
variable e equal ke+c_rot+pe
thermo_style custom step c_dem[14] v_e ke c_rot pe
thermo_modify format float %.17g
thermo 50
{dump}"""


def delete_end(compress):
    return f"group end id {END}\ndelete_atoms group end compress {compress}\n"


def bonded_distances(workdir):
    """The distances of the bonded pairs at the last dump of pair/local."""
    with open(os.path.join(workdir, "bonded.txt")) as f:
        lines = f.read().splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("ITEM: ENTRIES"))
    return [float(w[0]) for w in (line.split() for line in lines[start + 1:]) if float(w[1]) == 1.0]


def conserved(rows):
    e0 = rows[0]["v_e"]
    return max(abs(r["v_e"] - e0) for r in rows) / e0


def renumbered(bonds, ranks, kokkos, local):
    label = f"{bonds}{', 2 ranks' if ranks > 1 else ''}{', /kk' if kokkos else ''}"
    runs = {}
    for compress in ("yes", "no"):
        deck = chain(bonds, local) + "run 400\n" + delete_end(compress) + "run 400\n"
        runs[compress] = run(deck, ranks=ranks, kokkos=kokkos)
    yes, no = runs["yes"], runs["no"]
    chk.true("partner IDs of stored contacts renamed" in yes.output,
             f"{label}: the log says the stored contacts follow the new IDs")
    rows = yes.thermo
    chk.true(all(r["c_dem[14]"] == 6 for r in rows),
             f"{label}: 6 bonds after deleting an end ball of 7 bonds (got {sorted({r['c_dem[14]'] for r in rows})})")
    worst = thermo_difference(rows, no.thermo)
    chk.true(worst <= 1e-9, f"{label}: the run after compress yes is the run after compress no "
             f"(worst relative difference {worst:.1e})")
    drift = conserved(rows)
    chk.true(drift < 1e-3, f"{label}: the energy is conserved after the deletion (drift {drift:.1e})")
    if local:
        far = max(bonded_distances(yes.workdir))
        chk.true(far < 2 * R * 1.01, f"{label}: the bonds join neighbours of the chain (longest bonded pair "
                 f"{far / (2 * R):.4f} diameters)")
    return no


def restarts(kokkos):
    """Deletions after write_restart, and after read_restart (of a file written between runs or
    during a run) without and with a run 0 before them."""
    bonds, local = "contact bonds", not kokkos
    label = "/kk" if kokkos else "CPU"
    work = tempfile.mkdtemp(prefix="delete-atoms-")
    whole = run(chain(bonds, local) + "run 400\n" + delete_end("no") + "run 400\n", kokkos=kokkos).thermo

    def continues(rows, what):
        worst = thermo_difference(whole[-len(rows):], rows)
        chk.true(all(r["c_dem[14]"] == 6 for r in rows) and worst <= 1e-9,
                 f"{label}: {what}, end ball deleted: the run continues as without the restart (6 bonds, worst "
                 f"relative difference {worst:.1e})")

    def refused(res, what):
        ok = res.error is not None and "run 0" in res.error and "read_restart" in res.error
        chk.true(ok, f"{label}: {what}: an error that says to do a run 0 first: '{(res.error or '')[:120]}...'")

    deck = chain(bonds, local) + "restart 200 during.restart\nrun 400\nwrite_restart between.restart\n"
    after_write = deck + delete_end("yes") + "run 400\n"
    if kokkos:    # the write's init removed the store (before the write's exchange of atoms)
        refused(run(after_write, workdir=work, kokkos=True, expect_error=True), "write_restart, then delete_atoms")
        run(deck, workdir=work, kokkos=True)
    else:
        continues(run(after_write, workdir=work).thermo, "write_restart between runs")
    for name in ("between.restart", "during.restart.400"):
        for compress in ("yes", "no"):
            again = f"read_restart {name}\n{settings(local)}\n{delete_end(compress)}run 400\n"
            refused(run(again, workdir=work, kokkos=kokkos, expect_error=True),
                    f"read_restart {name}, delete_atoms compress {compress}")
        again = f"read_restart {name}\n{settings(local)}\nrun 0\n{delete_end('yes')}run 400\n"
        continues(run(again, workdir=work, kokkos=kokkos).thermo, f"read_restart {name}, run 0")


if __name__ == "__main__":
    chk = Checks()
    kokkos = "--kokkos" in sys.argv
    ranks = 2 if "--ranks" in sys.argv else 1
    for bonds in BONDS:
        renumbered(bonds, ranks, kokkos, local=not kokkos)
    if ranks == 1:
        restarts(kokkos)
    chk.finish()
