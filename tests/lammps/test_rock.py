"""examples/rock (material genesis, then direct tension and unconfined compression of a flat-jointed
specimen), run as shipped at half its size (a specimen about 14 x 14 x 28 mm: about 600 balls) and
with shorter loading stages, in about a minute:

  * genesis: the balls grow to the porosity n0 = 0.40, six servo walls bring the packing to
    sigma0 = 1 MPa (each wall's stress within 10 %), the porosity is then between 0.3 and 0.45 (at
    this size the walls' layers loosen it: 0.416 measured, 0.391 at full size), and flat joints
    are installed on the contacts and near-contacts (more than 2 per ball);
  * direct tension and compression: the specimen is elastic at first, reaches a peak and fails (the
    stress at the end below 70 % of the peak), the compressive peak above the tensile one;
  * fix dem/cracks' records of the compression count the same broken elements as compute pair's
    entries 16 and 17 gained during the run, by mode, and their atom IDs are atoms of the specimen.
The numbers of the full-size runs are in the example's README.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks, run  # noqa: E402

ROCK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "rock")
sys.path.insert(0, ROCK)
from plot import analyse, read  # noqa: E402


def deck(name):
    with open(os.path.join(ROCK, name)) as f:
        return f.read()


def main():
    chk = Checks()
    work = tempfile.mkdtemp(prefix="demtest-rock-")
    shutil.copy(os.path.join(ROCK, "material_fj.lmp"), work)
    gen = run(deck("in.genesis"), workdir=work, args=["-var", "W", "0.011"])
    m = re.search(r"genesis: (\d+) balls, porosity ([\d.]+), (\d+) floaters, stresses ([\d.]+) ([\d.]+) ([\d.]+) MPa",
                  gen.output)
    balls, porosity, stresses = int(m.group(1)), float(m.group(2)), [float(m.group(k)) for k in (4, 5, 6)]
    joints = int(re.search(r"genesis: specimen .* m, (\d+) joints intact", gen.output).group(1))
    print(f"{balls} balls, porosity {porosity}, stresses {stresses} MPa, {joints} joints")
    chk.true(all(abs(s - 1.0) < 0.1 for s in stresses), f"servo walls at sigma0 = 1 MPa within 10 %: {stresses}")
    chk.true(0.3 < porosity < 0.45, f"porosity {porosity} within (0.3, 0.45) (a small box's walls loosen it)")
    chk.true(joints > 2 * balls, f"{joints} flat joints on {balls} balls (> 2 per ball)")

    peaks = {}
    for name, steps, dat in (("in.tension", "8000", "tension_fj.dat"), ("in.ucs", "20000", "ucs_fj.dat")):
        res = run(deck(name), workdir=work, args=["-var", "steps", steps])
        strain, stress, ten, shear = read(os.path.join(work, dat))
        peak, young = analyse(strain, stress)
        peaks[name] = stress[peak]
        print(f"{name}: peak {stress[peak] / 1e6:.2f} MPa at strain {strain[peak]:.5f}, E {young / 1e9:.1f} GPa, "
              f"{ten[-1] + shear[-1]:.0f} elements broken")
        chk.true(0 < peak < len(stress) - 1 and stress[-1] < 0.7 * stress[peak],
                 f"{name}: a peak of {stress[peak] / 1e6:.2f} MPa within the loading, the stress at the end "
                 f"{stress[-1] / stress[peak]:.2f} of it (< 0.7)")
        chk.true(young > 0, f"{name}: Young's modulus {young / 1e9:.1f} GPa > 0")
    chk.true(peaks["in.ucs"] > peaks["in.tension"], "the compressive strength above the tensile one")

    # the crack records of the compression against compute pair's counts (those of the run: the
    # counts come from the restart file with the genesis's breaks)
    first, last = res.thermo[0], res.thermo[-1]
    lines = open(os.path.join(work, "cracks_fj.dump")).read().splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("ITEM: ENTRIES"))
    rows = [list(map(float, line.split())) for line in lines[start + 1:]]
    by_mode = [sum(r[10] for r in rows if r[9] == mode) for mode in (1, 2)]
    counts = [last[k] - first[k] for k in ("c_dem[16]", "c_dem[17]")]
    chk.true(by_mode == counts and last["f_cracks"] == len(rows),
             f"crack records: {by_mode} elements in tension and shear, as compute pair's {counts} during the "
             f"run; {len(rows)} records")
    chk.true(all(1 <= r[11] < r[12] <= balls for r in rows), "crack records: atom IDs of the specimen, smaller first")
    chk.finish()


if __name__ == "__main__":
    main()
