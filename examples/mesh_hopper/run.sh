#!/usr/bin/env bash
# Discharge of the conical hopper for orifices of 10, 12 and 14 mm, then the plot against
# Beverloo's correlation (plot.py -> discharge.png). Run from this folder.
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
for D in 10 12 14; do
    ../../tools/lmp -nocite -log log.hopper_$D -var D $D -in in.hopper > /dev/null
done
../../tools/run python3 plot.py
