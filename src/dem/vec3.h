// Minimal 3-vector arithmetic for the contact-law core (plain arrays, no allocation).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <cmath>

#include "macros.h"

namespace dem {

struct Vec3 {
  double x, y, z;
};

DEM_INLINE Vec3 operator+(Vec3 a, Vec3 b)
{
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
DEM_INLINE Vec3 operator-(Vec3 a, Vec3 b)
{
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
DEM_INLINE Vec3 operator-(Vec3 a)
{
  return {-a.x, -a.y, -a.z};
}
DEM_INLINE Vec3 operator*(double s, Vec3 a)
{
  return {s * a.x, s * a.y, s * a.z};
}
DEM_INLINE double dot(Vec3 a, Vec3 b)
{
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
DEM_INLINE Vec3 cross(Vec3 a, Vec3 b)
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
