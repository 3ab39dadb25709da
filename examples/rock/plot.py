"""Stress-strain curves and cracks of the laboratory tests (ucs_<bonds>.dat, tension_<bonds>.dat,
brazilian_<bonds>.dat, triaxial_<bonds>_<sigma3>.dat, bonds fj or pb -> rock.png); prints each test's peak strength and Young's modulus (the secant from 10 % to 50 % of
the peak, past the platens' seating; not a modulus for the Brazilian test) and the ratios of
compressive to tensile strength."""
# SPDX-License-Identifier: GPL-2.0-or-later
import glob
import os


def read(path):
    """The columns of a test's .dat file: strain, stress [Pa], elements broken in tension, shear."""
    rows = [list(map(float, line.split())) for line in open(path) if not line.startswith("#")]
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
