// Which part of the generic law stops GCC's vectoriser (STAGE 1..5; USE_IVDEP: the auto-vectoriser
// instead of `#pragma omp simd`; WITH_BRANCHES: the rare paths as branches, not selects)
#if !defined(WITH_BRANCHES)
#define DEM_LANES_BRANCHLESS 1
#endif
#include "linear_lanes.h"
using demx::V3;
void f(int m, const double *__restrict a, const double *__restrict b, const double *__restrict s8,
       double *__restrict out)
{
#if defined(USE_IVDEP)
#pragma GCC ivdep
#else
#pragma omp simd
#endif
  for (int l = 0; l < m; l++) {
    const V3<double> d{a[l], a[l + 64], a[l + 128]}, v{b[l], b[l + 64], b[l + 128]};
    const double rsq = demx::dot(d, d);
    const demx::Contact<double> c = demx::ball_ball(d, std::sqrt(rsq), 0.5, 0.5, v, v, v, v, 0.3);
    double r = c.gap;
#if STAGE >= 2
    const V3<double> fs{s8[l], s8[l + 64], s8[l + 128]};
    const V3<double> q = demx::rotate_into_plane(fs, c.n, c.d, c.dsq);
    r += q.x;
#endif
#if STAGE >= 3
    double sl[8];
    for (int k = 0; k < 8; k++) sl[k] = s8[l + 64 * k];
    demx::History<double> h = demx::load_history(sl);
    r += h.fn;
#if STAGE >= 4
    const demx::PlainParams<double> pp{1.0, 2.0, 0.5, 0.1};
    const V3<double> F = demx::linear_plain_step(pp, c, 1e-4, h);
    r += F.x;
#endif
#if STAGE >= 5
    demx::store_history(h, sl);
    for (int k = 0; k < 8; k++) r += sl[k];
#endif
#endif
    out[l] = r;
  }
}
