// PFC's linear parallel bond (Itasca PFC 7, "Linear Parallel Bond Model", linearpbond; the
// parallel-bond model of Potyondy & Cundall, IJRMMS 41 (2004) 1329-1364), the part of a bonded
// contact that acts in parallel with the law's own: a cement disk of radius Rbar = lambda min(R1, R2)
// on the contact plane, with normal and shear stiffness per area kn, ks (stress/length), given, or
// from a bond modulus E and stiffness ratio kappa as PFC's pb_deformability: kn = E / (R1 + R2),
// ks = kn / kappa (0 with kappa 0).
//   3d: A = pi Rbar^2, I = pi Rbar^4 / 4, J = 2 I; 2d (unit thickness): A = 2 Rbar, I = 2/3 Rbar^3,
//   no twist.
// Its force -F_n n + F_s and moment M_t n + M_b on particle 2 (particle 1 gets their opposites)
// start at 0 when the bond is made and grow with the relative motion of the step (F_n > 0 is
// tension; PFC's increments, in the current contact plane):
//   F_n += kn A dd_n,  F_s -= ks A dd_s,  M_t -= ks J dtheta_t,  M_b -= kn I dtheta_b,
// with dd the contact point's relative displacement v dt and dtheta = (w2 - w1) dt split into its
// twist (along n) and bend parts; the stored shear force and bending moment follow the contact
// plane as it turns (rotate_into_plane, as the law's shear force). The largest stresses on the
// bond's periphery, with the moment contribution factor beta,
//   sigma = F_n / A + beta |M_b| Rbar / I,   tau = |F_s| / A + beta |M_t| Rbar / J,
// are tested after the increments: the bond breaks in tension if sigma > sigma_c, else in shear if
// tau > tau_c = c - (F_n / A) tan(phi) (PFC's shear strength: compression strengthens it), and its
// force and moment vanish. Strain energy (PFC's energy-pbstrain):
//   (F_n^2 / (kn A) + |F_s|^2 / (ks A) + M_t^2 / (ks J) + |M_b|^2 / (kn I)) / 2.
// History (dem::HIST_PBOND, after the law's values and the rolling moment): F_n, F_s (3), M_t,
// M_b (3); F_n and M_t are scalars (read times the record's orientation), F_s and M_b vectors.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include "draw.h"
#include "pfc.h"

namespace dem {

struct ParallelBond {
  bool on = false;        // the pair of types takes parallel bonds
  bool dim2 = false;      // 2d: a bond of unit thickness, no twist
  double rmul = 1.0;      // pb_rmul: Rbar = rmul min(R1, R2)
  double kn = 0.0;        // pb_kn [stress/length] (unless emod)
  double ks = 0.0;        // pb_ks [stress/length] (unless emod)
  double emod = 0.0;      // pb_emod: kn = emod / (R1 + R2) per contact (0: kn, ks as given)
  double kratio = 0.0;    // pb_kratio: ks = kn / kratio (0: ks = 0), with emod
  double ten = 0.0;       // pb_ten: tensile strength sigma_c [stress]
  double coh = 0.0;       // pb_coh: cohesion c [stress]
  double tan_fa = 0.0;    // tan(pb_fa), the friction angle phi
  double mcf = 1.0;       // pb_mcf: moment contribution factor beta
  // each bond's sigma_c and c drawn (draw.h) from a normal distribution of mean pb_ten, pb_coh
  // and standard deviation pb_ten_sd, pb_coh_sd, or a Weibull distribution of scale pb_ten,
  // pb_coh and shape pb_ten_shape, pb_coh_shape, with seed pb_seed
  Spread ten_spread, coh_spread;
  bool drawn = false;    // either strength is drawn
  std::uint64_t seed = 0;
  double reach =
      0.0;    // 2 sigma_c / kn: a bond pulled farther has broken in tension (per R1 + R2 with emod),
              // with the largest sigma_c a draw gives
};

// the strengths of the bond of atoms id1, id2: sigma_c and c as drawn (streams 0 and 1)
struct BondStrengths {
  double ten, coh;
};
DEM_INLINE BondStrengths bond_strengths(const ParallelBond &b, long long id1, long long id2)
{
  if (!b.drawn) return {b.ten, b.coh};
  return {draw_strength(b.ten, b.ten_spread, id1, id2, b.seed, 0),
          draw_strength(b.coh, b.coh_spread, id1, id2, b.seed, 1)};
}

// how far beyond the gap it was made at a bond of length `length` (bond_length) can reach
DEM_INLINE double bond_reach(const ParallelBond &b, double length)
{
  return b.emod > 0.0 ? b.reach * length : b.reach;
}

// a bond's radius, area, moments of inertia and stiffnesses per area
struct BondGeometry {
  double rbar, area, inertia, polar, kn, ks;
};

DEM_INLINE BondGeometry bond_geometry(const ParallelBond &b, double r1, double r2)
{
  const double rb = b.rmul * (r1 < r2 ? r1 : r2);
  double kn = b.kn, ks = b.ks;
  if (b.emod > 0.0) {
    kn = b.emod / bond_length(r1, r2);
    ks = b.kratio > 0.0 ? kn / b.kratio : 0.0;
  }
  if (b.dim2) return {rb, 2.0 * rb, 2.0 / 3.0 * rb * rb * rb, 0.0, kn, ks};
  const double area = 3.14159265358979323846 * rb * rb, inertia = 0.25 * area * rb * rb;
  return {rb, area, inertia, 2.0 * inertia, kn, ks};
}

struct BondForces {
  double fn = 0.0;           // normal force, tension > 0
  Vec3 fs{0.0, 0.0, 0.0};    // shear force on particle 2
  double mt = 0.0;           // twisting moment on particle 2, along n
  Vec3 mb{0.0, 0.0, 0.0};    // bending moment on particle 2

  template <class Slots> DEM_INLINE static BondForces load(Slots s, double orient)
  {
    BondForces b;
    b.fn = orient * s[0];
    b.fs = {s[1], s[2], s[3]};
    b.mt = orient * s[4];
    b.mb = {s[5], s[6], s[7]};
    return b;
  }
  template <class Slots> DEM_INLINE void store(Slots s) const
  {
    s[0] = fn;
    s[1] = fs.x;
    s[2] = fs.y;
    s[3] = fs.z;
    s[4] = mt;
    s[5] = mb.x;
    s[6] = mb.y;
    s[7] = mb.z;
  }
};

DEM_INLINE double bond_strain_energy(const BondGeometry &g, const BondForces &f)
{
  double e = 0.0;
  if (g.kn > 0.0) e += f.fn * f.fn / (g.kn * g.area) + dot(f.mb, f.mb) / (g.kn * g.inertia);
  if (g.ks > 0.0)
    e += dot(f.fs, f.fs) / (g.ks * g.area) + (g.polar > 0.0 ? f.mt * f.mt / (g.ks * g.polar) : 0.0);
  return 0.5 * e;
}

// What the bond applies and what its step did: force and moment on particle 2, its strain energy
// now, the strain energy released by breaking this step (the mean over the step), and how it broke
// (1 tension, 2 shear).
struct BondOutcome {
  Vec3 force{0.0, 0.0, 0.0};
  Vec3 moment{0.0, 0.0, 0.0};
  double strain = 0.0, released = 0.0;
  int broke = 0;
  double kn = 0.0;    // the bond's normal stiffness k_n A [force/length] (a servo's gain)
};

// The bond of contact c, of strengths st (bond_strengths), in slots s (read times orient):
// advanced by a step of relative spin wrel (w2 - w1) if `step`, the new values stored if `store`;
// else the stored ones act.
template <class Slots>
DEM_INLINE BondOutcome parallel_bond_step(const ParallelBond &b, const BondStrengths &st,
                                          const Contact &c, Vec3 wrel, double dt, Slots s,
                                          double orient, bool step, bool store)
{
  BondForces f = BondForces::load(s, orient);
  const BondGeometry g = bond_geometry(b, c.r1, c.r2);
  BondOutcome out;
  if (step) {
    const double e_prev = bond_strain_energy(g, f);
    f.fs = rotate_into_plane(f.fs, c.n, c.d, c.dsq);
    f.mb = rotate_into_plane(f.mb, c.n, c.d, c.dsq);
    const double vn = dot(c.vrel, c.n), wt = dot(wrel, c.n);
    f.fn += g.kn * g.area * vn * dt;
    f.fs = f.fs - (g.ks * g.area * dt) * (c.vrel - vn * c.n);
    f.mt -= g.ks * g.polar * wt * dt;
    f.mb = f.mb - (g.kn * g.inertia * dt) * (wrel - wt * c.n);
    const double sigma = f.fn / g.area + b.mcf * norm(f.mb) * g.rbar / g.inertia;
    const double tau =
        norm(f.fs) / g.area + (g.polar > 0.0 ? b.mcf * std::fabs(f.mt) * g.rbar / g.polar : 0.0);
    out.broke = sigma > st.ten ? 1 : tau > st.coh - f.fn / g.area * b.tan_fa ? 2 : 0;
    if (out.broke) {
      // the mean of the spring's energy at the step's two ends: the work velocity Verlet lets it do
      out.released = 0.5 * (e_prev + bond_strain_energy(g, f));
      f = BondForces{};
    }
    if (store) f.store(s);
  }
  out.force = (-f.fn) * c.n + f.fs;
  out.moment = f.mt * c.n + f.mb;
  out.strain = bond_strain_energy(g, f);
  out.kn = g.kn * g.area;
  return out;
}

}    // namespace dem
