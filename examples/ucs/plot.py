"""Stress-strain curve and broken bonds of in.ucs (ucs.dat -> ucs.png); prints the peak strength
and Young's modulus (the secant from where the platens have closed, 10 % of the peak stress, to half
the peak, as in Potyondy & Cundall 2004)."""
# SPDX-License-Identifier: GPL-2.0-or-later


def read(path="ucs.dat"):
    """The columns of ucs.dat: strain, stress [Pa], broken bonds."""
    rows = [list(map(float, line.split())) for line in open(path) if not line.startswith("#")]
    return [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows]


def analyse(strain, stress):
    """The row of the peak stress, the row where the platens have closed, and Young's modulus."""
    peak = max(range(len(stress)), key=lambda k: stress[k])
    half = next(k for k in range(len(stress)) if stress[k] >= 0.5 * stress[peak])
    start = next(k for k in range(len(stress)) if stress[k] >= 0.1 * stress[peak])
    return peak, start, (stress[half] - stress[start]) / (strain[half] - strain[start])


def main():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    strain, stress, cracks = read()
    peak, _, young = analyse(strain, stress)
    print(f"peak strength {stress[peak] / 1e6:.3f} MPa at strain {strain[peak]:.4f}; Young's modulus "
          f"{young / 1e6:.1f} MPa; {cracks[peak]:.0f} bonds broken at the peak, {cracks[-1]:.0f} at the end")
    fig, ax = plt.subplots(figsize=(6, 4.5))
    ax.plot([100 * e for e in strain], [s / 1e6 for s in stress], "b-", label="axial stress")
    ax.set_xlabel("axial strain [%]")
    ax.set_ylabel("axial stress [MPa]", color="b")
    ax2 = ax.twinx()
    ax2.plot([100 * e for e in strain], cracks, "r-", label="broken bonds")
    ax2.set_ylabel("broken bonds (cracks)", color="r")
    ax.set_title(f"UCS {stress[peak] / 1e6:.2f} MPa, E = {young / 1e6:.0f} MPa")
    fig.tight_layout()
    fig.savefig("ucs.png", dpi=120)


if __name__ == "__main__":
    main()
