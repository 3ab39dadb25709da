"""Heap profile and angle of repose from a profile file of in.repose (no matplotlib needed).

read_profile(path) -> [(x, h), ...]: bin centre and heap top (max z + radius) of each bin of the
    last block of fix ave/time's file (bins of width 1 from x = -half to half, the plate centred
    on x = 0; an empty bin has height 0).
repose_angle(profile) -> (angle, left, right): degrees. `angle` is the slope of one least-squares
    line of h against |x| through both flanks, over the bins with 0.3 half <= |x| <= 0.9 half:
    the rounded top and the toe at the plate's edges are left out, and pooling the two flanks
    halves the scatter of a small heap (one flank alone moved by up to 10 degrees between seeds
    of the test's heap). `left` and `right` are the same fit on each flank alone.
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


if __name__ == "__main__":
    import sys
    for path in sys.argv[1:]:
        angle, left, right = repose_angle(read_profile(path))
        print(f"{path}: angle of repose {angle:.1f} deg (left flank {left:.1f}, right {right:.1f})")
