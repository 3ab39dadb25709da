// dispatch_demo: runs the chosen copy, and both copies where the CPU has both, on the same data
// SPDX-License-Identifier: GPL-2.0-or-later
#include <cstdio>
#include <cstring>
#include <vector>

#include "kernel.h"

namespace dem_simd_generic { double sum_norms(const double *, int); }
namespace dem_simd_v3 { double sum_norms(const double *, int); }

int main()
{
  std::vector<double> xyz(3 * 1001);
  for (size_t k = 0; k < xyz.size(); k++) xyz[k] = 0.001 * double((k * 7919) % 1000) - 0.5;
  const Kernels &k = kernels();
  const double s = k.sum_norms(xyz.data(), 1001);
  const double g = dem_simd_generic::sum_norms(xyz.data(), 1001);
  std::printf("sum of norms: chosen copy %.17g, generic copy %.17g: %s\n", s, g,
              std::memcmp(&s, &g, sizeof s) == 0 ? "the same bits" : "DIFFERENT");
  if (std::strcmp(k.isa, "generic") != 0) {
    const double v = dem_simd_v3::sum_norms(xyz.data(), 1001);
    std::printf("x86-64-v3 copy %.17g\n", v);
  }
  return 0;
}
