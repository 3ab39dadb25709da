// The number types of the contact-law core. The laws' common path (contact.h, pfc.h,
// tangential.h, linear.h) is written once for a number type T: double, or a pack of W doubles
// that computes W contacts at once in SIMD lanes (the CPU pair loop's SIMD path, pair_simd.cpp).
// What that code may do with T and its mask mask_t<T> (bool, or a pack's mask):
//   select(m, a, b)   m ? a : b lane by lane (a blend: both sides are computed)
//   any(m), all(m)    a mask's reductions: the "any lane" branches of the rare paths
//   root(a)           the square root (correctly rounded, as std::sqrt)
//   less_select(a, b, v)  a < b ? v : 0 (macros.h)
// With T = double each is the scalar operation it names, so the generic code compiles to the
// scalar code on every back end (CPU, Kokkos, CUDA). The packs are std::experimental::simd's
// (libstdc++ 11 or newer), compiled only where DEM_LANES_STDX is defined (the SIMD path's
// per-instruction-set sources): their operations are the IEEE operations lane by lane, so that
// with -ffp-contract=off a lane holds the scalar code's numbers to the last bit.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <cmath>
#include <utility>

#include "vec3.h"

#if defined(DEM_LANES_STDX)
#include <experimental/simd>
#endif

namespace dem {

template <class T> using mask_t = decltype(std::declval<T>() < std::declval<T>());

DEM_INLINE double select(bool m, double a, double b)
{
  return m ? a : b;
}
DEM_INLINE bool any(bool m)
{
  return m;
}
DEM_INLINE bool all(bool m)
{
  return m;
}
DEM_INLINE double root(double a)
{
  return std::sqrt(a);
}

#if defined(DEM_LANES_STDX)
namespace stdx = std::experimental;
template <class Abi>
DEM_INLINE stdx::simd<double, Abi> select(const stdx::simd_mask<double, Abi> &m,
                                          const stdx::simd<double, Abi> &a,
                                          stdx::simd<double, Abi> b)
{
  where(m, b) = a;
  return b;
}
template <class Abi> DEM_INLINE bool any(const stdx::simd_mask<double, Abi> &m)
{
  return stdx::any_of(m);
}
template <class Abi> DEM_INLINE bool all(const stdx::simd_mask<double, Abi> &m)
{
  return stdx::all_of(m);
}
template <class Abi> DEM_INLINE stdx::simd<double, Abi> root(const stdx::simd<double, Abi> &a)
{
  return stdx::sqrt(a);
}
// macros.h's less_select: a < b ? v : 0
template <class Abi>
DEM_INLINE stdx::simd<double, Abi> less_select(const stdx::simd<double, Abi> &a,
                                               const stdx::simd<double, Abi> &b,
                                               const stdx::simd<double, Abi> &v)
{
  return select(a < b, v, stdx::simd<double, Abi>(0.0));
}
#endif

template <class T>
DEM_INLINE Vec3T<T> select(const mask_t<T> &m, const Vec3T<T> &a, const Vec3T<T> &b)
{
  return {select(m, a.x, b.x), select(m, a.y, b.y), select(m, a.z, b.z)};
}

}    // namespace dem
