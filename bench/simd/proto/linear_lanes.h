// The PFC linear law's common path (dem/linear.h's linear_step<false, false> with linear_plain's
// settings: constant kn, ks, one friction coefficient, no reference gap, absolute normal force, full
// normal dashpot, no shear dashpot; no energy tracking), written once for a number type T (lanes.h).
// Every operation is the one dem/contact.h, dem/pfc.h, dem/tangential.h and dem/linear.h do, in the
// same order, so that a lane holds the scalar numbers to the last bit. The branches:
//   masked selects (both sides computed in every lane): the normal force's no-tension test, the
//     slip test, the dashpot's nratio > 0, the meff of frozen particles;
//   "any lane" branches (taken when some lane needs them, then merged under a mask): a new
//     contact's activation fraction, the exact rotation of the shear force (e >= 1e-4), the slip
//     rescale (a square root and a division);
//   returns of the scalar code (a zero shear force) as selects at the end.
// With T = double, any(m) is m, and the code is the scalar code's.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "lanes.h"

namespace demx {

template <class T> struct Contact {
  V3<T> n;
  T gap;
  V3<T> vrel;
  T lever1, lever2, meff, r1, r2;
  V3<T> d;
  T dsq;
};

// dem::ball_ball
template <class T>
DEM_INLINE Contact<T> ball_ball(const V3<T> &d, const T &r, const T &r1, const T &r2,
                                const V3<T> &v1, const V3<T> &v2, const V3<T> &w1,
                                const V3<T> &w2, const T &meff)
{
  Contact<T> c;
  c.d = d;
  c.dsq = dot(d, d);
  const T inv_r = r * (1.0 / c.dsq);
  c.n = inv_r * d;
  c.gap = r - (r1 + r2);
  c.lever1 = r1 + 0.5 * c.gap;
  c.lever2 = r2 + 0.5 * c.gap;
  c.vrel = (v2 - v1) - cross(c.lever1 * w1 + c.lever2 * w2, c.n);
  c.meff = meff;
  c.r1 = r1;
  c.r2 = r2;
  return c;
}

// dem::rotate_into_plane (the series for small turns; the exact rotation as a rare path). Its
// branches are the scalar code's returns, taken when every lane takes them, so that with T = double
// it is the scalar code (a select on the left over lanes folds away): computing the series before
// the test, as a first version did, cost the CUDA kernel 4 registers (probes/cuda_lanes.cu).
template <class T>
DEM_INLINE V3<T> rotate_into_plane(const V3<T> &fs, const V3<T> &n, const V3<T> &d, const T &dsq)
{
  const T before = dot(fs, fs);
  const mask_t<T> zero = before == 0.0;
  if (DEM_ALL(zero)) return fs;
  const T fsd = dot(fs, d);
  const T e = fsd * fsd / (before * dsq);
  const T fsn = dot(fs, n);
  const V3<T> proj = fs - fsn * n;
  const mask_t<T> small = e < 1e-4;
  auto series = [&] { return (1.0 + e * (0.5 + e * (0.375 + e * 0.3125))) * proj; };
  if (DEM_ALL(small || zero)) return select(zero, fs, series());
  const T after = dot(proj, proj);
  const mask_t<T> flat = after == 0.0;
  if (DEM_ALL(flat || small || zero)) return select(zero, fs, select(small, series(), proj));
  return select(zero, fs, select(small, series(), select(flat, proj, root(before / after) * proj)));
}

// The history of a contact in lanes (dem::ContactHistory without the energies): the state as
// masks (state 0: a new contact; 2: slipping) and the contact bond's bit as a number (0 or 4)
template <class T> struct History {
  V3<T> fs, fd;
  T fn, bond4;
  mask_t<T> fresh, slipping;
};

// ContactHistory::load from the 8 slots (s[k]: slot k of each lane), and store's values
template <class T> DEM_INLINE History<T> load_history(const T s[8])
{
  History<T> h;
  const T orient = select(s[4] < 0.0, T(-1.0), T(1.0));
  h.fs = {s[0], s[1], s[2]};
  h.fn = orient * s[3];
  // static_cast<int>(orient s4 + 0.5): state & 3 and the bond's bit 4 (state 3 does not occur)
  const T st = orient * s[4] + 0.5;
  const mask_t<T> bonded = st >= 4.0;
  h.bond4 = select(bonded, T(4.0), T(0.0));
  const T state = st - h.bond4;
  h.fresh = state < 1.0;
  h.slipping = state >= 2.0;
  h.fd = {s[5], s[6], s[7]};
  return h;
}
template <class T> DEM_INLINE void store_history(const History<T> &h, T s[8])
{
  s[0] = h.fs.x;
  s[1] = h.fs.y;
  s[2] = h.fs.z;
  s[3] = h.fn;
  s[4] = select(h.slipping, T(2.0), T(1.0)) + h.bond4;
  s[5] = h.fd.x;
  s[6] = h.fd.y;
  s[7] = h.fd.z;
}

// A pair of types' plain settings (dem::linear_plain), one value per lane
template <class T> struct PlainParams {
  T kn, ks, fric, nratio;
};

template <class T> struct Increments {
  T vn, dn;
  V3<T> vs, ds;
};

// dem::begin_step with dem::activation_fraction as the rare path
template <class T>
DEM_INLINE Increments<T> begin_step(const Contact<T> &c, const T &gs, double dt,
                                    const mask_t<T> &fresh)
{
  Increments<T> inc;
  inc.vn = dot(c.vrel, c.n);
  inc.vs = c.vrel - inc.vn * c.n;
  T alpha = 1.0;
  if (DEM_ANY(fresh)) {
    const T gs_old = gs - inc.vn * dt;
    const T fraction = select(gs_old > 0.0 && gs < 0.0, gs / (gs - gs_old), T(1.0));
    alpha = select(fresh, fraction, alpha);
  }
  inc.dn = alpha * inc.vn * dt;
  inc.ds = (alpha * dt) * inc.vs;
  return inc;
}

// dem::linear_step<false, false> on plain settings; returns the force on particle 2 and updates
// the history (the new state: h.slipping; the old one is the caller's copy)
template <class T>
DEM_INLINE V3<T> linear_plain_step(const PlainParams<T> &p, const Contact<T> &c, double dt,
                                   History<T> &h)
{
  const V3<T> fs_old = rotate_into_plane(h.fs, c.n, c.d, c.dsq);
  const T gs = c.gap;    // (g_c - g_r with g_r = 0)
  const Increments<T> inc = begin_step(c, gs, dt, h.fresh);
  // (5) normal linear force, never tensile
  h.fn = select(gs < 0.0, p.kn * gs, T(0.0));
  // (6-9) dem::spring_coulomb with fn_limit = |F_n| = -F_n (fric_dyn = fric)
  const T fn_limit = -h.fn;
  V3<T> fs = fs_old - p.ks * inc.ds;
  const T mag2 = dot(fs, fs);
  const T limit = p.fric * fn_limit;
  const mask_t<T> slip = mag2 >= limit * limit;
  const mask_t<T> over = mag2 > limit * limit;
  if (DEM_ANY(over)) fs = select(over, (limit / root(mag2)) * fs, fs);
  h.fs = fs;
  h.slipping = slip;
  h.fresh = mask_t<T>(false);    // (active now)
  // (10) the normal dashpot (dem::dashpot_force, mode 0, no shear dashpot)
  const T root_n = root(c.meff * p.kn);
  const T fnd = select(p.nratio > 0.0, 2.0 * p.nratio * root_n * inc.vn, T(0.0));
  const V3<T> fd = (-fnd) * c.n;
  // dem::end_step
  h.fd = fd;
  return (-h.fn) * c.n + h.fs + fd;
}

}    // namespace demx
