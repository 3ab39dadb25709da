"""Through LAMMPS's Python module (the library interface), a bad fix wall/dem command raises a
Python exception carrying the LAMMPS error, and the session goes on: a correct fix with the same
ID then runs. (An error thrown again from the fix's destructor used to abort the process.)
--scenario cpu|kokkos runs one session in this process; without it, each runs in a subprocess."""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import HAVE_KOKKOS, PLUGIN_DIR, Checks  # noqa: E402

SETUP = ["units si", "atom_style sphere", "boundary f f f", "region box block -1 1 -1 1 -1 1",
         "create_box 1 box", "create_atoms 1 single 0 0 0", "set atom 1 diameter 1 density 1"]
BAD = ["fix w all {} linear kn -1 zplane -0.6 NULL",          # a law keyword (FixWallDEM)
       "fix w all {} linear kn 1 zplane -0.6 NULL wiggle",    # after the wall (FixWallDEMBase)
       "fix w all {} linear kn 1 zcylinder 0.9 shear x 1"]    # a wall argument
GOOD = ["fix w all {} linear kn 1e3 zplane -0.6 NULL", "fix i all nve/sphere", "run 10"]


def session(kokkos):
    sys.path.insert(0, os.environ["DEM_LAMMPS_PYTHON"])
    from lammps import lammps
    args = ["-nocite", "-log", "none", "-screen", "none"]
    if kokkos:
        args += ["-k", "on", "t", "1", "-sf", "kk", "-pk", "kokkos", "neigh", "half", "newton", "off"]
    style = "wall/dem/kk" if kokkos else "wall/dem"
    lmp = lammps(cmdargs=args)
    lmp.command(f"plugin load {os.path.join(PLUGIN_DIR, 'dem_plugin.so')}")
    for c in SETUP:
        lmp.command(c)
    for c in BAD:
        try:
            lmp.command(c.format(style))
            print(f"no exception: {c}")
        except Exception as e:    # the lammps module raises Exception("ERROR: ...")
            print(f"caught: {str(e).splitlines()[0]}")
    for c in GOOD:
        lmp.command(c.format(style))
    print(f"ran: step {lmp.get_thermo('step'):g}")
    lmp.close()


def main():
    chk = Checks()
    for scenario in ["cpu"] + (["kokkos"] if HAVE_KOKKOS else []):
        proc = subprocess.run([sys.executable, __file__, "--scenario", scenario], capture_output=True, text=True,
                              timeout=300)
        out = proc.stdout + proc.stderr
        style = "wall/dem/kk" if scenario == "kokkos" else "wall/dem"
        caught = [line for line in out.splitlines() if line.startswith(f"caught: ERROR: Fix {style} linear")]
        chk.true(proc.returncode == 0 and len(caught) == len(BAD) and "ran: step 10" in out,
                 f"{scenario}: {len(caught)} of {len(BAD)} errors raised as exceptions, then a run "
                 f"(exit code {proc.returncode}): {out[-1500:] if proc.returncode else caught}")
    chk.finish()


if __name__ == "__main__":
    if "--scenario" in sys.argv:
        session(sys.argv[sys.argv.index("--scenario") + 1] == "kokkos")
    else:
        main()
