// Damping ratio <-> coefficient of restitution of a linear spring-dashpot binary collision
// (Teufelsbauer et al. 2009 eq. 10-11; Schwager & Poschel 2007 for the no-tension dashpot that
// releases the contact when the total normal force vanishes). Host-side conversions.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <cmath>

namespace dem {

constexpr double kPi = 3.14159265358979323846;

// Full dashpot: the contact ends when the overlap returns to zero.
inline double restitution_full(double zeta)
{
  if (zeta >= 1.0) return 0.0;
  return std::exp(-zeta * kPi / std::sqrt(1.0 - zeta * zeta));
}

inline double damping_ratio_full(double e)    // e in (0, 1]
{
  const double l = std::log(e);
  return -l / std::sqrt(kPi * kPi + l * l);
}

// No-tension dashpot: the contact ends when the total normal force reaches zero, at t_F;
// e = exp(-zeta w0 t_F).
inline double restitution_no_tension(double zeta)
{
  if (zeta <= 0.0) return 1.0;
  double w0tf;
  if (zeta < 1.0) {
    const double s = std::sqrt(1.0 - zeta * zeta);
    const double x = 2.0 * zeta * s;
    const double y = 1.0 - 2.0 * zeta * zeta;
    // w t_F = pi - atan(x/y) below 1/sqrt(2), atan(x/(-y)) above: both are atan2(x, -y)
    w0tf = std::atan2(x, -y) / s;
  } else if (zeta == 1.0) {
    w0tf = 2.0;
  } else {
    const double w = std::sqrt(zeta * zeta - 1.0);
    w0tf = std::log((zeta + w) / (zeta - w)) / w;
  }
  return std::exp(-zeta * w0tf);
}

// Inverse of restitution_no_tension on zeta in [0, zeta_max] (monotone decreasing), by bisection.
// The caller checks e >= restitution_no_tension(zeta_max).
inline double damping_ratio_no_tension(double e, double zeta_max = 1.0)
{
  double lo = 0.0, hi = zeta_max;
  for (int it = 0; it < 200 && hi - lo > 1e-15; ++it) {
    const double mid = 0.5 * (lo + hi);
    if (restitution_no_tension(mid) > e)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

}    // namespace dem
