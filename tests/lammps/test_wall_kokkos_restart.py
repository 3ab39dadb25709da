"""fix wall/dem/kk: the per-atom wall history survives restart files, atom sorting and (--mpi)
migration between MPI ranks, and restart files of wall/dem and wall/dem/kk are interchangeable.

1. Spheres rattling in a box of plane walls, without forces between them (pair_style zero), so
   that every sphere's motion depends only on its own wall contacts and the runs are
   deterministic: wall/dem/kk (the integrator and gravity on the CPU, see
   test_wall_kokkos.py) must reproduce wall/dem's positions, velocities and spins to the last bit,
   straight through N steps and continued from a restart file written at N/2, whichever variant
   wrote or reads the file. The wall outputs are sums over the atoms, which the threads add in
   another order: 1e-12 relative. Kokkos runs once with LAMMPS's default host-side (legacy)
   sorting and exchange, once sorting and exchanging on the device. A continuation under another
   fix ID (no history) must differ, so that the comparisons can see a lost history.
   With --mpi (instead): spheres lying on a floor that shears fast along x, which drags them, in
   contact, from one rank's domain into the other's (the domain split in x): wall/dem/kk on 2 ranks, with LAMMPS's host exchange and with the device exchange,
   equals wall/dem on one rank to the last bit.
2. A pile settling in the box with dem/linear/kk and wall/dem/kk (-sf kk): N steps straight equal
   N/2, a restart file, and N/2 more in another process, to the round-off of the threads' pair sums
   (tolerances of test_wall_kokkos.py); again a continuation without the history must differ.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, read_dump, run, runs_in_process  # noqa: E402
from pile import LAW_COEFFS  # noqa: E402
from test_wall_kokkos import BOX, RHO, box_deck, compare_box  # noqa: E402

N = 3000
# (a second -pk kokkos starts from the defaults again: repeat demtest's settings)
DEVICE_COMM = ["-pk", "kokkos", "neigh", "half", "newton", "off", "comm", "device", "sort", "device"]
WALL_OUTPUTS = [f"f_{w}[{k}]" for w in ("sides", "front", "floor") for k in range(1, 13)]


# the rattling spheres, written to a data file on one rank: on several ranks create_atoms and
# velocity round some coordinates differently (by 1e-16 m), which the walls amplify to 2e-12 m
INIT = f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
region box block 0 {BOX} 0 {BOX} 0 0.04
create_box 1 box
lattice sc 0.0025 origin 0.5 0.5 0.5
region fill block 0 {BOX} 0 {BOX} 0.001 0.03 units box
create_atoms 1 region fill
set type 1 diameter 0.002 density {RHO}
velocity all create 3e16 4928459 loop geom dist gaussian
write_data init.data nocoeff
"""


# For the MPI runs: spheres dropped at random places just above the floor, which shears along x
# fast enough to drag them, in contact, from one rank's domain (processors 2 1 1) into the other's.
INIT_FLOOR = f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
region box block 0 {BOX} 0 {BOX} 0 0.04
create_box 1 box
region slab block 0.0011 {BOX - 0.0011} 0.0011 {BOX - 0.0011} 0.00100 0.00105 units box
create_atoms 1 random 300 4928459 slab
set type 1 diameter 0.002 density {RHO}
velocity all create 1e14 4928459 loop geom dist gaussian
write_data init.data nocoeff
"""
MPI_SETUP = "processors 2 1 1"
MPI_SHEAR = 0.2


def rattle_deck(law, kk, data=None, steps=N, restart=None, read=None, wall_id="", shear=0.01, setup=""):
    """Spheres in a box of walls (x, y pairs and a floor), no pair forces. kk: the suffix kk for
    the atom style, the run style and the walls (wall/dem/kk), not for the fixes that move the
    atoms (as in a run with -sf kk, restart files name the styles without the suffix)."""
    walls = LAW_COEFFS[law] + (" lin_mode 1" if law == "linear" else "")
    cpu_only, back = ("suffix off", "suffix on") if kk else ("", "")
    if read:
        start = f"read_restart {read}"
    else:
        start = f"""
units si
atom_style sphere
atom_modify map array
boundary f f f
{setup}
read_data {data}
pair_style zero 0.002
pair_coeff * *
"""
    return f"""
{"suffix kk" if kk else ""}
{start}
comm_modify vel yes
neighbor 0.0004 bin
neigh_modify delay 0 every 1 check yes
run_style verlet
fix sides{wall_id} all wall/dem {law} {walls} xplane 0 {BOX} energy yes origin {BOX / 2} {BOX / 2} 0
fix front{wall_id} all wall/dem {law} {walls} yplane 0 {BOX} energy yes
fix floor{wall_id} all wall/dem {law} {walls} zplane 0 NULL shear x {shear} energy yes
{cpu_only}
fix integrate all nve/sphere
fix gravity all gravity 9.81 vector 0 0 -1
{back}
timestep 1e-5
dump d all custom {steps} final.dump id x y z vx vy vz omegax omegay omegaz
dump_modify d sort id format float %.17g
thermo_style custom step atoms {" ".join(o.replace("[", f"{wall_id}[", 1) for o in WALL_OUTPUTS)}
thermo_modify format float %.17g
thermo {steps}
{f"restart {restart} restart.*" if restart else ""}
run {steps}
"""


def final_state(res):
    return read_dump(os.path.join(res.workdir, "final.dump"))


def state_difference(a, b):
    """Largest difference in positions, velocities and spins between two final dumps."""
    assert set(a) == set(b), "not the same atoms"
    return max(abs(a[i][c] - b[i][c]) for i in a for c in a[i] if c != "id")


def check_exact(chk, label, ref, res):
    a, b = final_state(ref), final_state(res)
    diff = state_difference(a, b)
    chk.true(diff == 0.0, f"{label}: {len(a)} atoms, positions, velocities and spins identical "
                          f"(largest difference {diff:.3g})")
    last, other = ref.thermo[-1], res.thermo[-1]
    keys = [k for k in last if k.startswith("f_")]
    worst = max(abs(other[k] - last[k]) / abs(last[k]) for k in keys if last[k] != 0.0)
    chk.true(worst < 1e-12 and all((last[k] == 0.0) == (other[k] == 0.0) for k in keys),
             f"{label}: wall outputs to round-off (worst {worst:.3g} relative)")


def written_to(deck, folder):
    """deck with its restart files written into folder (by path, for the decks of other batches)."""
    return deck.replace(" restart.*", f" {folder}/restart.*")


def check_rattles(chk, laws):
    """Section 1 for every law, its decks in 5 batches of one process each (runs_in_process: an lmp
    start per deck cost more than most of them). Restart files are shared between the batches by
    their path."""
    tmp = tempfile.mkdtemp(prefix="demtest-wall-restart-")
    data = os.path.join(tmp, "init.data")
    folder = {(law, kind): os.path.join(tmp, f"{law}-{kind}") for law in laws for kind in ("cpu", "kk")}
    for f in folder.values():
        os.makedirs(f)
    name = f"restart.{N // 2}"
    kk_args = dict(kokkos=True, suffix=False)
    cpu = dict(zip(laws, runs_in_process([INIT.replace("write_data init.data", f"write_data {data}")] + [
        written_to(rattle_deck(law, kk=False, data=data, restart=N // 2), folder[law, "cpu"]) for law in laws])[1:]))
    half = {law: rattle_deck(law, kk=True, steps=N // 2, read="RESTART") for law in laws}
    # wall/dem/kk straight, writing its restart files, and continued from wall/dem's; continued from
    # its own files in a process of its own, as every continuation here runs in another process
    # than the run that wrote its file
    kk = runs_in_process([written_to(rattle_deck(law, kk=True, data=data, restart=N // 2), folder[law, "kk"])
                          for law in laws] +
                         [half[law].replace("RESTART", os.path.join(folder[law, "cpu"], name)) for law in laws],
                         **kk_args)
    kk_again = runs_in_process([half[law].replace("RESTART", os.path.join(folder[law, "kk"], name)) for law in laws] +
                               [rattle_deck(law, kk=True, steps=N // 2, read=os.path.join(folder[law, "kk"], name),
                                            wall_id="new") for law in laws], **kk_args)
    device = runs_in_process([rattle_deck(law, kk=True, data=data) for law in laws], args=DEVICE_COMM, **kk_args)
    cpu_from_kk = runs_in_process([rattle_deck(law, kk=False, steps=N // 2, read=os.path.join(folder[law, "kk"], name))
                                   for law in laws])
    for i, law in enumerate(laws):
        ref = cpu[law]
        last = ref.thermo[-1]
        chk.true(all(last[f"f_{w}[12]"] >= 50 for w in ("sides", "front", "floor")) and last["f_floor[7]"] < 0,
                 f"{law} rattle: every wall pushed ({last['f_sides[12]']:g}, {last['f_front[12]']:g}, "
                 f"{last['f_floor[12]']:g} contacts activated, floor carries {-last['f_floor[7]']:.3g} N)")
        straight, from_cpu = kk[i], kk[len(laws) + i]
        from_kk, lost = kk_again[i], kk_again[len(laws) + i]
        check_exact(chk, f"{law} rattle: wall/dem/kk straight", ref, straight)
        check_exact(chk, f"{law} rattle: wall/dem/kk, sorting and exchange on the device", ref, device[i])
        check_exact(chk, f"{law} rattle: wall/dem/kk continued from wall/dem/kk's restart file", ref, from_kk)
        check_exact(chk, f"{law} rattle: wall/dem/kk continued from wall/dem's restart file", ref, from_cpu)
        check_exact(chk, f"{law} rattle: wall/dem continued from wall/dem/kk's restart file", ref, cpu_from_kk[i])
        diff = state_difference(final_state(ref), final_state(lost))
        chk.true(diff > 1e-6, f"{law} rattle: continued without the history (new fix IDs), the state differs "
                              f"(by up to {diff:.3g}), so the checks above would see a lost history")


def check_ranks(chk, law, data):
    ref = run(rattle_deck(law, kk=False, data=data, shear=MPI_SHEAR))
    last = ref.thermo[-1]
    chk.true(last["f_floor[11]"] >= 200, f"{law} on the floor: {last['f_floor[11]']:g} floor contacts at the end")
    for label, args in (("host exchange", []), ("device exchange and sorting", DEVICE_COMM)):
        check_exact(chk, f"{law} on the floor: wall/dem/kk on 2 ranks, {label}", ref,
                    run(rattle_deck(law, kk=True, data=data, shear=MPI_SHEAR, setup=MPI_SETUP), ranks=2, threads=1,
                        args=args, kokkos=True, suffix=False))


def check_pile_restart(chk):
    """Section 2: the straight run in one process, the two continuations from its restart file
    (shared by its path) in another."""
    name = os.path.join(tempfile.mkdtemp(prefix="demtest-pile-restart-"), f"restart.{N // 2}")
    straight = run(written_to(box_deck("linear", restart=N // 2), os.path.dirname(name)), kokkos=True)
    continued, lost = runs_in_process([box_deck("linear", steps=N // 2, read=name),
                                       box_deck("linear", steps=N // 2, read=name, wall_id="new")], kokkos=True)
    compare_box(chk, "pile, dem/linear/kk + wall/dem/kk: restart", straight, continued)
    want, got = straight.thermo[-1]["f_floor[7]"], lost.thermo[-1]["f_floornew[7]"]
    chk.true(abs(got - want) > 1e-3 * abs(want),
             f"pile: continued without the walls' history (new fix IDs), the force on the floor is {got:.6g} N, "
             f"not {want:.6g} N, so the checks above would see a lost history")


def main(mpi):
    chk = Checks()
    if mpi:
        data = os.path.join(run(INIT_FLOOR).workdir, "init.data")
        for law in ("linear", "hertz", "hysteretic"):
            check_ranks(chk, law, data)
    else:
        check_rattles(chk, ("linear", "hertz", "hysteretic"))
        check_pile_restart(chk)
    chk.finish()


if __name__ == "__main__":
    main("--mpi" in sys.argv)
