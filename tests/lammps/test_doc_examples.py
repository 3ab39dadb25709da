"""Every example line of the doc pages runs. The LAMMPS code blocks of doc/*.rst (".. code-block:: LAMMPS")
made of LAMMPS commands are cut into paragraphs (blank lines between them); each paragraph runs in a fresh LAMMPS session
(LAMMPS's Python module) on a small system: two types, four spheres above z = 0 inside every wall
the examples name, a dem/linear pair style unless the paragraph sets one (and its pair_coeff unless
the paragraph has one), the STL files they name
(floors), then 20 steps. Syntax blocks (with "...", "|", "args" or "group-ID") and shell lines are skipped; the
examples' own decks run in test_migration_examples.py and the examples' tests."""
# SPDX-License-Identifier: GPL-2.0-or-later
import glob
import math
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import PLUGIN_DIR, Checks  # noqa: E402
from stlmesh import floor, write_stl  # noqa: E402

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "doc")
COMMANDS = ("pair_style", "pair_coeff", "fix", "variable", "region", "compute", "thermo", "run", "unfix",
            "dem_bond")
SETUP = ["units si", "atom_style sphere", "atom_modify map array", "boundary f f f", "comm_modify vel yes",
         "region box block -0.2 0.2 -0.2 0.2 -0.2 0.2", "create_box 2 box",
         "create_atoms 1 single -0.02 0 0.05", "create_atoms 2 single 0.02 0 0.05",
         "create_atoms 1 single -0.02 0 0.08", "create_atoms 2 single 0.02 0 0.08",
         "set group all diameter 0.01 density 2500", "group core id 1 2", "group shell id 3 4", "velocity all set 0.1 0 -0.2",
         "neighbor 0.002 bin", "timestep 1e-6"]
DEFAULT_PAIR = "pair_style dem/linear"
DEFAULT_COEFF = "pair_coeff * * kn 1e5 ks 5e4 fric 0.5"


def paragraphs():
    """(page, lines) of every example paragraph in the doc pages."""
    for page in sorted(glob.glob(os.path.join(DOC, "*.rst"))):
        text = open(page).read()
        for block in re.findall(r"^\.\. code-block:: LAMMPS[ \t]*\n((?:[ \t]*\n|[ \t]+\S[^\n]*\n)*)", text, re.M):
            if re.search(r"\.\.\.|\||\bargs\b|\bgroup-ID\b", block):
                continue
            for para in re.split(r"\n\s*\n", block):
                lines = [line.split("#")[0].strip() for line in para.splitlines()]
                lines = [line for line in lines if line]
                if lines and all(line.split()[0] in COMMANDS for line in lines):
                    yield os.path.basename(page), lines


def run_paragraph(lines, workdir):
    sys.path.insert(0, os.environ["DEM_LAMMPS_PYTHON"])
    from lammps import lammps
    for name in set(re.findall(r"mesh (\S+\.stl)", " ".join(lines))):
        scale = 1000.0 if re.search(rf"mesh {re.escape(name)} scale 0.001", " ".join(lines)) else 1.0
        write_stl(os.path.join(workdir, name), floor(2, -0.15 * scale, 0.15 * scale, 0.0))
    lmp = lammps(cmdargs=["-nocite", "-log", "none", "-screen", "none"])
    try:
        lmp.command(f"plugin load {os.path.join(PLUGIN_DIR, 'dem_plugin.so')}")
        first = [] if any(line.startswith("pair_style") for line in lines) else [DEFAULT_PAIR]
        if not any(line.startswith("pair_coeff") for line in lines):
            first.append(DEFAULT_COEFF)
        for c in SETUP + first:
            lmp.command(c)
        for c in lines + ["fix doc_integrate all nve/sphere", "thermo_style custom step ke", "run 20"]:
            lmp.command(c)
        return lmp.get_thermo("ke")
    finally:
        lmp.close()


def main():
    chk = Checks()
    cwd = os.getcwd()
    count = 0
    for page, lines in paragraphs():
        with tempfile.TemporaryDirectory() as workdir:
            os.chdir(workdir)
            try:
                ke = run_paragraph(lines, workdir)
                chk.true(math.isfinite(ke) and ke > 0.0, f"{page}: {lines[-1]!r}: ran 20 steps, ke {ke:g}")
            except Exception as e:    # the lammps module raises Exception("ERROR: ...")
                chk.true(False, f"{page}: {lines}: {str(e).splitlines()[0]}")
            finally:
                os.chdir(cwd)
        count += 1
    chk.true(count >= 15, f"{count} example paragraphs found in the doc pages")
    chk.finish()


if __name__ == "__main__":
    main()
