// kernel_omp.cpp with every rare path computed in every lane (DEM_LANES_BRANCHLESS): what the
// OpenMP simd loop needs before GCC vectorises it
// SPDX-License-Identifier: GPL-2.0-or-later
#define DEM_LANES_BRANCHLESS 1
#include "kernel_omp.cpp"
