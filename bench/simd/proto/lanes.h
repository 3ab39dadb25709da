// The number-type layer of the prototype: what the generic laws (linear_lanes.h) may do with a
// number type T that is double or a pack of W doubles, and with its mask mask_t<T> (bool, or a
// pack's mask). With T = double every function is the scalar operation it names, so the generic
// code compiles to the scalar code it replaces.
//   select(m, a, b)   m ? a : b lane by lane (a blend: both sides are computed)
//   any(m), all(m)    reductions of a mask: the "any lane" branches of the rare paths
//   count(m)          the lanes set
//   root(a)           the square root (correctly rounded, as std::sqrt)
//   pack<T>(g)        the pack whose lane l is g(l) (g(std::integral_constant<size_t, l>)): the gathers
//   pack_mask<T>(g)   the mask whose lane l is g(l)
//   lane(a, l)        lane l of a (scatters; the ordered sums of atom i)
//   lanes<T>          W (1 for double)
//   load_records, store_records   W history records <-> 8 packs (the loop layer's transposes)
// Back ends: std::experimental::simd (libstdc++, GCC and Clang: DEM_LANES_STDX) and Kokkos SIMD
// (Kokkos_SIMD.hpp: DEM_LANES_KOKKOS). Both are header-only, and their operations on packs are the
// IEEE operations lane by lane, so that with -ffp-contract=off a pack's lanes hold the scalar
// code's numbers to the last bit.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <cmath>
#include <cstddef>
#include <cstring>
#include <type_traits>
#include <utility>

#include "dem/macros.h"

#if defined(DEM_LANES_STDX)
#include <experimental/simd>
#endif
#if defined(DEM_LANES_KOKKOS)
#include <Kokkos_Macros.hpp>
#if defined(DEM_LANES_KOKKOS_AVX2)
// Debian's Kokkos is configured without KOKKOS_ARCH_AVX2, so Kokkos_SIMD.hpp gives one lane; its
// AVX2 back end included by hand (before Kokkos_SIMD.hpp) gives the 4-lane pack to a TU built with
// -mavx2 -mfma
#include <Kokkos_SIMD_AVX2.hpp>
#endif
#include <Kokkos_SIMD.hpp>
#endif

namespace demx {

template <class T> using mask_t = decltype(std::declval<T>() < std::declval<T>());
template <class T> struct Lanes;

// double: the scalar code
template <> struct Lanes<double> {
  static constexpr int size = 1;
};
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
DEM_INLINE int count(bool m)
{
  return m;
}
DEM_INLINE double root(double a)
{
  return std::sqrt(a);
}
DEM_INLINE double lane(double a, int)
{
  return a;
}
DEM_INLINE bool lane(bool m, int)
{
  return m;
}
template <class T, class G, std::enable_if_t<std::is_same_v<T, double>, int> = 0>
DEM_INLINE double pack(G &&g)
{
  return g(std::integral_constant<std::size_t, 0>());
}
template <class T, class G, std::enable_if_t<std::is_same_v<T, double>, int> = 0>
DEM_INLINE bool pack_mask(G &&g)
{
  return g(std::integral_constant<std::size_t, 0>());
}

#if defined(DEM_LANES_STDX)
namespace stdx = std::experimental;
template <class Abi> struct Lanes<stdx::simd<double, Abi>> {
  static constexpr int size = static_cast<int>(stdx::simd_size_v<double, Abi>);
};
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
template <class Abi> DEM_INLINE int count(const stdx::simd_mask<double, Abi> &m)
{
  return stdx::popcount(m);
}
template <class Abi> DEM_INLINE stdx::simd<double, Abi> root(const stdx::simd<double, Abi> &a)
{
  return stdx::sqrt(a);
}
template <class Abi> DEM_INLINE double lane(const stdx::simd<double, Abi> &a, int l)
{
  return a[l];
}
template <class Abi> DEM_INLINE bool lane(const stdx::simd_mask<double, Abi> &m, int l)
{
  return m[l];
}
template <class T, class G, class = typename T::abi_type> DEM_INLINE T pack(G &&g)
{
  return T(std::forward<G>(g));
}
template <class T, class G, class = typename T::abi_type>
DEM_INLINE typename T::mask_type pack_mask(G &&g)
{
  // (a mask has no generator constructor in the TS: a compare of a pack)
  return T([&](auto l) { return g(l) ? 1.0 : 0.0; }) != 0.0;
}
#endif

#if defined(DEM_LANES_KOKKOS)
namespace KX = Kokkos::Experimental;
template <class Abi> struct Lanes<KX::basic_simd<double, Abi>> {
  static constexpr int size = static_cast<int>(KX::basic_simd<double, Abi>::size());
};
template <class Abi>
DEM_INLINE KX::basic_simd<double, Abi> select(const KX::basic_simd_mask<double, Abi> &m,
                                              const KX::basic_simd<double, Abi> &a,
                                              const KX::basic_simd<double, Abi> &b)
{
  return KX::condition(m, a, b);
}
template <class Abi> DEM_INLINE bool any(const KX::basic_simd_mask<double, Abi> &m)
{
  return KX::any_of(m);
}
template <class Abi> DEM_INLINE bool all(const KX::basic_simd_mask<double, Abi> &m)
{
  return KX::all_of(m);
}
template <class Abi> DEM_INLINE int count(const KX::basic_simd_mask<double, Abi> &m)
{
  int n = 0;
  for (std::size_t l = 0; l < m.size(); l++) n += m[l];
  return n;
}
template <class Abi> DEM_INLINE KX::basic_simd<double, Abi> root(const KX::basic_simd<double, Abi> &a)
{
  return Kokkos::sqrt(a);
}
template <class Abi> DEM_INLINE double lane(const KX::basic_simd<double, Abi> &a, int l)
{
  return a[l];
}
template <class Abi> DEM_INLINE bool lane(const KX::basic_simd_mask<double, Abi> &m, int l)
{
  return m[l];
}
template <class T, class G, class = typename T::abi_type> DEM_INLINE T pack(G &&g)
{
  return T(std::forward<G>(g));
}
template <class T, class G, class = typename T::abi_type>
DEM_INLINE typename T::mask_type pack_mask(G &&g)
{
  return T([&](auto l) { return g(l) ? 1.0 : 0.0; }) != T(0.0);
}
#endif

template <class T> inline constexpr int lanes = Lanes<T>::size;

// The history records of W contacts (NH = 8 slots each, record l at rec[l]) as 8 packs (slot k of
// every lane), and back. Generic: lane by lane (the generator: a load and an insert per value).
// With DEM_LANES_TRANSPOSE and 4 lanes: two 4-wide loads per record and 4x4 transposes with the
// compiler's vector shuffles (__builtin_shufflevector: GCC >= 12, Clang; no ISA intrinsics).
template <class T> DEM_INLINE void load_records(double *const *rec, T s[8])
{
#if defined(DEM_LANES_TRANSPOSE)
  if constexpr (lanes<T> == 4) {
    typedef double v4 __attribute__((vector_size(32)));
    v4 a[4], b[4];
    for (int l = 0; l < 4; l++) {
      std::memcpy(&a[l], rec[l], 32);
      std::memcpy(&b[l], rec[l] + 4, 32);
    }
    auto transpose = [](v4 *r, v4 *t) {
      const v4 lo01 = __builtin_shufflevector(r[0], r[1], 0, 4, 2, 6);
      const v4 hi01 = __builtin_shufflevector(r[0], r[1], 1, 5, 3, 7);
      const v4 lo23 = __builtin_shufflevector(r[2], r[3], 0, 4, 2, 6);
      const v4 hi23 = __builtin_shufflevector(r[2], r[3], 1, 5, 3, 7);
      t[0] = __builtin_shufflevector(lo01, lo23, 0, 1, 4, 5);
      t[1] = __builtin_shufflevector(hi01, hi23, 0, 1, 4, 5);
      t[2] = __builtin_shufflevector(lo01, lo23, 2, 3, 6, 7);
      t[3] = __builtin_shufflevector(hi01, hi23, 2, 3, 6, 7);
    };
    v4 t[8];
    transpose(a, t);
    transpose(b, t + 4);
    for (int k = 0; k < 8; k++) s[k] = pack<T>([&](auto l) { return t[k][static_cast<int>(l)]; });
    return;
  }
#endif
  for (int k = 0; k < 8; k++) s[k] = pack<T>([&](auto l) { return rec[l][k]; });
}
// the records of the lanes set in `store` (all: the whole group)
template <class T>
DEM_INLINE void store_records(const T s[8], double *const *rec, const mask_t<T> &store, int n)
{
#if defined(DEM_LANES_TRANSPOSE)
  if constexpr (lanes<T> == 4) {
    typedef double v4 __attribute__((vector_size(32)));
    v4 t[8], a[4], b[4];
    for (int k = 0; k < 8; k++)
      for (int l = 0; l < 4; l++) t[k][l] = lane(s[k], l);
    auto transpose = [](const v4 *r, v4 *u) {
      const v4 lo01 = __builtin_shufflevector(r[0], r[1], 0, 4, 2, 6);
      const v4 hi01 = __builtin_shufflevector(r[0], r[1], 1, 5, 3, 7);
      const v4 lo23 = __builtin_shufflevector(r[2], r[3], 0, 4, 2, 6);
      const v4 hi23 = __builtin_shufflevector(r[2], r[3], 1, 5, 3, 7);
      u[0] = __builtin_shufflevector(lo01, lo23, 0, 1, 4, 5);
      u[1] = __builtin_shufflevector(hi01, hi23, 0, 1, 4, 5);
      u[2] = __builtin_shufflevector(lo01, lo23, 2, 3, 6, 7);
      u[3] = __builtin_shufflevector(hi01, hi23, 2, 3, 6, 7);
    };
    transpose(t, a);
    transpose(t + 4, b);
    for (int l = 0; l < n; l++)
      if (lane(store, l)) {
        std::memcpy(rec[l], &a[l], 32);
        std::memcpy(rec[l] + 4, &b[l], 32);
      }
    return;
  }
#endif
  double out[lanes<T>][8];
  for (int k = 0; k < 8; k++)
    for (int l = 0; l < lanes<T>; l++) out[l][k] = lane(s[k], l);
  for (int l = 0; l < n; l++)
    if (lane(store, l)) std::memcpy(rec[l], out[l], sizeof out[l]);
}

// The branches of the rare paths: any(m) / all(m); DEM_LANES_BRANCHLESS (the OpenMP simd loop's
// experiment) computes every rare path in every lane and merges it by select, with no branch that
// a vectoriser would have to if-convert
#if defined(DEM_LANES_BRANCHLESS)
#define DEM_ANY(m) ((void) (m), true)
#define DEM_ALL(m) ((void) (m), false)
#else
#define DEM_ANY(m) any(m)
#define DEM_ALL(m) all(m)
#endif

// The 3-vector of dem/vec3.h over T (dem::Vec3 is V3<double>'s twin: the same operations in the
// same order)
template <class T> struct V3 {
  T x, y, z;
};
template <class T> DEM_INLINE V3<T> operator+(const V3<T> &a, const V3<T> &b)
{
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class T> DEM_INLINE V3<T> operator-(const V3<T> &a, const V3<T> &b)
{
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class T> DEM_INLINE V3<T> operator-(const V3<T> &a)
{
  return {-a.x, -a.y, -a.z};
}
template <class T> DEM_INLINE V3<T> operator*(const T &s, const V3<T> &a)
{
  return {s * a.x, s * a.y, s * a.z};
}
template <class T> DEM_INLINE T dot(const V3<T> &a, const V3<T> &b)
{
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
template <class T> DEM_INLINE V3<T> cross(const V3<T> &a, const V3<T> &b)
{
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class T> DEM_INLINE V3<T> select(const mask_t<T> &m, const V3<T> &a, const V3<T> &b)
{
  return {select(m, a.x, b.x), select(m, a.y, b.y), select(m, a.z, b.z)};
}

}    // namespace demx
