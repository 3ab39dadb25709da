# What the bench scripts share; source it after tools/common.sh, with REPO set to the checkout.
# SPDX-License-Identifier: GPL-2.0-or-later

# The plugin build must lie where tools/lmp's sandbox sees it: it mounts a private /tmp.
case "$PLUGIN_BUILD/" in
    "$REPO"/*|"$DEM_CACHE_DIR"/*) ;;
    *) die "DEM_PLUGIN_BUILD=$PLUGIN_BUILD is outside the checkout and the cache; tools/lmp's sandbox cannot keep it (it mounts a private /tmp)" ;;
esac

# LAMMPS's 32000-atom chute data file, from the dependency cache
CHUTE_DATA=$LAMMPS_SRC/bench/data.chute
[ -f "$CHUTE_DATA" ] || die "no $CHUTE_DATA (run tools/bootstrap)"

# awk function median(a, n): the median of a[1..n], which it leaves sorted
AWK_MEDIAN='
function median(a, n,   k, m, x) {
    for (k = 1; k <= n; k++) for (m = k + 1; m <= n; m++) if (a[m] < a[k]) { x = a[k]; a[k] = a[m]; a[m] = x }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}'
