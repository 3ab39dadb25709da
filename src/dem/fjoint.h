// PFC's flat joint (Itasca PFC 7, "Flat-Joint Model", flatjoint; Potyondy, "A flat-jointed
// bonded-particle material for hard rock", ARMA 12-501 (2012)): a bonded contact becomes a flat
// interface between two notional surfaces, a disk of radius Rbar = lambda min(R1, R2) on the
// contact plane (2d: a segment of length 2 Rbar, unit thickness) divided into elements: N_r rings
// of equal width, each of N_alpha equal sectors (2d: N_r equal segments). Each element is bonded
// or not; the law's own contact does not act while the joint does.
//   Stiffnesses per area: kn, ks given, or kn = E / (R1 + R2), ks = kn / kappa (fj_emod,
//   fj_kratio).
//   The gap over the interface: g(x) = g_s + (n x theta_b) . x, with g_s = g_c - g_0 (g_0: the
//   contact gap at installation if it was open, else 0) and theta_b the accumulated relative bend
//   rotation; the normal stress sigma(x) = kn g(x) (tension > 0) acts on all of a bonded element
//   and on the part of an unbonded one where g < 0 (exact integrals over the element or its closed
//   part: annular sectors cut by the line g = 0).
//   Each element's shear force F_s^e -= ks A^e dd_s^e, with dd_s^e the relative shear displacement
//   at its centroid x^e (the twist rotation enters as dtheta_t n x x^e).
//   A bonded element breaks in tension if sigma^e = F_n^e / A^e > sigma_c, else in shear if
//   tau^e = |F_s^e| / A^e > c - sigma^e tan(phi) (stresses at its centroid); its shear force then
//   drops to 0 (PFC's fj_resmode 0) and it is unbonded from then on. An unbonded element's shear
//   force is limited to mu |F_n^e| (slip).
//   The interface's force and moment on particle 2: -F_n n + sum F_s^e and the moments of the
//   normal stresses and of the element shear forces about the interface's centre.
//   Strain energy: sum over elements of kn/2 int sigma^2/kn^2 dA + |F_s^e|^2 / (2 ks A^e).
// The joint ends (activity: PFC's deletion of an unbonded, open contact) once no element is bonded
// and the interface is open everywhere (g > 0; by more than fj_gapo, a gapped joint's opening).
// Potyondy's microstructures: a joint is installed bonded, slit (every element unbonded) or gapped
// (every element unbonded, g_0 less fj_gapo: the interface starts open by fj_gapo).
// History (dem::HIST_FJOINT): the interface frame's first axis s (3), theta_b along s and t, g_0,
// the elements' states (2 bits each), the joint's drawn strengths (2), and each element's shear
// force along s and t. Every value is seen from the particle of the smaller ID (the pair's order
// on any rank), read and stored times the record's orientation. The choices where the sources
// leave one are listed in doc/flat_joints.rst.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "contact.h"
#include "draw.h"

#include <cmath>

namespace dem {

// The rotation about its rim up to which a bent joint whose closed side holds (bonded elements in
// compression) stays in the neighbour lists (BondsPart::bonded_reach): its centre's gap grows by
// FJ_HINGE Rbar, beyond the stretch at which an element breaks in tension
constexpr double FJ_HINGE = 0.25;
constexpr int FJ_MAX_ELEMENTS = 16;
constexpr int FJ_SLOTS = 9 + 2 * FJ_MAX_ELEMENTS;    // (FjValues, then the elements' shear forces)

// an element's bond state (fj_state)
enum FjState { FJ_UNBONDED = 0, FJ_BONDED = 1, FJ_BROKE_TENSION = 2, FJ_BROKE_SHEAR = 3 };
// a joint's microstructure at installation (PFC's fj_mtype)
enum FjType { FJ_TYPE_BONDED, FJ_TYPE_SLIT, FJ_TYPE_GAPPED };

struct FlatJoint {
  bool on = false;                    // the pair of types takes flat joints
  bool dim2 = false;                  // 2d: a segment of unit thickness, no twist
  int nr = 1;                         // fj_nr: rings (2d: elements)
  int na = 3;                         // fj_nal: sectors per ring (3d)
  double rmul = 1.0;                  // fj_rmul: Rbar = rmul min(R1, R2)
  double kn = 0.0, ks = 0.0;          // fj_kn, fj_ks [stress/length] (unless emod)
  double emod = 0.0, kratio = 0.0;    // fj_emod, fj_kratio: kn = emod / (R1 + R2), ks = kn / kratio
  double ten = 0.0;                   // fj_ten: sigma_c [stress]
  double coh = 0.0;                   // fj_coh: c [stress]
  double tan_fa = 0.0;                // tan(fj_fa)
  double fric = 0.0;                  // fj_fric: mu of the unbonded elements
  // each joint's sigma_c and c drawn (draw.h, streams 2 and 3) from a normal distribution of mean
  // fj_ten, fj_coh and standard deviation fj_ten_sd, fj_coh_sd, or a Weibull distribution of
  // scale fj_ten, fj_coh and shape fj_ten_shape, fj_coh_shape, with seed fj_seed, when it is
  // installed, and kept
  Spread ten_spread, coh_spread;
  bool drawn = false;
  std::uint64_t seed = 0;
  // the joints' microstructure (Potyondy's flat-jointed material): a joint is installed slit (no
  // element bonded) with probability fj_slit, gapped (no element bonded, the interface open by
  // fj_gapo) with probability fj_gapped, else bonded; drawn per joint (fj_type)
  double slit = 0.0, gapped = 0.0, gapo = 0.0;
  // 2 sigma_c / kn (per R1 + R2 with emod), with the largest sigma_c a draw gives: a pull that far
  // breaks every element
  double reach = 0.0;
  double da = 0.0, cos_da = 1.0, sin_da = 0.0;    // a sector's angle 2 pi / fj_nal (3d)
  DEM_INLINE int elements() const { return dim2 ? nr : nr * na; }
};

// The area, first and second moments of a region of the interface plane about its centre, in the
// interface's axes (s, t)
struct AreaMoments {
  double a = 0.0, s = 0.0, t = 0.0, ss = 0.0, st = 0.0, tt = 0.0;
  DEM_INLINE void add(const AreaMoments &m, double sign)
  {
    a += sign * m.a;
    s += sign * m.s;
    t += sign * m.t;
    ss += sign * m.ss;
    st += sign * m.st;
    tt += sign * m.tt;
  }
};

// The moments of the region between the centre and a boundary r(phi), integrated over phi in
// axes (u, w) with phi measured from u: the antiderivatives for a circle of radius r ...
DEM_INLINE AreaMoments arc_primitive(double r, double phi)
{
  const double r2 = r * r, r3 = r2 * r, r4 = r2 * r2, c = std::cos(phi), s = std::sin(phi);
  AreaMoments m;
  m.a = 0.5 * r2 * phi;
  m.s = r3 / 3.0 * s;
  m.t = -r3 / 3.0 * c;
  m.ss = 0.25 * r4 * (0.5 * phi + 0.5 * s * c);
  m.st = 0.125 * r4 * s * s;
  m.tt = 0.25 * r4 * (0.5 * phi - 0.5 * s * c);
  return m;
}
// ... and for the line u = d (r = d / cos(phi), |phi| < pi/2 or beyond it, never across)
DEM_INLINE AreaMoments line_primitive(double d, double phi)
{
  const double c = std::cos(phi), tn = std::tan(phi), d2 = d * d, d3 = d2 * d, d4 = d2 * d2;
  AreaMoments m;
  m.a = 0.5 * d2 * tn;
  m.s = d3 / 3.0 * tn;
  m.t = d3 / (6.0 * c * c);
  m.ss = 0.25 * d4 * tn;
  m.st = d4 / (8.0 * c * c);
  m.tt = d4 / 12.0 * tn * tn * tn;
  return m;
}

// the moments in axes (u, w) turned by psi from (s, t), in (s, t)
DEM_INLINE AreaMoments turned(const AreaMoments &m, double psi)
{
  const double c = std::cos(psi), s = std::sin(psi);
  AreaMoments r;
  r.a = m.a;
  r.s = c * m.s - s * m.t;
  r.t = s * m.s + c * m.t;
  r.ss = c * c * m.ss - 2.0 * c * s * m.st + s * s * m.tt;
  r.tt = s * s * m.ss + 2.0 * c * s * m.st + c * c * m.tt;
  r.st = c * s * (m.ss - m.tt) + (c * c - s * s) * m.st;
  return r;
}

// A ring ri <= r <= ro (2d: the segment ri <= x_s <= ro) and the radial integrals of r, r^2, r^3
// over it, the factors of its sectors' moments
struct FjRing {
  double ri, ro, k2, k3, k4;
};
DEM_INLINE FjRing ring_of(double ri, double ro)
{
  return {ri, ro, 0.5 * (ro * ro - ri * ri), (ro * ro * ro - ri * ri * ri) / 3.0,
          0.25 * (ro * ro * ro * ro - ri * ri * ri * ri)};
}
// The moments of the sector of ring q spanning angle da = a2 - a1 (alpha from s towards t), from
// the cosines and sines of a1 and a2
DEM_INLINE AreaMoments ring_sector(const FjRing &q, double da, double c1, double s1, double c2,
                                   double s2)
{
  const double sc = 0.5 * (s2 * c2 - s1 * c1);
  AreaMoments m;
  m.a = q.k2 * da;
  m.s = q.k3 * (s2 - s1);
  m.t = q.k3 * (c1 - c2);
  m.ss = q.k4 * (0.5 * da + sc);
  m.st = 0.5 * q.k4 * (s2 * s2 - s1 * s1);
  m.tt = q.k4 * (0.5 * da - sc);
  return m;
}
// The moments of the annular sector ri <= r <= ro, a1 <= alpha <= a2
DEM_INLINE AreaMoments sector_moments(double ri, double ro, double a1, double a2)
{
  return ring_sector(ring_of(ri, ro), a2 - a1, std::cos(a1), std::sin(a1), std::cos(a2),
                     std::sin(a2));
}

// The k-th (0-5) of the angles in [-pi, pi) where the closed part of a ray changes ends, in
// increasing order (NaN where absent): +-pi/2 and +-phi_i, +-phi_o (where the line u = d meets the
// inner and the outer arc; -1: it does not). (A switch, not a table: a GPU keeps tables on its
// stack.)
DEM_INLINE double fj_breakpoint(int k, double d, double phi_i, double phi_o)
{
  const double half = 0.5 * 3.14159265358979323846, none = std::nan("");
  const double i = phi_i >= 0.0 ? phi_i : none, o = phi_o >= 0.0 ? phi_o : none;
  if (d > 0.0) {    // phi_i < phi_o < pi/2: -pi/2 < -phi_o < -phi_i < phi_i < phi_o < pi/2
    switch (k) {
      case 0:
        return -half;
      case 1:
        return -o;
      case 2:
        return -i;
      case 3:
        return i;
      case 4:
        return o;
      default:
        return half;
    }
  }
  switch (k) {    // pi/2 <= phi_o <= phi_i <= pi: -phi_i, -phi_o, -pi/2, pi/2, phi_o, phi_i
    case 0:
      return -i;
    case 1:
      return -o;
    case 2:
      return -half;
    case 3:
      return half;
    case 4:
      return o;
    default:
      return i;
  }
}
// The moments of the closed part of the rays phi in [pa, pb] (one piece: the same ends all along)
DEM_INLINE void add_closed_piece(AreaMoments &m, double ri, double ro, double d, double pa,
                                 double pb)
{
  if (!(pb > pa)) return;
  const double cm = std::cos(0.5 * (pa + pb));
  if (cm == 0.0) return;
  // the closed interval of the ray: [lo, hi], each an arc (radius) or the line
  const double line = d / cm;
  bool lo_line = false, hi_line = false;
  if (cm > 0.0) {    // closed for r < line
    if (line <= ri) return;
    hi_line = line < ro;
  } else if (d < 0.0) {    // closed for r > line (> 0)
    if (line >= ro) return;
    lo_line = line > ri;
  }
  if (hi_line) {
    m.add(line_primitive(d, pb), 1.0);
    m.add(line_primitive(d, pa), -1.0);
  } else {
    m.add(arc_primitive(ro, pb), 1.0);
    m.add(arc_primitive(ro, pa), -1.0);
  }
  if (lo_line) {
    m.add(line_primitive(d, pb), -1.0);
    m.add(line_primitive(d, pa), 1.0);
  } else {
    m.add(arc_primitive(ri, pb), -1.0);
    m.add(arc_primitive(ri, pa), 1.0);
  }
}

// The moments of the part of that sector where g = g0 + bs x_s + bt x_t < 0 (exact: along each ray
// the closed part is an interval bounded by the arcs or the line g = 0; the angle range is split
// where that changes)
DEM_INLINE AreaMoments closed_sector_moments(double ri, double ro, double a1, double a2, double g0,
                                             double bs, double bt)
{
  const double b = std::sqrt(bs * bs + bt * bt);
  if (!(b * ro > 1e-12 * std::fabs(g0)))    // (a uniform gap over the element)
    return g0 < 0.0 ? sector_moments(ri, ro, a1, a2) : AreaMoments{};
  if (g0 + b * ro <= 0.0) return sector_moments(ri, ro, a1, a2);    // closed everywhere
  if (g0 - b * ro >= 0.0) return AreaMoments{};                     // open everywhere
  // in axes (u, w) along the gap's gradient: closed where u < d. Along each ray phi the closed part
  // is an interval whose ends are the arcs or the line u = d (r = d / cos(phi)); which, changes
  // where cos(phi) = 0 and where the line meets an arc (cos(phi) = d / r). In [-pi, pi) those
  // angles come in an order fixed by the sign of d (fj_breakpoint), so the element's angles are
  // split by running through them period by period: no sorting, no arrays (a GPU would keep them
  // on its stack)
  const double psi = std::atan2(bt, bs), d = -g0 / b;
  const double p1 = a1 - psi, p2 = a2 - psi;    // in (-pi, 3 pi), p2 - p1 <= 2 pi
  const double phi_i = ri > 0.0 && std::fabs(d) <= ri ? std::acos(d / ri) : -1.0,
               phi_o = std::fabs(d) <= ro ? std::acos(d / ro) : -1.0;
  AreaMoments m;
  double from = p1;
  for (int turn = 0; turn <= 2; turn++)
    for (int k = 0; k < 6; k++) {
      const double p = fj_breakpoint(k, d, phi_i, phi_o) + 2.0 * 3.14159265358979323846 * turn;
      if (!(p > from && p < p2)) continue;    // (an absent angle is NaN)
      add_closed_piece(m, ri, ro, d, from, p);
      from = p;
    }
  add_closed_piece(m, ri, ro, d, from, p2);
  return turned(m, psi);
}

// 2d: the segment xa <= x_s <= xb (unit thickness), whole or where g0 + bs x_s < 0
DEM_INLINE AreaMoments segment_moments(double xa, double xb)
{
  AreaMoments m;
  m.a = xb - xa;
  m.s = 0.5 * (xb * xb - xa * xa);
  m.ss = (xb * xb * xb - xa * xa * xa) / 3.0;
  return m;
}
DEM_INLINE AreaMoments closed_segment_moments(double xa, double xb, double g0, double bs)
{
  if (bs == 0.0) return g0 < 0.0 ? segment_moments(xa, xb) : AreaMoments{};
  const double x0 = -g0 / bs;    // g = 0
  double lo = xa, hi = xb;
  if (bs > 0.0)
    hi = x0 < xb ? x0 : xb;
  else
    lo = x0 > xa ? x0 : xa;
  return hi > lo ? segment_moments(lo, hi) : AreaMoments{};
}

// A contact's interface: its radius, stiffnesses per area and element layout
struct FjGeometry {
  double rbar, kn, ks;
  int nr, na, count;
  bool dim2;
};
DEM_INLINE FjGeometry fj_geometry(const FlatJoint &j, double r1, double r2)
{
  FjGeometry g{
      j.rmul * (r1 < r2 ? r1 : r2), j.kn, j.ks, j.nr, j.dim2 ? 1 : j.na, j.elements(), j.dim2};
  if (j.emod > 0.0) {
    g.kn = j.emod / bond_length(r1, r2);
    g.ks = j.kratio > 0.0 ? g.kn / j.kratio : 0.0;
  }
  return g;
}
// the interface's area (2d: its length 2 Rbar times unit thickness)
DEM_INLINE double fj_area(const FjGeometry &g)
{
  return g.dim2 ? 2.0 * g.rbar : 3.14159265358979323846 * g.rbar * g.rbar;
}
// ring q of a contact's interface (2d: segment q)
DEM_INLINE FjRing fj_ring(const FjGeometry &g, int q)
{
  const double w = g.rbar / g.nr;
  if (g.dim2) return ring_of(-g.rbar + 2.0 * w * q, -g.rbar + 2.0 * w * (q + 1));
  return ring_of(w * q, w * (q + 1));
}
// element e's region: whole, or its part where g0 + bs x_s + bt x_t < 0 (closed_only)
DEM_INLINE AreaMoments element_moments(const FjGeometry &g, int e, bool closed_only, double g0,
                                       double bs, double bt)
{
  const FjRing q = fj_ring(g, e / g.na);
  if (g.dim2)
    return closed_only ? closed_segment_moments(q.ri, q.ro, g0, bs) : segment_moments(q.ri, q.ro);
  const double da = 2.0 * 3.14159265358979323846 / g.na, a1 = da * (e % g.na), a2 = a1 + da;
  return closed_only ? closed_sector_moments(q.ri, q.ro, a1, a2, g0, bs, bt)
                     : sector_moments(q.ri, q.ro, a1, a2);
}
// A whole element's area and moments: a sector of ring q spanning angle da from the cosines and
// sines of its angles a1 and a2 = a1 + da (flat_joint_step turns them from sector to sector: no
// trigonometry per contact), or a segment
DEM_INLINE AreaMoments whole_element(const FjGeometry &g, const FjRing &q, double da, double c1,
                                     double s1, double c2, double s2)
{
  return g.dim2 ? segment_moments(q.ri, q.ro) : ring_sector(q, da, c1, s1, c2, s2);
}

// The stored values of a joint's interface (HIST_FJOINT's first 9 slots), seen from the particle of
// the smaller ID; each element's shear force along s and t follows in slots 9 + 2e, 10 + 2e
struct FjValues {
  Vec3 s{0.0, 0.0, 0.0};                  // the interface's first axis (0: not installed yet)
  double theta_s = 0.0, theta_t = 0.0;    // theta_b along s and t
  double gap0 = 0.0;                      // g_0
  std::uint64_t states = 0;               // 2 bits per element (FjState), element e at bit 2e
  double ten = 0.0, coh = 0.0;            // sigma_c and c as drawn (with drawn strengths)

  DEM_INLINE int state(int e) const { return static_cast<int>((states >> (2 * e)) & 3u); }
  DEM_INLINE void set_state(int e, int st)
  {
    states = (states & ~(std::uint64_t{3} << (2 * e))) | (std::uint64_t(st) << (2 * e));
  }
  DEM_INLINE bool installed() const { return s.x != 0.0 || s.y != 0.0 || s.z != 0.0; }

  template <class Slots> DEM_INLINE static FjValues load(Slots h, double orient)
  {
    FjValues v;
    v.s = {orient * h[0], orient * h[1], orient * h[2]};
    v.theta_s = orient * h[3];
    v.theta_t = orient * h[4];
    v.gap0 = orient * h[5];
    v.states = static_cast<std::uint64_t>(orient * h[6]);    // (a whole number below 2^32)
    v.ten = orient * h[7];
    v.coh = orient * h[8];
    return v;
  }
  template <class Slots> DEM_INLINE void store(Slots h, double orient) const
  {
    h[0] = orient * s.x;
    h[1] = orient * s.y;
    h[2] = orient * s.z;
    h[3] = orient * theta_s;
    h[4] = orient * theta_t;
    h[5] = orient * gap0;
    h[6] = orient * static_cast<double>(states);
    h[7] = orient * ten;
    h[8] = orient * coh;
  }
};

// What the joint applies and what its step did (on particle 2 of the step's contact)
struct FjOutcome {
  Vec3 force{0.0, 0.0, 0.0}, moment{0.0, 0.0, 0.0};
  double strain = 0.0, d_slip = 0.0, released = 0.0;
  int broke_tension = 0, broke_shear = 0;    // elements broken this step
  bool ended = false;                        // no element bonded and the interface open
  double kn = 0.0;    // the interface's normal stiffness k_n A [force/length] (a servo's gain)
};

// the interface's first axis for normal n: along the coordinate axis least aligned with n (2d: in
// the plane, n x z)
DEM_INLINE Vec3 fj_first_axis(Vec3 n, bool dim2)
{
  if (dim2) return (1.0 / std::sqrt(n.x * n.x + n.y * n.y)) * Vec3{n.y, -n.x, 0.0};
  const double ax = std::fabs(n.x), ay = std::fabs(n.y), az = std::fabs(n.z);
  Vec3 e{0.0, 0.0, 0.0};
  if (ax <= ay && ax <= az)
    e.x = 1.0;
  else if (ay <= az)
    e.y = 1.0;
  else
    e.z = 1.0;
  const Vec3 s = e - dot(e, n) * n;
  return (1.0 / norm(s)) * s;
}

// An element's normal force (tension > 0), its closed (or bonded) region's moments, strain energy
struct FjElementLoad {
  AreaMoments m;
  double fn, energy;
};
DEM_INLINE FjElementLoad element_load(const FjGeometry &g, const AreaMoments &m, double gs,
                                      double bs, double bt)
{
  FjElementLoad l;
  l.m = m;
  l.fn = g.kn * (gs * l.m.a + bs * l.m.s + bt * l.m.t);
  const double g2 = gs * gs * l.m.a + 2.0 * gs * (bs * l.m.s + bt * l.m.t) + bs * bs * l.m.ss +
      2.0 * bs * bt * l.m.st + bt * bt * l.m.tt;
  l.energy = 0.5 * g.kn * g2;
  return l;
}

// The microstructure of the joint of atoms id1, id2 (draw.h, stream 4: the same on any rank)
DEM_INLINE int fj_type(const FlatJoint &j, long long id1, long long id2)
{
  if (!(j.slit > 0.0) && !(j.gapped > 0.0)) return FJ_TYPE_BONDED;
  const double u = pair_uniform(id1, id2, j.seed, 4, 0);
  return u < j.slit ? FJ_TYPE_SLIT : u < j.slit + j.gapped ? FJ_TYPE_GAPPED : FJ_TYPE_BONDED;
}

// The joint of contact c between the atoms of IDs id1, id2 in slots h (read and stored times
// orient), advanced by a step of relative spin wrel = w2 - w1 and mean spin wmean if STEP (and
// stored); otherwise the stored state acts; its strain energy with STRAIN. A joint not installed
// yet is installed.
template <bool STEP, bool STRAIN, class Slots>
DEM_OUTLINE FjOutcome flat_joint_step(const FlatJoint &j, const Contact &c, long long id1,
                                      long long id2, Vec3 wrel, Vec3 wmean, double dt, Slots h,
                                      double orient)
{
  const double o = id1 < id2 ? 1.0 : -1.0;    // particle 1 has the smaller ID
  const FjGeometry g = fj_geometry(j, c.r1, c.r2);
  const Vec3 n = o * c.n;
  FjOutcome out;
  FjValues v = FjValues::load(h, orient);
  const bool installing = !v.installed();
  if (installing) {    // stress-free where the contact was open; bonded, slit or gapped
    v = FjValues{};
    v.s = fj_first_axis(n, g.dim2);
    v.gap0 = c.gap > 0.0 ? c.gap : 0.0;
    const int type = fj_type(j, id1, id2);
    if (type == FJ_TYPE_GAPPED) v.gap0 -= j.gapo;
    for (int e = 0; e < g.count; e++)
      v.set_state(e, type == FJ_TYPE_BONDED ? FJ_BONDED : FJ_UNBONDED);
    if (j.drawn) {
      v.ten = draw_strength(j.ten, j.ten_spread, id1, id2, j.seed, 2);
      v.coh = draw_strength(j.coh, j.coh_spread, id1, id2, j.seed, 3);
    }
  }
  const double ten = j.drawn ? v.ten : j.ten, coh = j.drawn ? v.coh : j.coh;
  // the frame follows the contact plane and the pair's mean spin about n (turned by the step's
  // angle to first order, then made a unit vector again: no trigonometry, which a GPU pays for with
  // a stack frame; the angle is off by its cube over 3)
  Vec3 s = v.s - dot(v.s, n) * n;
  double ds = 0.0, dt_ = 0.0, twist = 0.0, dn = 0.0, dth_s = 0.0, dth_t = 0.0;
  if constexpr (STEP) s = s + (dot(wmean, n) * dt) * cross(n, s);
  s = (1.0 / norm(s)) * s;
  const Vec3 t = cross(n, s);
  if constexpr (STEP) {    // the relative motion of the larger ID's particle, in the frame
    const Vec3 vrel = o * c.vrel, w = o * wrel;
    ds = dot(vrel, s) * dt;
    dt_ = dot(vrel, t) * dt;
    dn = dot(vrel, n) * dt;
    twist = dot(w, n) * dt;
    dth_s = dot(w, s) * dt;
    dth_t = dot(w, t) * dt;
    v.theta_s += dth_s;
    v.theta_t += dth_t;
    v.s = s;
  }
  // the gap g(x) = gs + bs x_s + bt x_t (n x theta_b = theta_s t - theta_t s)
  const double gs = c.gap - v.gap0, bs = -v.theta_t, bt = v.theta_s;
  double fn = 0.0, fs = 0.0, ft = 0.0, mt = 0.0, ps = 0.0, pt = 0.0;
  AreaMoments bonded;    // the bonded elements' (their stress is linear over them: summed once)
  bool bonded_left = false;
  FjRing ring = fj_ring(g, 0);
  double c1 = 1.0, s1 = 0.0;    // the cosine and sine of the element's first angle
  for (int e = 0, sector = 0; e < g.count; e++, sector++) {
    if (sector == g.na) {    // the next ring
      sector = 0;
      ring = fj_ring(g, e / g.na);
      c1 = 1.0;
      s1 = 0.0;
    }
    const double c2 = c1 * j.cos_da - s1 * j.sin_da, s2 = s1 * j.cos_da + c1 * j.sin_da;
    const AreaMoments whole = whole_element(g, ring, j.da, c1, s1, c2, s2);
    c1 = c2;
    s1 = s2;
    const double inv_a = 1.0 / whole.a, xs = whole.s * inv_a, xt = whole.t * inv_a,
                 ka = g.ks * whole.a;
    int st = v.state(e);
    double es = orient * h[9 + 2 * e], et = orient * h[10 + 2 * e];
    const double es0 = es, et0 = et, us = ds - twist * xt, ut = dt_ + twist * xs;
    double released = 0.0;    // an element broken this step: its energy, less what it keeps
    if constexpr (STEP) {
      es -= ka * us;
      et -= ka * ut;
      if (st == FJ_BONDED) {    // the stresses at its centroid
        const double sigma = g.kn * (gs + bs * xs + bt * xt), tau_a = std::sqrt(es * es + et * et);
        const int broke = sigma > ten                    ? FJ_BROKE_TENSION
            : tau_a > (coh - sigma * j.tan_fa) * whole.a ? FJ_BROKE_SHEAR
                                                         : 0;
        if (broke) {
          // the mean of the element's energy at the step's two ends
          const double shear_before = ka > 0.0 ? 0.5 * (es0 * es0 + et0 * et0) / ka : 0.0,
                       shear_now = ka > 0.0 ? 0.5 * tau_a * tau_a / ka : 0.0;
          released = 0.5 *
              (element_load(g, whole, gs - dn, bs + dth_t, bt - dth_s).energy +
               element_load(g, whole, gs, bs, bt).energy + shear_before + shear_now);
          st = broke;
          v.set_state(e, st);
          if (broke == FJ_BROKE_TENSION)
            out.broke_tension++;
          else
            out.broke_shear++;
          es = et = 0.0;
        }
      }
    }
    if (st == FJ_BONDED) {
      bonded.add(whole, 1.0);
      bonded_left = true;
    } else {    // its closed part's compression, and Coulomb's limit on its shear force
      const FjElementLoad l = element_load(g, element_moments(g, e, true, gs, bs, bt), gs, bs, bt);
      if constexpr (STEP) {
        out.released += released > 0.0 ? released - l.energy : 0.0;
        const double limit = j.fric * (l.fn < 0.0 ? -l.fn : 0.0), f = std::sqrt(es * es + et * et);
        if (f > limit) {
          const double ns = es * (limit / f), nt = et * (limit / f);
          // the slip: the element's displacement less its spring's change, times the mean force
          if (ka > 0.0)
            out.d_slip -=
                0.5 * ((es0 + ns) * (us + (ns - es0) / ka) + (et0 + nt) * (ut + (nt - et0) / ka));
          es = ns;
          et = nt;
        }
      }
      fn += l.fn;
      ps += gs * l.m.s + bs * l.m.ss + bt * l.m.st;
      pt += gs * l.m.t + bs * l.m.st + bt * l.m.tt;
      if constexpr (STRAIN) out.strain += l.energy;
    }
    if constexpr (STEP) {
      h[9 + 2 * e] = orient * es;
      h[10 + 2 * e] = orient * et;
    }
    fs += es;
    ft += et;
    mt += xs * et - xt * es;
    if constexpr (STRAIN) out.strain += ka > 0.0 ? 0.5 * (es * es + et * et) / ka : 0.0;
  }
  // the bonded elements: int g dA and int g x dA over them
  fn += g.kn * (gs * bonded.a + bs * bonded.s + bt * bonded.t);
  ps += gs * bonded.s + bs * bonded.ss + bt * bonded.st;
  pt += gs * bonded.t + bs * bonded.st + bt * bonded.tt;
  if constexpr (STRAIN) out.strain += element_load(g, bonded, gs, bs, bt).energy;
  if constexpr (STEP) v.store(h, orient);
  // the moment of the normal stresses -kn g n at x about the centre: -kn int g (x x n) dA
  const Vec3 mb = g.kn * (ps * t - pt * s);
  out.force = o * ((-fn) * n + fs * s + ft * t);
  out.moment = o * (mt * n + mb);
  out.kn = g.kn * fj_area(g);
  // (not on its first step: a gapped joint starts open by fj_gapo, to round-off)
  out.ended =
      STEP && !installing && !bonded_left && gs - std::sqrt(bs * bs + bt * bt) * g.rbar > j.gapo;
  return out;
}

}    // namespace dem
