// Strengths drawn per bond from a distribution, the same on any number of ranks, on any backend
// and across restarts: each draw is a function of the two atoms' IDs, a seed and a counter (a
// counter-based generator: no sequence, no state), so the two copies of a pair on two ranks, a
// GPU thread and a restarted run all draw the same values (a bond keeps its draws only so as to
// draw them once: parts/bond_strengths.h).
//   uniform:  the 64-bit SplitMix64 finalizer (Steele, Lea & Flood, "Fast splittable
//             pseudorandom number generators", OOPSLA 2014) applied in turn to the stream, the
//             larger ID, the smaller ID and the seed; its top 53 bits give u in (0, 1)
//   normal:   Marsaglia's polar form of Box-Muller (Marsaglia & Bray, SIAM Review 6 (1964)
//             260): v1, v2 uniform in (-1, 1), s = v1^2 + v2^2, drawn again unless 0 < s < 1,
//             z = v1 sqrt(-2 ln s / s), mean + sd z (a logarithm and a square root, no cosine:
//             on a GPU a cosine's argument reduction takes a stack frame); a draw outside
//             [0, mean + 6 sd] is drawn again (the next counters), so no strength is negative and
//             every one has a bound (the neighbour lists' reach)
//   Weibull:  scale (-ln u)^(1/shape) (inverse transform), drawn again beyond the 1 - 1e-12
//             quantile, scale 27.63^(1/shape)
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "macros.h"

#include <cmath>
#include <cstdint>

namespace dem {

DEM_INLINE std::uint64_t splitmix64(std::uint64_t z)
{
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// uniform draw k of stream `stream` for the pair of atoms with IDs id1, id2 (in either order)
DEM_INLINE double pair_uniform(long long id1, long long id2, std::uint64_t seed, int stream, int k)
{
  const std::uint64_t lo = static_cast<std::uint64_t>(id1 < id2 ? id1 : id2);
  const std::uint64_t hi = static_cast<std::uint64_t>(id1 < id2 ? id2 : id1);
  std::uint64_t h = splitmix64((static_cast<std::uint64_t>(stream) << 32) + k);
  h = splitmix64(h ^ hi);
  h = splitmix64(h ^ lo);
  h = splitmix64(h ^ seed);
  return (static_cast<double>(h >> 11) + 0.5) * 0x1.0p-53;
}

// A strength's distribution: none (every bond has `value`), normal (mean value, standard
// deviation sd) or Weibull (scale value, shape)
struct Spread {
  double sd = 0.0;       // > 0: normal
  double shape = 0.0;    // > 0: Weibull
  DEM_INLINE bool on() const { return sd > 0.0 || shape > 0.0; }
};

constexpr double NORMAL_BOUND_SD = 6.0;            // normal: no draw beyond mean + 6 sd
constexpr double WEIBULL_BOUND_LOG = 27.631021;    // Weibull: -ln(1e-12)
constexpr int MAX_REDRAWS = 128;

// the largest strength a draw can give (the bound the neighbour lists' reach is made for)
DEM_INLINE double spread_bound(double value, const Spread &s)
{
  if (s.shape > 0.0) return value * std::pow(WEIBULL_BOUND_LOG, 1.0 / s.shape);
  return value + NORMAL_BOUND_SD * s.sd;
}

// the strength of the bond of atoms id1, id2: stream names the strength (tensile, cohesion, ...),
// so that each has its own draws
DEM_INLINE double draw_strength(double value, const Spread &s, long long id1, long long id2,
                                std::uint64_t seed, int stream)
{
  if (!s.on()) return value;
  const double top = spread_bound(value, s);
  for (int k = 0; k < MAX_REDRAWS; k++) {
    double x;
    if (s.shape > 0.0) {
      x = value * std::pow(-std::log(pair_uniform(id1, id2, seed, stream, k)), 1.0 / s.shape);
    } else {
      const double v1 = 2.0 * pair_uniform(id1, id2, seed, stream, 2 * k) - 1.0,
                   v2 = 2.0 * pair_uniform(id1, id2, seed, stream, 2 * k + 1) - 1.0;
      const double r = v1 * v1 + v2 * v2;
      if (!(r > 0.0 && r < 1.0)) continue;
      x = value + s.sd * v1 * std::sqrt(-2.0 * std::log(r) / r);
    }
    if (x >= 0.0 && x <= top) return x;
  }
  return value;    // (not in practice: with value >= 0 a normal draw is kept with probability > 0.39)
}

}    // namespace dem
