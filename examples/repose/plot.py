"""Heap profiles of in.repose for each mu_r, with the fitted flanks (repose.png): needs matplotlib."""
# SPDX-License-Identifier: GPL-2.0-or-later
import glob

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from heap import flank_points, read_profile, repose_angle, slope  # noqa: E402

fig, ax = plt.subplots(figsize=(7, 3.6))
files = sorted(glob.glob("profile_mur*.dat"), key=lambda p: float(p[len("profile_mur"):-len(".dat")]))
for k, path in enumerate(files):
    mur = path[len("profile_mur"):-len(".dat")]
    prof = read_profile(path)
    angle, left, right = repose_angle(prof)
    print(f"mu_r = {mur}: angle of repose {angle:.1f} deg (left flank {left:.1f}, right {right:.1f})")
    color = f"C{k}"
    ax.step([x for x, _ in prof], [h for _, h in prof], where="mid", color=color,
            label=f"mu_r = {mur}: {angle:.1f} deg")
    # the pooled fit, drawn on both flanks over the bins it was fitted to
    pts = flank_points(prof)
    s = slope(pts)
    mx = sum(p[0] for p in pts) / len(pts)
    mh = sum(p[1] for p in pts) / len(pts)
    r0, r1 = min(p[0] for p in pts), max(p[0] for p in pts)
    for sign in (-1, 1):
        ax.plot([sign * r0, sign * r1], [mh + s * (r0 - mx), mh + s * (r1 - mx)], color=color, ls="--", lw=1)
ax.plot([prof[0][0] - 0.5, prof[-1][0] + 0.5], [0, 0], color="0.3", lw=3)    # the plate
ax.set_xlabel("x / d")
ax.set_ylabel("heap top / d")
ax.set_aspect("equal")
ax.set_title("Heaps poured on a rough plate, dem/linear rr_fric (PFC rrlinear)", fontsize=10)
ax.legend(loc="upper right", fontsize=8)
ax.grid(alpha=0.3)
fig.tight_layout()
fig.savefig("repose.png", dpi=120)
print("wrote repose.png")
