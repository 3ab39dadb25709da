// The pair loop over lanes (issue 53, item 2), for a number type D (lanes.h) of W lanes:
//   PER_ATOM (FLAT false): the neighbours of atom i, W at a time (the last group masked); atom i's
//     force and torque summed in registers lane by lane in contact order;
//   FLAT: W consecutive pairs of the list, whatever their atom i (atom i's data gathered too).
// Either way each lane's force and torques are added to LAMMPS's arrays lane by lane, in the order
// of the scalar loop (the partner's only if it is owned: newton off), so that every sum is the scalar
// loop's to the last bit. Gathers: x, v, omega, radius, mass, type of the partners (lane by lane);
// the W history records (nh = 8 slots each) as 8 packs of W lanes (lanes.h's load_records: lane by
// lane, or transposed with DEM_LANES_TRANSPOSE). Rare paths per lane: a contact that opened (its
// record cleared), one deeper than the smaller radius (counted), the events.
// Included inside a per-ISA namespace's TU, after lanes.h and linear_lanes.h.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <cstring>

#include "linear_lanes.h"
#include "system.h"

namespace demx {

template <class D> DEM_INLINE D bcast(double a)
{
  return D(a);
}

template <class D, bool FLAT, class Isa> struct LaneLoop {
  static constexpr int W = lanes<D>;
  static constexpr int NH = 8;    // the plain layout: F_s, F_n, state, F^d
  using M = mask_t<D>;

  // one group of W pairs: lane l is neighbour jj[l] of atom i[l] (its flag and record), partner j[l]
  struct Group {
    int n;    // lanes in use (the rest repeat lane n - 1 and are masked)
    int i[W], j[W];
    int *touch[W];
    double *rec[W];
  };

  // atom i's sums (PER_ATOM): in registers for the whole list
  struct Own {
    double f[3], t[3];
  };

  const proto::Loop &L;
  proto::Counts &counts;

  // (a 2-wide load of x and y and shuffles instead, for 4 lanes, saved no instruction: lanes.h's
  // generator is what the compiler does well enough)
  DEM_INLINE static V3<D> gather3(const double *a, const int *k)
  {
    return {pack<D>([&](auto l) { return a[3 * static_cast<long>(k[l])]; }),
            pack<D>([&](auto l) { return a[3 * static_cast<long>(k[l]) + 1]; }),
            pack<D>([&](auto l) { return a[3 * static_cast<long>(k[l]) + 2]; })};
  }
  DEM_INLINE static D gather(const double *a, const int *k)
  {
    return pack<D>([&](auto l) { return a[k[l]]; });
  }
  // atom i's values: gathered (FLAT) or one atom's broadcast
  DEM_INLINE static V3<D> own3(const double *a, const int *k)
  {
    if constexpr (FLAT)
      return gather3(a, k);
    else {
      const double *r = a + 3 * static_cast<long>(k[0]);
      return {D(r[0]), D(r[1]), D(r[2])};
    }
  }
  DEM_INLINE static D own1(const double *a, const int *k)
  {
    if constexpr (FLAT)
      return gather(a, k);
    else
      return D(a[k[0]]);
  }

  DEM_INLINE void group(const Group &g, Own *own)
  {
    const M active = pack_mask<D>([&](auto l) { return static_cast<int>(l) < g.n; });
    const V3<D> xi = own3(L.x, g.i), xj = gather3(L.x, g.j);
    const V3<D> d = xj - xi;
    const D ri = own1(L.radius, g.i), rj = gather(L.radius, g.j);
    const D rsq = dot(d, d);
    const D reach = ri + rj;
    const M in = active && !(rsq > reach * reach || reach <= 0.0);
    const M touched = pack_mask<D>([&](auto l) { return *g.touch[l] != 0; });
    const M opened = active && !in && touched;
    if (any(opened))    // (the scalar loop's: touch = 0 and the slots cleared)
      for (int l = 0; l < g.n; l++)
        if (lane(opened, l)) {
          *g.touch[l] = 0;
          for (int k = 0; k < L.nh; k++) g.rec[l][k] = 0.0;
        }
    if (!any(in)) return;

    // the contact (dem::ball_ball via pair_contact: r = sqrt(rsq))
    const V3<D> vi = own3(L.v, g.i), vj = gather3(L.v, g.j);
    const V3<D> wi = own3(L.omega, g.i), wj = gather3(L.omega, g.j);
    const D mi = own1(L.rmass, g.i), mj = gather(L.rmass, g.j);
    D meff = mi * mj / (mi + mj);
    if (L.freeze_bit) {
      const M fi = pack_mask<D>([&](auto l) { return (L.mask[g.i[l]] & L.freeze_bit) != 0; });
      const M fj = pack_mask<D>([&](auto l) { return (L.mask[g.j[l]] & L.freeze_bit) != 0; });
      meff = select(fi, mj, select(fj, mi, meff));
    }
    const Contact<D> c = ball_ball(d, root(rsq), ri, rj, vi, vj, wi, wj, meff);
    const D rmin = select(ri < rj, ri, rj);
    const M deep = in && c.gap < -rmin;
    if (any(deep))
      for (int l = 0; l < g.n; l++) counts.deep += lane(deep, l);

    // the pair of types' settings: one row for all lanes (the usual case: one pair of types), else
    // a row per lane
    int row[W];
    bool one_row = true;
    for (int l = 0; l < W; l++) {
      row[l] = L.type[g.i[l]] * (L.ntypes + 1) + L.type[g.j[l]];
      one_row = one_row && row[l] == row[0];
    }
    PlainParams<D> pp;
    if (one_row) {
      const dem::LinearParams &q = L.params[row[0]];
      pp = {D(q.kn), D(q.ks), D(q.tan.fric), D(q.dp.nratio)};
    } else {
      const dem::LinearParams *p = L.params;
      pp = {pack<D>([&](auto l) { return p[row[l]].kn; }), pack<D>([&](auto l) { return p[row[l]].ks; }),
            pack<D>([&](auto l) { return p[row[l]].tan.fric; }),
            pack<D>([&](auto l) { return p[row[l]].dp.nratio; })};
    }

    // the history records (slot k of lane l at rec[l][k])
    D s[NH];
    load_records(g.rec, s);
    History<D> h = load_history(s);
    const M fresh = h.fresh, slipping_before = h.slipping;
#if defined(PROBE_NO_LAW)
    // (the loop's own cost: the law replaced by a force of one product per component)
    const V3<D> F = pp.kn * c.n;
    h.fn = c.gap;
#else
    const V3<D> F = linear_plain_step(pp, c, L.dt, h);
#endif
    store_history(h, s);

    // what the step stores (the records of the lanes within reach) and counts
    store_records(s, g.rec, in, g.n);
    for (int l = 0; l < g.n; l++)
      if (lane(in, l)) *g.touch[l] = 1;
    counts.touching += count(in);
    // events: the scalar loop's test state != state_before, rare
    const M slip = h.slipping;
    const M changed = in && (fresh || (slip && !slipping_before) || (slipping_before && !slip));
    if (any(changed))
      for (int l = 0; l < g.n; l++) {
        if (!lane(changed, l)) continue;
        const int w2 = g.j[l] < L.nlocal ? 2 : 1;
        const bool was0 = lane(fresh, l), was2 = lane(slipping_before, l), now2 = lane(slip, l);
        counts.activated += was0 ? w2 : 0;
        counts.slip_start += now2 ? w2 : 0;
        counts.slip_end += was2 ? w2 : 0;
      }

    // dem::contact_torques; the scalar loop's LoopTally::contact, lane by lane
    const V3<D> nxf = cross(c.n, F);
    const V3<D> ti = (-c.lever1) * nxf, tj = (-c.lever2) * nxf;
    double o[9][W];
    for (int l = 0; l < W; l++) {
      o[0][l] = lane(F.x, l);
      o[1][l] = lane(F.y, l);
      o[2][l] = lane(F.z, l);
      o[3][l] = lane(ti.x, l);
      o[4][l] = lane(ti.y, l);
      o[5][l] = lane(ti.z, l);
      o[6][l] = lane(tj.x, l);
      o[7][l] = lane(tj.y, l);
      o[8][l] = lane(tj.z, l);
    }
    for (int l = 0; l < g.n; l++) {
      if (!lane(in, l)) continue;
      if constexpr (FLAT) {
        double *fi = L.f + 3 * static_cast<long>(g.i[l]), *ti_ = L.torque + 3 * static_cast<long>(g.i[l]);
        fi[0] += -o[0][l];
        fi[1] += -o[1][l];
        fi[2] += -o[2][l];
        ti_[0] += o[3][l];
        ti_[1] += o[4][l];
        ti_[2] += o[5][l];
      } else {
        own->f[0] += -o[0][l];
        own->f[1] += -o[1][l];
        own->f[2] += -o[2][l];
        own->t[0] += o[3][l];
        own->t[1] += o[4][l];
        own->t[2] += o[5][l];
      }
      if (g.j[l] < L.nlocal) {
        double *fj = L.f + 3 * static_cast<long>(g.j[l]), *tj_ = L.torque + 3 * static_cast<long>(g.j[l]);
        fj[0] += o[0][l];
        fj[1] += o[1][l];
        fj[2] += o[2][l];
        tj_[0] += o[6][l];
        tj_[1] += o[7][l];
        tj_[2] += o[8][l];
      }
    }
  }

  void run()
  {
    Group g;
    if constexpr (FLAT) {
      g.n = 0;
      for (int ii = 0; ii < L.inum; ii++) {
        const int i = L.ilist[ii];
        const int *jlist = L.firstneigh[i];
        for (int jj = 0; jj < L.numneigh[i]; jj++) {
          g.i[g.n] = i;
          g.j[g.n] = jlist[jj];
          g.touch[g.n] = &L.firsttouch[i][jj];
          g.rec[g.n] = &L.firsthist[i][L.nh * jj];
          if (++g.n == W) {
            group(g, nullptr);
            g.n = 0;
          }
        }
      }
      if (g.n) {
        for (int l = g.n; l < W; l++) {
          g.i[l] = g.i[g.n - 1];
          g.j[l] = g.j[g.n - 1];
          g.touch[l] = g.touch[g.n - 1];
          g.rec[l] = g.rec[g.n - 1];
        }
        group(g, nullptr);
      }
    } else {
      for (int ii = 0; ii < L.inum; ii++) {
        const int i = L.ilist[ii];
        const int *jlist = L.firstneigh[i];
        const int jnum = L.numneigh[i];
        int *touch = L.firsttouch[i];
        double *hist_i = L.firsthist[i];
        if (ii + 1 < L.inum) {
          const char *pf = reinterpret_cast<const char *>(L.firsthist[L.ilist[ii + 1]]);
          for (int k = 0; k < (4 * L.nh * 8 + 63) / 64; k++) DEM_PREFETCH(pf + 64 * k);
        }
        Own own;
        for (int a = 0; a < 3; a++) {
          own.f[a] = L.f[3 * i + a];
          own.t[a] = L.torque[3 * i + a];
        }
        for (int jj0 = 0; jj0 < jnum; jj0 += W) {
          g.n = jnum - jj0 < W ? jnum - jj0 : W;
          for (int l = 0; l < W; l++) {
            const int jj = jj0 + (l < g.n ? l : g.n - 1);
            g.i[l] = i;
            g.j[l] = jlist[jj];
            g.touch[l] = &touch[jj];
            g.rec[l] = &hist_i[L.nh * jj];
          }
          group(g, &own);
        }
        for (int a = 0; a < 3; a++) {
          L.f[3 * i + a] = own.f[a];
          L.torque[3 * i + a] = own.t[a];
        }
      }
    }
  }
};

// Isa: a type of the calling TU's own namespace, so that each instruction set's copy of the loop
// is a distinct symbol (see README.md, "ODR")
template <class D, bool FLAT, class Isa>
void lane_loop(const proto::Loop &L, proto::Counts &counts)
{
  LaneLoop<D, FLAT, Isa>{L, counts}.run();
}

}    // namespace demx
