// The interface of the per-ISA copies (dispatch demo): plain functions, no SIMD types
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
struct Kernels {
  const char *isa;
  int lanes;
  double (*sum_norms)(const double *xyz, int n);    // sum of |x_k|, in order
  double (*trap)(const double *a, const double *b);  // calls odr_trap.h's inline function
};
// the copy for this CPU, chosen once (and said once, as a pair style's init log would)
const Kernels &kernels();
