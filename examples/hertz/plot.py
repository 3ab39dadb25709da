"""Force vs overlap of the three impacts of in.hertz against Hertz theory (hertz.png)."""
# SPDX-License-Identifier: GPL-2.0-or-later
import math

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

R, G, NU = 0.005, 2.9e10, 0.22
K = 4 / 3 * G / (1 - NU) * math.sqrt(R / 2)    # h_n = 4/3 E* sqrt(R*), E* = G/(1 - nu)


def load(name):
    rows = [list(map(float, line.split())) for line in open(name) if not line.startswith("#")]
    return [r for r in rows if r[0] > 0 or r[1] != 0]


fig, ax = plt.subplots(figsize=(6, 4.5))
dmax = 0.0
for case, label in (("elastic", "elastic"), ("full", "e = 0.7, full dashpot"),
                    ("notension", "e = 0.7, no-tension dashpot")):
    rows = load(f"hertz_{case}.dat")
    dmax = max(dmax, max(r[0] for r in rows))
    ax.plot([r[0] * 1e6 for r in rows], [r[1] for r in rows], label=f"dem/hertz, {label}")
d = [dmax * k / 200 for k in range(201)]
ax.plot([x * 1e6 for x in d], [K * x ** 1.5 for x in d], "k--", label="Hertz: 4/3 E* sqrt(R*) delta^1.5")
ax.set_xlabel("overlap [um]")
ax.set_ylabel("normal force on sphere 1 [N]")
ax.legend()
fig.tight_layout()
fig.savefig("hertz.png", dpi=120)
print("wrote hertz.png")
