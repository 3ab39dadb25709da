// One kernel source, built once per instruction set: everything it defines is in the copy's
// namespace DEM_SIMD_ISA, and the SIMD type it uses (native_simd<double>) is a different type in
// each copy (libstdc++ names the register width in its ABI tag), so no symbol of one copy can stand
// in for the other's. Only an inline function of a shared header (odr_trap.h) escapes that.
// SPDX-License-Identifier: GPL-2.0-or-later
#include <experimental/simd>

#include "kernel.h"
#include "odr_trap.h"

namespace DEM_SIMD_ISA {
namespace stdx = std::experimental;
using D = stdx::native_simd<double>;

// the sum of |x_k| in the order of k: W norms at once, then added lane by lane (the scalar sum's
// order, so the result is the scalar loop's to the last bit)
double sum_norms(const double *xyz, int n)
{
  constexpr int W = static_cast<int>(D::size());
  double sum = 0.0;
  int k = 0;
  for (; k + W <= n; k += W) {
    const D x([&](auto l) { return xyz[3 * (k + l)]; }), y([&](auto l) { return xyz[3 * (k + l) + 1]; }),
        z([&](auto l) { return xyz[3 * (k + l) + 2]; });
    const D r = stdx::sqrt(x * x + y * y + z * z);
    for (int l = 0; l < W; l++) sum += r[l];
  }
  for (; k < n; k++) {
    const double *p = xyz + 3 * k;
    sum += std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
  }
  return sum;
}
double trap(const double *a, const double *b) { return odr_trap_dot(a, b); }
int lanes() { return static_cast<int>(D::size()); }

}    // namespace DEM_SIMD_ISA
