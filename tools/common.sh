# Shared settings of the tools/ scripts (sourced, not run).
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail

DEM_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# What the dependency cache is keyed by: change any of these and a new cache is built.
LAMMPS_VERSION=20260704
LAMMPS_DEB_VERSION=20260704+dfsg-2
LAMMPS_SHA256=cddbc45a047416bd48a4a0b87f24a5b61b3446982b74d18cafe619c22b17eb62
LAMMPS_PACKAGES="PLUGIN GRANULAR GRANSURF RIGID BPM OPENMP KOKKOS"
RECIPE=1   # bump when the bootstrap recipe changes in a way that invalidates caches
SID_PACKAGES=g++,cmake,ninja-build,python3,python3-numpy,libkokkos-dev,libopenmpi-dev,openmpi-bin,libgtest-dev,binutils,ca-certificates
CACHE_KEY="lammps-${LAMMPS_VERSION}-kokkos-openmp-$(echo "$LAMMPS_PACKAGES" | tr ' ' '_' | tr 'A-Z' 'a-z')-r${RECIPE}"

DEM_CACHE_DIR=${DEM_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lammps-dem-plugin}
DEPS=$DEM_CACHE_DIR/$CACHE_KEY
SIDROOT=$DEPS/sid-root
LAMMPS_SRC=$DEPS/lammps-src
LAMMPS_BUILD=$DEPS/lammps-build
# the compiler of the plugin (LAMMPS itself is always built with g++): gcc, or clang (Debian's Clang in
# the sid userland, installed on first use; its own build folder)
DEM_COMPILER=${DEM_COMPILER:-gcc}
case "$DEM_COMPILER" in
    gcc) compiler_args=() default_build=$DEM_REPO/build ;;    # (CMake's default: the userland's g++)
    clang) compiler_args=(-DCMAKE_CXX_COMPILER=clang++) default_build=$DEM_REPO/build-clang ;;
    *) echo "error: DEM_COMPILER=$DEM_COMPILER: use gcc or clang" >&2; exit 1 ;;
esac
PLUGIN_BUILD=${DEM_PLUGIN_BUILD:-$default_build}

die() { echo "error: $*" >&2; exit 1; }
say() { echo "[dem-bootstrap] $*" >&2; }

# Run a command inside the sid userland; the checkout and the cache keep their host paths.
in_sid() {
    local mpi_env=(--setenv OMPI_ALLOW_RUN_AS_ROOT 1 --setenv OMPI_ALLOW_RUN_AS_ROOT_CONFIRM 1
                   --setenv OMPI_MCA_rmaps_base_oversubscribe 1 --setenv PRTE_MCA_rmaps_default_mapping_policy :oversubscribe)
    # IN_SID_BINDS: more bwrap arguments (bench/hotpath.sh binds the host's valgrind in)
    local extra=(${IN_SID_BINDS:-})
    case "$PWD/" in "$DEM_REPO"/*|"$DEM_CACHE_DIR"/*) ;; *) extra+=(--bind "$PWD" "$PWD") ;; esac
    bwrap --bind "$SIDROOT" / --proc /proc --dev /dev --ro-bind /sys /sys --perms 1777 --tmpfs /tmp \
        --ro-bind /etc/resolv.conf /etc/resolv.conf \
        --bind "$DEM_CACHE_DIR" "$DEM_CACHE_DIR" --bind "$DEM_REPO" "$DEM_REPO" "${extra[@]}" \
        --setenv HOME /root --setenv PATH /usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
        --setenv LC_ALL C.UTF-8 "${mpi_env[@]}" --chdir "$PWD" "$@"
}
