// kernel_omp.cpp's loop left to the auto-vectoriser (DEM_AUTOVEC; its TU is built with
// -fno-trapping-math, without which GCC does not if-convert the selects that guard a division or a
// square root)
// SPDX-License-Identifier: GPL-2.0-or-later
#define DEM_AUTOVEC 1
#include "kernel_omp.cpp"
