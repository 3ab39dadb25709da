"""Stress-strain curves and cracks of the laboratory tests (ucs_<bonds>.dat, tension_<bonds>.dat,
brazilian_<bonds>.dat, triaxial_<bonds>_<sigma3>.dat, bonds fj or pb -> rock.png); prints each test's peak strength and Young's modulus (the secant from 10 % to 50 % of
the peak, past the platens' seating; not a modulus for the Brazilian test) and the ratios of
compressive to tensile strength, and the friction angle of the failure envelope through the
unconfined and confined peaks."""
# SPDX-License-Identifier: GPL-2.0-or-later
import glob
import math
import os


def read(path):
    """The first columns of a test's .dat file: strain, stress [Pa], elements broken in tension, shear
    (triaxial_*.dat: then the confining stress)."""
    rows = [list(map(float, line.split()))[:4] for line in open(path) if not line.startswith("#")]
    return [list(c) for c in zip(*rows)]


def analyse(strain, stress):
    """The row of the peak stress and Young's modulus (secant from 10 % to 50 % of the peak)."""
    peak = max(range(len(stress)), key=lambda k: stress[k])
    start = next(k for k in range(peak + 1) if stress[k] >= 0.1 * stress[peak])
    half = next(k for k in range(peak + 1) if stress[k] >= 0.5 * stress[peak])
    young = (stress[half] - stress[start]) / (strain[half] - strain[start]) if half > start else float("nan")
    return peak, young


def main():
    tests = [p for b in ("fj", "pb") for p in [f"ucs_{b}.dat", f"tension_{b}.dat", f"brazilian_{b}.dat"] +
             sorted(glob.glob(f"triaxial_{b}_*.dat"), key=lambda q: float(q[12:-4])) if os.path.exists(p)]
    peaks = {}
    for path in tests:
        strain, stress, ten, shear = read(path)
        peak, young = analyse(strain, stress)
        peaks[path] = stress[peak]
        print(f"{path}: peak {stress[peak] / 1e6:.2f} MPa at strain {strain[peak]:.5f}; Young's modulus "
              f"{young / 1e9:.1f} GPa; elements broken at the peak {ten[peak] + shear[peak]:.0f} "
              f"({ten[peak]:.0f} in tension), at the end {ten[-1] + shear[-1]:.0f}")
    for b in ("fj", "pb"):
        for tensile in ("tension", "brazilian"):
            if f"ucs_{b}.dat" in peaks and f"{tensile}_{b}.dat" in peaks:
                print(f"{b}: UCS / {tensile} strength = {peaks[f'ucs_{b}.dat'] / peaks[f'{tensile}_{b}.dat']:.1f}")
    for b in ("fj", "pb"):    # the failure envelope sigma1 = C0 + q sigma3 (least squares), q = (1 + sin phi)/(1 - sin phi)
        points = [(0.0, peaks[f"ucs_{b}.dat"])] if f"ucs_{b}.dat" in peaks else []
        points += [(float(p[12:-4]) * 1e6, v) for p, v in peaks.items() if p.startswith(f"triaxial_{b}_")]
        if len(points) >= 2:
            n = len(points)
            mx, my = sum(x for x, _ in points) / n, sum(y for _, y in points) / n
            q = sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)
            phi = math.degrees(math.asin((q - 1) / (q + 1)))
            print(f"{b}: failure envelope sigma1 = {(my - q * mx) / 1e6:.1f} MPa + {q:.2f} sigma3: friction angle "
                  f"{phi:.1f} deg")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(10, 4.2))
    for path in tests:
        strain, stress, ten, shear = read(path)
        label = path[:-4]
        style = "-" if "_fj" in path else "--"
        axes[0].plot([100 * e for e in strain], [s / 1e6 for s in stress], style, label=label)
        axes[1].plot([100 * e for e in strain], [a + b for a, b in zip(ten, shear)], style, label=label)
    axes[0].set_xlabel("axial strain [%]")
    axes[0].set_ylabel("stress [MPa] (tensile: tension, brazilian)")
    axes[1].set_xlabel("axial strain [%]")
    axes[1].set_ylabel("broken flat-joint elements (cracks)")
    for ax in axes:
        ax.legend()
    fig.tight_layout()
    fig.savefig("rock.png", dpi=110)


if __name__ == "__main__":
    main()
