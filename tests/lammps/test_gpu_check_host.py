"""tools/gpu_check.py in its quick host form (--mode host --quick): the parts it runs on a GPU
machine, here with the /kk styles on OpenMP threads and small decks, so that a mistake in the
script shows before device time is spent on it. Checks the report it writes: every part passed,
a speed row for each of the four pair styles on both decks with the ratio to
gran/hooke/history/kk, the markdown tables and the logs. Also the script's judging of check lines
(what counts as a failure, what is an exact, host-only comparison), on made-up output.

    test_gpu_check_host.py DATA_CHUTE    (LAMMPS's bench/data.chute)
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import json
import os
import subprocess
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from demtest import LMP, PLUGIN_DIR, Checks  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "tools"))
import gpu_check  # noqa: E402

chk = Checks()

# 1. judging check lines (no LAMMPS)
out = """ok   pile dp_mode 1, Kokkos vs CPU: max position difference: got 3e-12, want 0 (tol 1e-09)
FAIL head-on, spinning: wall/dem/kk equals wall/dem to the last bit (420 values; differing: ['v_x'])
ok   box: every wall pushed
3 passed, 1 failed
"""
checks = gpu_check.parse_checks(out)
chk.true([c["class"] for c in checks] == ["tolerance", "exact", "tolerance"] and [c["ok"] for c in checks] == [1, 0, 1],
         f"check lines parsed and classified: {[(c['ok'], c['class']) for c in checks]}")
chk.true(gpu_check.part_status(checks, 1, True) == "pass",
         "a part whose only failure is an exact comparison passes (reported apart)")
bad = gpu_check.parse_checks(out.replace("ok   box", "FAIL box"))
chk.true(gpu_check.part_status(bad, 1, True) == "fail", "a failed tolerance check fails the part")
chk.true(gpu_check.part_status(checks, None, False) == "timeout", "a part stopped by its timeout is reported so")
chk.true(gpu_check.part_status([], 1, False) == "error", "a part that printed no check is an error")

# 2. the quick host run and its report
data = sys.argv[1]
outdir = tempfile.mkdtemp(prefix="gpu-check-")
proc = subprocess.run([sys.executable, os.path.join(REPO, "tools", "gpu_check.py"), "--mode", "host", "--quick",
                       "--lmp", LMP, "--plugin-dir", PLUGIN_DIR, "--chute-data", data, "--out", outdir,
                       "--threads", "1", "--budget", "150", "--lammps-python", os.environ["DEM_LAMMPS_PYTHON"]],
                      capture_output=True, text=True, timeout=600)
print(proc.stdout[-6000:], proc.stderr[-3000:])
chk.true(proc.returncode == 0, f"tools/gpu_check.py --mode host --quick exits 0 ({proc.returncode})")
files = sorted(os.listdir(outdir))
chk.true(files == ["logs.tar.gz", "report.json", "report.md"], f"it writes the report and the logs: {files}")
rep = json.load(open(os.path.join(outdir, "report.json")))
parts = {p["name"]: p for p in rep["parts"]}
chk.true(set(parts) == {"machine", "env_args", "energy", "memcheck_linear", "speed"}, f"parts: {sorted(parts)}")
for name, p in parts.items():
    chk.true(p["status"] == "pass", f"part {name}: {p['status']} ({p['summary']})")
chk.true(rep["verdict"] == "pass" and rep["wall_s"] < rep["budget_s"],
         f"verdict {rep['verdict']}, {rep['wall_s']:.0f} s within the budget of {rep['budget_s']:.0f} s")
chk.true(rep["machine"]["missing_libraries"] == [] and "libc" in rep["machine"], "machine info, no library missing")
timed = [r for r in rep["speed"] if "atom_steps_per_s" in r]
got = sorted((r["deck"], r["style"]) for r in timed)
want = sorted((d, s) for d in ("packing", "chute") for s, _ in gpu_check.SPEED_STYLES)
chk.true(got == want, f"a speed row for each pair style on both decks ({len(timed)})")
chk.true(all(r["atom_steps_per_s"] > 0 and r["atoms"] >= 32000 for r in timed), "positive rates, >= 32000 atoms")
chk.true(all(abs(r["ratio_to_hooke"] - 1.0) < 1e-12 for r in timed if r["style"] == gpu_check.SPEED_REF)
         and all(r.get("ratio_to_hooke", 0) > 0 for r in timed), "ratios to gran/hooke/history/kk")
md = open(os.path.join(outdir, "report.md")).read()
chk.true("| part | status |" in md and "atom-steps/s" in md and "dem/hysteretic/kk" in md, "report.md has both tables")
with tarfile.open(os.path.join(outdir, "logs.tar.gz")) as tar:
    names = tar.getnames()
chk.true(any(n.endswith("env_args.log") for n in names) and any(n.startswith("logs/speed_") for n in names),
         f"logs.tar.gz holds the parts' logs ({len(names)} entries)")
chk.finish()
