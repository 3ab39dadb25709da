// The lane loops with Kokkos SIMD (Kokkos_SIMD.hpp), compiled once per instruction set
// (DEM_SIMD_ISA). Debian's Kokkos 5.2 was configured without KOKKOS_ARCH_*, so Kokkos::
// Experimental::simd<double> has one lane in every TU; the x86-64-v3 copy includes the AVX2 back end
// by hand (DEM_LANES_KOKKOS_AVX2) and names its 4-lane ABI, avx2_fixed_size<4>.
// SPDX-License-Identifier: GPL-2.0-or-later
#define DEM_LANES_KOKKOS 1
#include "loop_lanes.h"

namespace DEM_SIMD_ISA {
namespace {
struct Isa {};
}    // namespace
#if defined(DEM_LANES_KOKKOS_AVX2)
using Pack = Kokkos::Experimental::basic_simd<double, Kokkos::Experimental::simd_abi::avx2_fixed_size<4>>;
#else
using Pack = Kokkos::Experimental::simd<double>;
#endif

int kokkos_width() { return demx::lanes<Pack>; }
void kokkos_atom(const proto::Loop &L, proto::Counts &c) { demx::lane_loop<Pack, false, Isa>(L, c); }
void kokkos_flat(const proto::Loop &L, proto::Counts &c) { demx::lane_loop<Pack, true, Isa>(L, c); }

}    // namespace DEM_SIMD_ISA
