"""Plot restitution.dat (from in.collision) against the closed forms: needs matplotlib."""
# SPDX-License-Identifier: GPL-2.0-or-later
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def e_full(z):
    return 0.0 if z >= 1 else math.exp(-z * math.pi / math.sqrt(1 - z * z))


def e_no_tension(z):
    """Schwager & Poschel (2007): e = exp(-z w0 t_F), t_F when the total normal force vanishes."""
    if z <= 0:
        return 1.0
    s = math.sqrt(1 - z * z)
    return math.exp(-z * math.atan2(2 * z * s, 2 * z * z - 1) / s)


data = [tuple(map(float, line.split())) for line in open("restitution.dat") if line.strip()]
zs = [i / 500 for i in range(500)]
plt.plot(zs, [e_full(z) for z in zs], "C0-", label="full dashpot, closed form")
plt.plot(zs, [e_no_tension(z) for z in zs], "C1-", label="no-tension dashpot, Schwager-Poschel")
for mode, color, name in ((0, "C0", "dp_mode 0"), (1, "C1", "dp_mode 1")):
    pts = [(z, e) for m, z, e in data if m == mode]
    plt.plot([p[0] for p in pts], [p[1] for p in pts], color + "o", label=f"dem/linear, {name}")
plt.xlabel("normal critical damping ratio dp_nratio")
plt.ylabel("coefficient of restitution")
plt.legend()
plt.grid(alpha=0.3)
plt.savefig("restitution.png", dpi=120)
print("wrote restitution.png")
