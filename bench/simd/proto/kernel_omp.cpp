// The pair loop as LAMMPS's INTEL package writes its loops: atom i's neighbours gathered into
// arrays (structure of arrays), then `#pragma omp simd` over them calling the generic law with
// T = double (selects and "any lane" branches are then plain ternaries and ifs, which the compiler
// must if-convert), then the scalar loop's ordered sums. Compiled once per instruction set.
// DEM_AUTOVEC (kernel_autovec.cpp): the same loop left to the auto-vectoriser (`#pragma GCC ivdep`,
// Clang's assume_safety) instead of `#pragma omp simd`, built with -fno-trapping-math.
// SPDX-License-Identifier: GPL-2.0-or-later
#include "loop_lanes.h"

#if !defined(DEM_AUTOVEC)
#define DEM_SIMD_LOOP _Pragma("omp simd")
#elif defined(__clang__)
#define DEM_SIMD_LOOP _Pragma("clang loop vectorize(assume_safety)")
#else
#define DEM_SIMD_LOOP _Pragma("GCC ivdep")
#endif

namespace DEM_SIMD_ISA {

#if defined(DEM_AUTOVEC)
void autovec_atom(const proto::Loop &L, proto::Counts &counts)
#elif defined(DEM_LANES_BRANCHLESS)
void omp_atom_branchless(const proto::Loop &L, proto::Counts &counts)
#else
void omp_atom(const proto::Loop &L, proto::Counts &counts)
#endif
{
  using demx::V3;
  constexpr int CH = 16, NH = 8;    // neighbours per batch; history slots
  alignas(64) double xj[3][CH], vj[3][CH], wj[3][CH], rj[CH], mj[CH], kn[CH], ks[CH], fric[CH],
      nratio[CH], s[NH][CH];
  alignas(64) double out[9][CH], snew[NH][CH];
  alignas(64) int in[CH], was0[CH], was2[CH], now2[CH];
  for (int ii = 0; ii < L.inum; ii++) {
    const int i = L.ilist[ii];
    const int *jlist = L.firstneigh[i];
    const int jnum = L.numneigh[i];
    int *touch = L.firsttouch[i];
    double *hist_i = L.firsthist[i];
    const double *xi = L.x + 3 * i, *vi = L.v + 3 * i, *wi = L.omega + 3 * i;
    const double ri = L.radius[i], mi = L.rmass[i];
    const dem::LinearParams *prow = L.params + L.type[i] * (L.ntypes + 1);
    double fi[3] = {L.f[3 * i], L.f[3 * i + 1], L.f[3 * i + 2]};
    double ti[3] = {L.torque[3 * i], L.torque[3 * i + 1], L.torque[3 * i + 2]};
    for (int jj0 = 0; jj0 < jnum; jj0 += CH) {
      const int n = jnum - jj0 < CH ? jnum - jj0 : CH;
      int m = 0;    // the contacts within reach, packed
      int at[CH];
      for (int l = 0; l < n; l++) {
        const int jj = jj0 + l, j = jlist[jj];
        const double d[3] = {L.x[3 * j] - xi[0], L.x[3 * j + 1] - xi[1], L.x[3 * j + 2] - xi[2]};
        const double rsq = d[0] * d[0] + d[1] * d[1] + d[2] * d[2], reach = ri + L.radius[j];
        if (rsq > reach * reach || reach <= 0.0) {
          if (touch[jj]) {
            touch[jj] = 0;
            for (int k = 0; k < L.nh; k++) hist_i[L.nh * jj + k] = 0.0;
          }
          continue;
        }
        at[m] = jj;
        for (int a = 0; a < 3; a++) {
          xj[a][m] = d[a];
          vj[a][m] = L.v[3 * j + a];
          wj[a][m] = L.omega[3 * j + a];
        }
        rj[m] = L.radius[j];
        mj[m] = L.rmass[j];
        const dem::LinearParams &p = prow[L.type[j]];
        kn[m] = p.kn;
        ks[m] = p.ks;
        fric[m] = p.tan.fric;
        nratio[m] = p.dp.nratio;
        for (int k = 0; k < NH; k++) s[k][m] = hist_i[L.nh * jj + k];
        m++;
      }
DEM_SIMD_LOOP
      for (int l = 0; l < m; l++) {
        const V3<double> d{xj[0][l], xj[1][l], xj[2][l]};
        const double rsq = demx::dot(d, d);
        const double meff = mi * mj[l] / (mi + mj[l]);
        const demx::Contact<double> c = demx::ball_ball(
            d, std::sqrt(rsq), ri, rj[l], V3<double>{vi[0], vi[1], vi[2]},
            V3<double>{vj[0][l], vj[1][l], vj[2][l]}, V3<double>{wi[0], wi[1], wi[2]},
            V3<double>{wj[0][l], wj[1][l], wj[2][l]}, meff);
        double sl[NH];
        for (int k = 0; k < NH; k++) sl[k] = s[k][l];
        demx::History<double> h = demx::load_history(sl);
        was0[l] = h.fresh;
        was2[l] = h.slipping;
        const demx::PlainParams<double> pp{kn[l], ks[l], fric[l], nratio[l]};
        const V3<double> F = demx::linear_plain_step(pp, c, L.dt, h);
        now2[l] = h.slipping;
        demx::store_history(h, sl);
        for (int k = 0; k < NH; k++) snew[k][l] = sl[k];
        const V3<double> nxf = demx::cross(c.n, F);
        out[0][l] = F.x;
        out[1][l] = F.y;
        out[2][l] = F.z;
        out[3][l] = -c.lever1 * nxf.x;
        out[4][l] = -c.lever1 * nxf.y;
        out[5][l] = -c.lever1 * nxf.z;
        out[6][l] = -c.lever2 * nxf.x;
        out[7][l] = -c.lever2 * nxf.y;
        out[8][l] = -c.lever2 * nxf.z;
        in[l] = c.gap < -(ri < rj[l] ? ri : rj[l]);    // (deep)
      }
      for (int l = 0; l < m; l++) {
        const int jj = at[l], j = jlist[jj];
        for (int k = 0; k < NH; k++) hist_i[L.nh * jj + k] = snew[k][l];
        touch[jj] = 1;
        counts.touching++;
        counts.deep += in[l];
        const int w2 = j < L.nlocal ? 2 : 1;
        if (was0[l] || was2[l] != now2[l]) {
          counts.activated += was0[l] ? w2 : 0;
          counts.slip_start += now2[l] ? w2 : 0;
          counts.slip_end += was2[l] ? w2 : 0;
        }
        fi[0] += -out[0][l];
        fi[1] += -out[1][l];
        fi[2] += -out[2][l];
        ti[0] += out[3][l];
        ti[1] += out[4][l];
        ti[2] += out[5][l];
        if (j < L.nlocal) {
          for (int a = 0; a < 3; a++) {
            L.f[3 * j + a] += out[a][l];
            L.torque[3 * j + a] += out[6 + a][l];
          }
        }
      }
    }
    for (int a = 0; a < 3; a++) {
      L.f[3 * i + a] = fi[a];
      L.torque[3 * i + a] = ti[a];
    }
  }
}

}    // namespace DEM_SIMD_ISA
