// Minimal 3-vector arithmetic for the contact-law core (plain arrays, no allocation). Vec3T<T> holds
// three numbers of type T: double (Vec3, everywhere) or a pack of SIMD lanes (lanes.h, the CPU
// loop's SIMD path), with the same operations in the same order.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <cmath>

#include "macros.h"

namespace dem {

template <class T> struct Vec3T {
  T x, y, z;
};
using Vec3 = Vec3T<double>;

// the scalar factor of a product takes T from the vector (2.0 * v for a pack v)
template <class T> struct Same {
  using type = T;
};

template <class T> DEM_INLINE Vec3T<T> operator+(const Vec3T<T> &a, const Vec3T<T> &b)
{
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class T> DEM_INLINE Vec3T<T> operator-(const Vec3T<T> &a, const Vec3T<T> &b)
{
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class T> DEM_INLINE Vec3T<T> operator-(const Vec3T<T> &a)
{
  return {-a.x, -a.y, -a.z};
}
template <class T> DEM_INLINE Vec3T<T> operator*(const typename Same<T>::type &s, const Vec3T<T> &a)
{
  return {s * a.x, s * a.y, s * a.z};
}
template <class T> DEM_INLINE T dot(const Vec3T<T> &a, const Vec3T<T> &b)
{
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
template <class T> DEM_INLINE Vec3T<T> cross(const Vec3T<T> &a, const Vec3T<T> &b)
{
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
DEM_INLINE double norm(Vec3 a)
{
  return std::sqrt(dot(a, a));
}
DEM_INLINE bool all_finite(Vec3 a)
{
  return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z);
}

}    // namespace dem
