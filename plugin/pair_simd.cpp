// The CPU pair loop's SIMD path (pair_simd.h): the contacts of the neighbour list W at a time, W
// the lanes of std::experimental::simd's native pack of doubles for the instruction set this copy
// is compiled for (2 generic x86-64, 4 x86-64-v3). The reach test runs pair by pair; the pairs
// within reach are queued and, W at a time: the two atoms' velocities, spins and masses gathered
// lane by lane, their history records (8 slots each, dem/hysteretic's 7, 3 more with rolling
// resistance) transposed into a pack per slot, the contact (dem::ball_ball) and the law's common
// path (dem::linear_plain_step, hertz_plain_step, hysteretic_plain_step, dem::rolling_spring)
// computed in lanes, the records stored back, and each lane's forces and torques added to LAMMPS's
// arrays lane by lane in the scalar loop's order. Rare paths lane by lane: a contact deeper than
// the smaller radius (the pair style's deep_contact), the events.
// Built once per instruction set from a generated file that defines DEM_SIMD_ISA, the copy's
// namespace (plugin/CMakeLists.txt); alone, it is the generic copy. Everything here is inside that
// namespace or inlined (DEM_INLINE), so that no copy lends another a function compiled for its
// instruction set (tests/lammps/test_simd_symbols.py checks the objects).
// SPDX-License-Identifier: GPL-2.0-or-later
// (dem/macros.h without Kokkos: Kokkos's headers would put functions compiled for this copy's
// instruction set into the plugin's shared symbols)
#undef DEM_WITH_KOKKOS
#if !defined(DEM_SIMD_ISA)
#define DEM_SIMD_ISA dem_simd_generic
#endif
#if __has_include(<experimental/simd>)
#define DEM_LANES_STDX 1
#endif
#include "pair_simd.h"

#include <cstring>

namespace DEM_SIMD_ISA {
using namespace DEM_NS;

#if defined(DEM_LANES_STDX)
using D = dem::stdx::native_simd<double>;
using M = D::mask_type;
using V = dem::Vec3T<D>;
constexpr int W = static_cast<int>(D::size());
constexpr int NH = 8;    // the slots of a contact: ContactHistory without energies

namespace {

// the lanes' history slots as packs (s[k]: slot k of every lane), and back: with 4 lanes two
// 4-wide loads per record and 4x4 transposes by the compiler's vector shuffles; else lane by lane
#if (defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12))
#define DEM_SIMD_SHUFFLE 1
  typedef double Quad __attribute__((vector_size(32)));
  DEM_INLINE void transpose(const Quad *r, Quad *t)
  {
    const Quad lo01 = __builtin_shufflevector(r[0], r[1], 0, 4, 2, 6);
    const Quad hi01 = __builtin_shufflevector(r[0], r[1], 1, 5, 3, 7);
    const Quad lo23 = __builtin_shufflevector(r[2], r[3], 0, 4, 2, 6);
    const Quad hi23 = __builtin_shufflevector(r[2], r[3], 1, 5, 3, 7);
    t[0] = __builtin_shufflevector(lo01, lo23, 0, 1, 4, 5);
    t[1] = __builtin_shufflevector(hi01, hi23, 0, 1, 4, 5);
    t[2] = __builtin_shufflevector(lo01, lo23, 2, 3, 6, 7);
    t[3] = __builtin_shufflevector(hi01, hi23, 2, 3, 6, 7);
  }
#endif

  // where 4-wide load q of an N-slot record starts (the last one at N - 4)
  DEM_INLINE constexpr int quad_start(int N, int q)
  {
    return 4 * q < N - 4 ? 4 * q : N - 4;
  }
  // the N slots of the lanes' records as N packs: with 4 lanes, 4-wide loads of slots 0-3, 4-7, ...
  // (the last four slots for the last load, which overlaps the one before when 4 does not divide
  // N), each four transposed
  template <int N> DEM_INLINE void load_records(double *const *rec, D s[N])
  {
    static_assert(N >= 4);
#if defined(DEM_SIMD_SHUFFLE)
    if constexpr (W == 4) {
      for (int q = 0; q < (N + 3) / 4; q++) {
        const int at = quad_start(N, q);
        Quad a[4], t[4];
        for (int l = 0; l < 4; l++) std::memcpy(&a[l], rec[l] + at, 32);
        transpose(a, t);
        for (int k = 0; k < 4; k++)
          s[at + k] = D([&](auto l) {
            return t[k][static_cast<int>(l)];
          });
      }
      return;
    }
#endif
    for (int k = 0; k < N; k++)
      s[k] = D([&](auto l) {
        return rec[l][k];
      });
  }

  // the records of the first n lanes
  template <int N> DEM_INLINE void store_records(const D s[N], double *const *rec, int n)
  {
#if defined(DEM_SIMD_SHUFFLE)
    if constexpr (W == 4) {
      for (int q = 0; q < (N + 3) / 4; q++) {
        const int at = quad_start(N, q);
        Quad t[4], a[4];
        for (int k = 0; k < 4; k++)
          for (int l = 0; l < 4; l++) t[k][l] = s[at + k][l];
        transpose(t, a);
        for (int l = 0; l < n; l++) std::memcpy(rec[l] + at, &a[l], 32);
      }
      return;
    }
#endif
    double out[W][N];
    for (int k = 0; k < N; k++)
      for (int l = 0; l < W; l++) out[l][k] = s[k][l];
    for (int l = 0; l < n; l++) std::memcpy(rec[l], out[l], sizeof out[l]);
  }

  DEM_INLINE M mask_of(const bool (&b)[W])
  {
    return D([&](auto l) {
             return b[l] ? 1.0 : 0.0;
           }) != 0.0;
  }

  // one constant of the lanes' pairs of types: from one row, or from a row per lane
  template <class Params, class Get>
  DEM_INLINE D constant(const Params *const (&p)[W], bool one, Get get)
  {
    if (one) return D(get(*p[0]));
    return D([&](auto l) {
      return get(*p[l]);
    });
  }

  // The laws' common paths in lanes: the slots of a contact, the constants of the lanes' pairs of
  // types, the records in lanes and back, and the step. dem/linear and dem/hertz keep
  // ContactHistory's 8 values (PlainHistory), dem/hysteretic 7 (HystHistory, read and written
  // lane by lane with its own load and store).
  struct PlainRecords {
    static constexpr int slots = NH;
    using History = dem::PlainHistory<D>;
    DEM_INLINE static History load(const D *s) { return History::load(s); }
    DEM_INLINE static void store(const History &h, D *s) { h.store(s); }
  };
  struct LinearLanes : PlainRecords {
    using Params = dem::LinearParams;
    using Constants = dem::LinearPlainLanes<D>;
    DEM_INLINE static Constants constants(const Params *const (&p)[W], bool one)
    {
      return {constant(p, one,
                       [](const Params &q) {
                         return q.kn;
                       }),
              constant(p, one,
                       [](const Params &q) {
                         return q.ks;
                       }),
              constant(p, one,
                       [](const Params &q) {
                         return q.tan.fric;
                       }),
              constant(p, one, [](const Params &q) {
                return q.dp.nratio;
              })};
    }
    DEM_INLINE static V step(const Constants &k, const dem::ContactT<D> &c, double dt, History &h)
    {
      return dem::linear_plain_step(k, c, dt, h);
    }
  };
  template <int DAMP> struct HertzLanes : PlainRecords {
    using Params = dem::HertzParams;
    using Constants = dem::HertzPlainLanes<D>;
    DEM_INLINE static Constants constants(const Params *const (&p)[W], bool one)
    {
      return {constant(p, one,
                       [](const Params &q) {
                         return q.hn_factor;
                       }),
              constant(p, one,
                       [](const Params &q) {
                         return q.ks_factor;
                       }),
              constant(p, one,
                       [](const Params &q) {
                         return q.tan.fric;
                       }),
              constant(p, one, [](const Params &q) {
                return q.dp.nratio;
              })};
    }
    DEM_INLINE static V step(const Constants &k, const dem::ContactT<D> &c, double dt, History &h)
    {
      return dem::hertz_plain_step<DAMP>(k, c, dt, h);
    }
  };
  struct HystereticLanes {
    static constexpr int slots = 7;
    using Params = dem::HystParams;
    using Constants = dem::HystPlainLanes<D>;
    using History = dem::HystPlainHistory<D>;
    DEM_INLINE static Constants constants(const Params *const (&p)[W], bool one)
    {
      // (K_nu as dem::hysteretic_stiffness computes it)
      return {constant(p, one,
                       [](const Params &q) {
                         return q.kn;
                       }),
              constant(p, one,
                       [](const Params &q) {
                         return q.ku > 0.0 ? q.ku : q.kn / (q.e * q.e);
                       }),
              constant(p, one,
                       [](const Params &q) {
                         return q.lambda;
                       }),
              constant(p, one,
                       [](const Params &q) {
                         return q.damp;
                       }),
              constant(p, one,
                       [](const Params &q) {
                         return q.kt_ratio;
                       }),
              constant(p, one, [](const Params &q) {
                return q.tan.fric;
              })};
    }
    // dem::HystHistory's 7 values (load and store without energies) in lanes: the state slot holds
    // state + 4 flags (a small whole number; no conversion is pending after the setup pass), times
    // the record's orientation
    DEM_INLINE static History load(const D *s)
    {
      const D orient = dem::select(s[4] < 0.0, D(-1.0), D(1.0));
      const D code = orient * s[4];    // state + 4 UNLOADED + 8 SECONDARY
      History h;
      h.fs = {s[0], s[1], s[2]};
      h.fn = orient * s[3];
      h.secondary = code > 7.5;
      const D rest = code - dem::select(h.secondary, D(8.0), D(0.0));
      h.unloaded = rest > 3.5;
      const D state = rest - dem::select(h.unloaded, D(4.0), D(0.0));
      h.fresh = state < 0.5;
      h.slipping = state > 1.5;
      h.fd_n = orient * s[5];
      h.delta_old = orient * s[6];
      return h;
    }
    DEM_INLINE static void store(const History &h, D *s)
    {
      static_assert(dem::HystHistory::UNLOADED == 1 && dem::HystHistory::SECONDARY == 2);
      s[0] = h.fs.x;
      s[1] = h.fs.y;
      s[2] = h.fs.z;
      s[3] = h.fn;
      s[4] = dem::select(h.slipping, D(2.0), D(1.0)) + dem::select(h.unloaded, D(4.0), D(0.0)) +
          dem::select(h.secondary, D(8.0), D(0.0));
      s[5] = h.fd_n;
      s[6] = h.delta_old;
    }
    DEM_INLINE static V step(const Constants &k, const dem::ContactT<D> &c, double dt, History &h)
    {
      return dem::hysteretic_plain_step(k, c, dt, h);
    }
  };

  // One pass of a law's loop over the neighbour list. The reach test runs pair by pair, as
  // in the scalar loop (a contact that opened has its flag and record cleared there); the pairs
  // within reach are queued, across atoms, and computed W at a time, so that every lane has a
  // contact in dense packings and dilute flows alike. The queue keeps the list's order, and each
  // lane's forces and torques are added in that order, atom i's first: every force and torque gets
  // the scalar loop's additions in the scalar loop's order.
  template <class Law, bool ROLL = false> struct LaneLoop {
    using Params = typename Law::Params;
    static constexpr int NS = Law::slots + (ROLL ? 3 : 0);    // the slots of a contact
    const SimdPass &P;
    SimdEvents &events;

    // lane l: the pair of atoms i[l], j[l], its record, and what the reach test computed: d = x_j -
    // x_i, |d|^2 and the radii (lanes past n repeat lane n - 1)
    struct Group {
      int n = 0;
      int i[W], j[W];
      double *rec[W];
      alignas(64) double d[3][W], rsq[W], ri[W], rj[W];
    } g;
    // the force and torque of the atom i of the last lane added, kept here until the lanes move on
    // to another atom i (its additions stay in order: no lane's j is that lane's i)
    struct Own {
      long i = -1;
      double f[3], t[3];
    } own;

    DEM_INLINE void own_atom(long i)
    {
      if (i == own.i) return;
      flush_own();
      own.i = i;
      for (int a = 0; a < 3; a++) {
        own.f[a] = P.f[3 * i + a];
        own.t[a] = P.torque[3 * i + a];
      }
    }
    DEM_INLINE void flush_own()
    {
      if (own.i < 0) return;
      for (int a = 0; a < 3; a++) {
        P.f[3 * own.i + a] = own.f[a];
        P.torque[3 * own.i + a] = own.t[a];
      }
    }

    // the atoms' masses (LoopAtoms' EffectiveMassRule::mass: a rigid body's where there is one)
    DEM_INLINE D masses(const int *k) const
    {
      if (!P.body_mass) return gather(P.rmass, k);
      return D([&](auto l) {
        return P.body_mass[k[l]] > 0.0 ? P.body_mass[k[l]] : P.rmass[k[l]];
      });
    }
    DEM_INLINE D gather(const double *a, const int *k) const
    {
      return D([&](auto l) {
        return a[k[l]];
      });
    }
    DEM_INLINE V gather3(const double *a, const int *k) const
    {
      return {D([&](auto l) {
                return a[3 * static_cast<long>(k[l])];
              }),
              D([&](auto l) {
                return a[3 * static_cast<long>(k[l]) + 1];
              }),
              D([&](auto l) {
                return a[3 * static_cast<long>(k[l]) + 2];
              })};
    }
    // atom i's values: one atom's broadcast where every lane has the same atom i (the lanes keep the
    // list's order, so the first and last lane tell), else gathered
    DEM_INLINE V own3(const double *a) const
    {
      if (g.i[0] == g.i[W - 1]) {
        const double *r = a + 3 * static_cast<long>(g.i[0]);
        return {D(r[0]), D(r[1]), D(r[2])};
      }
      return gather3(a, g.i);
    }
    DEM_INLINE M frozen(const int *k) const
    {
      if (!P.freeze_bit) return M(false);
      bool b[W];
      for (int l = 0; l < W; l++) b[l] = P.mask[k[l]] & P.freeze_bit;
      return mask_of(b);
    }

    // the W queued contacts (all within reach)
    DEM_INLINE void group()
    {
      for (int l = g.n; l < W; l++) {
        const int last = g.n - 1;
        g.i[l] = g.i[last];
        g.j[l] = g.j[last];
        g.rec[l] = g.rec[last];
        for (int a = 0; a < 3; a++) g.d[a][l] = g.d[a][last];
        g.rsq[l] = g.rsq[last];
        g.ri[l] = g.ri[last];
        g.rj[l] = g.rj[last];
      }
      const auto aligned = dem::stdx::vector_aligned;
      const V d{D(g.d[0], aligned), D(g.d[1], aligned), D(g.d[2], aligned)};
      const D rsq(g.rsq, aligned), ri(g.ri, aligned), rj(g.rj, aligned);

      // the contact (pair_step.h's pair_contact, with LoopAtoms' meff)
      const D mi = masses(g.i), mj = masses(g.j);
      const D meff = dem::effective_mass(mi, mj, frozen(g.i), frozen(g.j), P.arithmetic);
      const V wi = own3(P.omega), wj = gather3(P.omega, g.j);
      const dem::ContactT<D> c =
          dem::ball_ball(d, dem::root(rsq), ri, rj, own3(P.v), gather3(P.v, g.j), wi, wj, meff);
      const M deep = c.gap < -dem::select(ri < rj, ri, rj);
      if (dem::stdx::any_of(deep))
        for (int l = 0; l < g.n; l++)
          if (deep[l]) P.deep(P.pair, g.i[l], g.j[l], c.gap[l], rsq[l]);

      // the pairs of types' settings: one row for all lanes (the usual case), else one per lane
      const Params *p[W];
      bool one = true;
      for (int l = 0; l < W; l++) {
        p[l] = static_cast<const Params *>(P.params[P.type[g.i[l]]]) + P.type[g.j[l]];
        one = one && p[l] == p[0];
      }
      const auto pp = Law::constants(p, one);

      D s[NS];    // the lanes' records
      load_records<NS>(g.rec, s);
      typename Law::History h = Law::load(s);
      const M fresh = h.fresh, slipping_before = h.slipping;
      const V F = Law::step(pp, c, P.dt, h);
      Law::store(h, s);
      V moment;    // the rolling moment on j
      if constexpr (ROLL) moment = rolling(p, one, c, h.fn, pp.ks, wj - wi, s + Law::slots);
      store_records<NS>(s, g.rec, g.n);

      // the events: the state changed (0 new, 1 active, 2 slipping), rare
      const M changed = fresh || (h.slipping != slipping_before);
      if (dem::stdx::any_of(changed))
        for (int l = 0; l < g.n; l++) {
          if (!changed[l]) continue;
          const long w2 = P.newton || g.j[l] < P.nlocal ? 2 : 1;
          events.activated += fresh[l] ? w2 : 0;
          events.slip_start += h.slipping[l] ? w2 : 0;
          events.slip_end += slipping_before[l] ? w2 : 0;
        }

      // dem::contact_torques; the forces and torques lane by lane (LoopTally::contact: the rolling
      // moment first)
      V ti, tj;
      dem::contact_torques(c, F, ti, tj);
      constexpr int NO = ROLL ? 12 : 9;
      double out[NO][W];
      const D *parts[12] = {&F.x,  &F.y,  &F.z,  &ti.x,     &ti.y,     &ti.z,
                            &tj.x, &tj.y, &tj.z, &moment.x, &moment.y, &moment.z};
      for (int k = 0; k < NO; k++) parts[k]->copy_to(out[k], dem::stdx::element_aligned);
      for (int l = 0; l < g.n; l++) {
        const long j = g.j[l];
        own_atom(g.i[l]);
        for (int a = 0; a < 3; a++) {
          if constexpr (ROLL) own.t[a] += -out[9 + a][l];
          own.f[a] += -out[a][l];
          own.t[a] += out[3 + a][l];
        }
        if (P.newton || j < P.nlocal) {
          double *fj = P.f + 3 * j, *qj = P.torque + 3 * j;
          for (int a = 0; a < 3; a++) {
            // (one load and store of qj[a]: storing between the two additions stalled the loads)
            double q = qj[a];
            if constexpr (ROLL) q += out[9 + a][l];
            fj[a] += out[a][l];
            qj[a] = q + out[6 + a][l];
          }
        }
      }
      g.n = 0;
    }

    // The rolling spring (dem::rolling_contact's inputs, dem::rolling_spring): fn the law's normal
    // force, ks its shear stiffness, wrel = w_j - w_i; its moment in the 3 slots m after the law's
    DEM_INLINE V rolling(const Params *const (&p)[W], bool one, const dem::ContactT<D> &c,
                         const D &fn, const D &ks, const V &wrel, D *m) const
    {
      const D rbar = c.r1 * c.r2 / (c.r1 + c.r2);    // (dem::effective_radius)
      const D mu = constant(p, one, [](const Params &q) {
        return q.roll.mu;
      });
      const V wb = wrel - dot(wrel, c.n) * c.n;
      const auto r = dem::rolling_spring(ks * rbar * rbar, mu * rbar * (-fn), wb, c.n, P.dt,
                                         V{m[0], m[1], m[2]});
      m[0] = r.m.x;
      m[1] = r.m.y;
      m[2] = r.m.z;
      return V{D(0.0), D(0.0), D(0.0)} + r.m;    // (as the scalar loop sums it, signed zeros too)
    }

    void run()
    {
      for (int ii = 0; ii < P.inum; ii++) {
        const int i = P.ilist[ii];
        const int *jlist = P.firstneigh[i];
        const int jnum = P.numneigh[i];
        int *touch = P.firsttouch[i];
        double *hist = P.firsthist[i];
        if (ii + 1 < P.inum) {    // (as the scalar loop: the next atom's first 4 records)
          const char *next = reinterpret_cast<const char *>(P.firsthist[P.ilist[ii + 1]]);
          for (int k = 0; k < (4 * NS * 8 + 63) / 64; k++) DEM_PREFETCH(next + 64 * k);
        }
        const double *xi = P.x + 3 * static_cast<long>(i);
        const double ri = P.radius[i];
        for (int jj = 0; jj < jnum; jj++) {
          const int j = jlist[jj] & P.neighmask;
          const double *xj = P.x + 3 * static_cast<long>(j);
          const dem::Vec3 d{xj[0] - xi[0], xj[1] - xi[1], xj[2] - xi[2]};
          const double rj = P.radius[j];
          const double rsq = dot(d, d), reach = ri + rj;
          if (rsq > reach * reach || reach <= 0.0) {    // (pair_step: a contact that opened)
            if (touch[jj]) {
              touch[jj] = 0;
              std::memset(&hist[NS * jj], 0, NS * sizeof(double));
            }
            continue;
          }
          touch[jj] = 1;
          events.touching++;
          const int l = g.n;
          g.i[l] = i;
          g.j[l] = j;
          g.rec[l] = &hist[NS * jj];
          g.d[0][l] = d.x;
          g.d[1][l] = d.y;
          g.d[2][l] = d.z;
          g.rsq[l] = rsq;
          g.ri[l] = ri;
          g.rj[l] = rj;
          if (++g.n == W) group();
        }
      }
      if (g.n) group();
      flush_own();
    }
  };

}    // namespace

void linear_loop(const SimdPass &pass, SimdEvents &events)
{
  if (pass.rolling)
    LaneLoop<LinearLanes, true>{pass, events}.run();
  else
    LaneLoop<LinearLanes>{pass, events}.run();
}
void hysteretic_loop(const SimdPass &pass, SimdEvents &events)
{
  LaneLoop<HystereticLanes>{pass, events}.run();
}
void hertz_loop(const SimdPass &pass, SimdEvents &events)
{
  switch (pass.hertz_damp) {
    case 0:
      LaneLoop<HertzLanes<0>>{pass, events}.run();
      break;
    case 1:
      LaneLoop<HertzLanes<1>>{pass, events}.run();
      break;
    case 2:
      LaneLoop<HertzLanes<2>>{pass, events}.run();
      break;
    case 4:
      LaneLoop<HertzLanes<4>>{pass, events}.run();
      break;
    default:
      break;
  }
}
int lanes()
{
  return W;
}
#else
// (no std::experimental::simd in this compiler's library: no SIMD path, lanes() 0)
void linear_loop(const SimdPass &, SimdEvents &) {}
void hertz_loop(const SimdPass &, SimdEvents &) {}
void hysteretic_loop(const SimdPass &, SimdEvents &) {}
int lanes()
{
  return 0;
}
#endif

}    // namespace DEM_SIMD_ISA
