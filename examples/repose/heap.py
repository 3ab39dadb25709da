"""Heap profile and angle of repose from a profile file of in.repose (matplotlib only to plot).

read_profile(path) -> [(x, h), ...]: bin centre and heap top (max z + radius) of each bin of the
    last block of fix ave/time's file (bins of width 1 from x = -half to half, the plate centred
    on x = 0; an empty bin has height 0).
repose_angle(profile) -> (angle, left, right): degrees. `angle` is the slope of one least-squares
    line of h against |x| through both flanks, over the bins with 0.3 half <= |x| <= 0.9 half:
    the rounded top and the toe at the plate's edges are left out, and pooling the two flanks
    halves the scatter of a small heap (one flank alone moved by up to 10 degrees between seeds
    of the test's heap). `left` and `right` are the same fit on each flank alone.
bulk_angle(profile) -> degrees: the slope of the ridge that would hold the same material, a
    triangle on the whole plate with the profile's area above the plate's top (z = 0.5):
    tan = area / half^2. It counts the bottom layer of grains too, so it lies above the flank fit
    of a straight-sided heap (32 against 26 degrees for the example's mu_r = 0), but it does not
    depend on where along the flanks the material sits: a cohesive heap is convex (cliffs at the
    plate's edges, a flatter top where grains sprayed from the pour stick where they land), and
    there the flank fit scatters with the seed far more than this angle (examples/cohesive_heap).
plot_heaps(cases, title, png, bulk=False): the profiles [(label, path), ...] with their pooled
    fits, into png; prints and returns the angles (with bulk: also the bulk angles, in the legend
    too). Used by plot.py here and by examples/cohesive_heap.
"""
# SPDX-License-Identifier: GPL-2.0-or-later
import math

FIT_FROM, FIT_TO = 0.3, 0.9    # the flank's bins, as fractions of the plate's half-width


def read_profile(path):
    lines = [line.split() for line in open(path) if line.strip() and not line.startswith("#")]
    # the last block of fix ave/time: "step nrows", then nrows lines "bin value"
    k = 0
    while k + 1 + int(lines[k][1]) < len(lines):
        k += 1 + int(lines[k][1])
    heights = [float(r[1]) for r in lines[k + 1:]]
    half = len(heights) / 2
    # reduce/chunk max leaves -1e20 in an empty bin: no grain there
    return [(i + 0.5 - half, max(h, 0.0)) for i, h in enumerate(heights)]


def slope(points):
    n = len(points)
    mx = sum(p[0] for p in points) / n
    mh = sum(p[1] for p in points) / n
    sxx = sum((p[0] - mx) ** 2 for p in points)
    return sum((p[0] - mx) * (p[1] - mh) for p in points) / sxx


def flank_points(profile, side=0):
    """(|x|, h) of the fitted bins: both flanks (side 0), x < 0 (-1) or x > 0 (+1)."""
    half = len(profile) / 2
    return [(abs(x), h) for x, h in profile
            if FIT_FROM * half <= abs(x) <= FIT_TO * half and (side == 0 or side * x > 0)]


def repose_angle(profile):
    return tuple(math.degrees(math.atan(-slope(flank_points(profile, side)))) for side in (0, -1, 1))


PLATE_TOP = 0.5    # the plate's spheres (diameter 1) are centred on z = 0


def bulk_angle(profile):
    half = len(profile) / 2
    area = sum(max(h - PLATE_TOP, 0.0) for _, h in profile)    # bins of width 1
    return math.degrees(math.atan(area / half ** 2))


def plot_heaps(cases, title, png, bulk=False):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.4))
    angles = []
    for k, (label, path) in enumerate(cases):
        prof = read_profile(path)
        angle, left, right = repose_angle(prof)
        text = f"{label}: angle of repose {angle:.1f} deg (left flank {left:.1f}, right {right:.1f})"
        legend = f"{label}: {angle:.1f} deg"
        if bulk:
            angles.append((angle, bulk_angle(prof)))
            text += f", bulk angle {bulk_angle(prof):.1f} deg"
            legend = f"{label}: fit {angle:.1f} deg, bulk {bulk_angle(prof):.1f} deg"
        else:
            angles.append(angle)
        print(text)
        color = f"C{k}"
        ax.step([x for x, _ in prof], [h for _, h in prof], where="mid", color=color, label=legend)
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
    ax.set_title(title, fontsize=10)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, fontsize=8)    # below: the heaps fill the plot
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(png, dpi=120)
    print(f"wrote {png}")
    return angles


if __name__ == "__main__":
    import sys
    for path in sys.argv[1:]:
        prof = read_profile(path)
        angle, left, right = repose_angle(prof)
        print(f"{path}: angle of repose {angle:.1f} deg (left flank {left:.1f}, right {right:.1f}), "
              f"bulk angle {bulk_angle(prof):.1f} deg")
