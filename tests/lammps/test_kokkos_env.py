"""DEM_KOKKOS_ARGS: the kokkos tests take their Kokkos arguments from the environment (e.g.
"-k on g 1" on a GPU machine) instead of "-k on t N". Checked with arguments LAMMPS rejects (the
error shows they were passed), with one thread (the /kk styles run), and in one process through
LAMMPS's python module, as the tests that run many decks do."""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
import demtest  # noqa: E402
from collision import deck  # noqa: E402

chk = demtest.Checks()
coll = deck("dem/linear", ["* * kn 1e5 ks 5e4 fric 0.3"], steps=200)


def run_with(kokkos_args, **kw):
    demtest.KOKKOS_ENV_ARGS = kokkos_args.split()    # what demtest read from DEM_KOKKOS_ARGS
    os.environ["DEM_KOKKOS_ARGS"] = kokkos_args
    return demtest.run(coll, kokkos=True, **kw)


# a fresh interpreter reads the variable at import, as the kokkos tests do
probe = subprocess.run([sys.executable, "-c", "import demtest; print(demtest.KOKKOS_ENV_ARGS)"],
                       env=dict(os.environ, DEM_KOKKOS_ARGS="-k on g 1"), capture_output=True, text=True,
                       cwd=os.path.dirname(os.path.abspath(__file__)))
chk.true(probe.stdout.strip() == "['-k', 'on', 'g', '1']", f"demtest reads DEM_KOKKOS_ARGS: {probe.stdout.strip()!r}")
msg = run_with("-k on t 1 not_a_kokkos_arg", expect_error=True).error or ""
chk.true("not_a_kokkos_arg" in msg, f"the arguments reach LAMMPS: '{msg}'")
res = run_with("-k on t 1")
chk.true("dem/linear/kk" in res.output and len(res.thermo) > 0, "dem/linear/kk runs with -k on t 1")
# the tests that run their decks in one process reach LAMMPS's python module (the GPU check must
# pass it on: most of its parts are such tests)
inproc = demtest.runs_in_process([coll], kokkos=True)[0]
chk.true("dem/linear/kk" in inproc.output and len(inproc.thermo) > 0,
         "a deck runs in one process (LAMMPS's python module) on dem/linear/kk")
chk.finish()
