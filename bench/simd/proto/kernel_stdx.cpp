// The lane loops with std::experimental::simd, compiled once per instruction set (DEM_SIMD_ISA:
// this copy's namespace; the flags of the copy choose native_simd's width: 2 lanes generic, 4 with
// AVX2).
// SPDX-License-Identifier: GPL-2.0-or-later
#define DEM_LANES_STDX 1
#include "loop_lanes.h"

namespace DEM_SIMD_ISA {
namespace {
struct Isa {};
}    // namespace
using Native = std::experimental::native_simd<double>;
using Twice = std::experimental::simd<double, std::experimental::simd_abi::deduce_t<double, 2 * Native::size()>>;

#if defined(DEM_LANES_TRANSPOSE)
void stdx_t_atom(const proto::Loop &L, proto::Counts &c) { demx::lane_loop<Native, false, Isa>(L, c); }
void stdx_t_flat(const proto::Loop &L, proto::Counts &c) { demx::lane_loop<Native, true, Isa>(L, c); }
#else
int stdx_width() { return demx::lanes<Native>; }
void stdx_atom(const proto::Loop &L, proto::Counts &c) { demx::lane_loop<Native, false, Isa>(L, c); }
void stdx_flat(const proto::Loop &L, proto::Counts &c) { demx::lane_loop<Native, true, Isa>(L, c); }
void stdx_flat2(const proto::Loop &L, proto::Counts &c) { demx::lane_loop<Twice, true, Isa>(L, c); }
void stdx_atom2(const proto::Loop &L, proto::Counts &c) { demx::lane_loop<Twice, false, Isa>(L, c); }
#endif

}    // namespace DEM_SIMD_ISA
