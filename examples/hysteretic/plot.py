"""Force-overlap loops of in.hysteretic (loops.png): loading along K_nl, unloading along K_nl/e^2."""
# SPDX-License-Identifier: GPL-2.0-or-later
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

fig, ax = plt.subplots(figsize=(6, 4.5))
for e in ("0.3", "0.6", "0.9"):
    rows = [list(map(float, line.split())) for line in open(f"loop_{e}.dat") if not line.startswith("#")]
    rows = [r for r in rows if r[0] > 0]
    ax.plot([r[0] * 1e6 for r in rows], [r[1] for r in rows], label=f"e = {e}")
ax.set_xlabel("overlap [um]")
ax.set_ylabel("normal force on sphere 1 [N]")
ax.set_title("dem/hysteretic: K_nl = 1e5 N/m (kn 2e5 per type, in series)")
ax.legend()
fig.tight_layout()
fig.savefig("loops.png", dpi=120)
print("wrote loops.png")
