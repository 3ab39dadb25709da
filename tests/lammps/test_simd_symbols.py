"""The SIMD path's copies (pair_simd.cpp built once per instruction set) share no symbol with the rest
of the plugin.

Each copy is compiled with its own -march. A function that two objects both define (an inline
function not inlined everywhere, a template instantiated in both) is kept once by the linker, for
every caller: the generic code would then run an AVX2 body on a CPU without AVX2, or the other way
round. So every symbol that a copy's object defines and exports (global or weak) must lie in the
copy's own namespace (dem_simd_generic, dem_simd_v3). The objects are read with nm from the
plugin's build folder.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from demtest import Checks  # noqa: E402


def main():
    chk = Checks()
    plugin_dir = os.environ["DEM_PLUGIN_DIR"]
    objects = sorted(glob.glob(os.path.join(plugin_dir, "CMakeFiles", "*", "pair_simd_*.o")))
    chk.true(len(objects) >= 1, f"the SIMD path's objects are found ({len(objects)} in {plugin_dir})")
    for obj in objects:
        isa = os.path.basename(obj).split(".")[0].replace("pair_simd_", "")
        names = subprocess.run(["nm", "-C", "--defined-only", obj], capture_output=True, text=True,
                               check=True).stdout.splitlines()
        exported = [n.split(" ", 2)[2] for n in names if len(n.split(" ", 2)) == 3 and n.split(" ")[1] in "TWVDBRGSu"]
        outside = [n for n in exported if not n.startswith(f"dem_simd_{isa}::")]
        chk.true(len(exported) >= 2 and not outside,
                 f"{isa} copy: {len(exported)} exported symbols, all in namespace dem_simd_{isa}"
                 + (f"; outside it: {outside[:5]}" if outside else ""))
    chk.finish()


if __name__ == "__main__":
    main()
