// kernel_stdx.cpp with the history records transposed by vector shuffles (DEM_LANES_TRANSPOSE,
// lanes.h's load_records and store_records; 4 lanes only: the x86-64-v3 copy)
// SPDX-License-Identifier: GPL-2.0-or-later
#define DEM_LANES_TRANSPOSE 1
#include "kernel_stdx.cpp"
