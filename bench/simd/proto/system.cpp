// bench/in.packing rebuilt without LAMMPS (see system.h). Compiled for generic x86-64 only.
// SPDX-License-Identifier: GPL-2.0-or-later
#include "system.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace proto {

void System::build_packing(int cells, unsigned long seed, double temperature)
{
  // lattice fcc 1.4185 (reduced density): a = (4/1.4185)^(1/3), nearest neighbours at a/sqrt(2);
  // as a literal: GCC folds std::cbrt of a constant correctly rounded (...de5), glibc's cbrt at
  // run time (and Clang, which calls it) gives ...de4, and the two builds would start apart
  const double a = 0x1.69ac733bc1de4p+0;
  box = cells * a;
  const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  x.clear();
  for (int k = 0; k < cells; k++)
    for (int j = 0; j < cells; j++)
      for (int i = 0; i < cells; i++)
        for (auto &b : basis) {
          x.push_back((i + b[0]) * a);
          x.push_back((j + b[1]) * a);
          x.push_back((k + b[2]) * a);
        }
  nlocal = static_cast<int>(x.size() / 3);
  const double m = 3.14159265358979323846 / 6.0;    // diameter 1, density 1
  radius.assign(nlocal, 0.5);
  rmass.assign(nlocal, m);
  type.assign(nlocal, 1);
  mask.assign(nlocal, 1);
  // velocity create (bench/in.packing: 0.001; uniform components, zero momentum, scaled to the temperature)
  unsigned long long s = seed * 2862933555777941757ULL + 3037000493ULL;
  auto uniform = [&]() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(s >> 11) * (1.0 / 9007199254740992.0) - 0.5;
  };
  v.resize(3 * nlocal);
  double sum[3] = {0, 0, 0};
  for (int k = 0; k < 3 * nlocal; k++) {
    v[k] = uniform();
    sum[k % 3] += v[k];
  }
  double ke2 = 0.0;
  for (int k = 0; k < 3 * nlocal; k++) {
    v[k] -= sum[k % 3] / nlocal;
    ke2 += m * v[k] * v[k];
  }
  const double t_now = ke2 / (3.0 * (nlocal - 1)), scale = std::sqrt(temperature / t_now);
  for (double &c : v) c *= scale;
  omega.assign(3 * nlocal, 0.0);

  // the contact parameters bench/pair_dem_linear.lmp gives dem/linear (type 1 with itself):
  // kn, ks springs in series, fric 0.5, dp_nratio beta11, no shear dashpot, dp_mode 0
  ntypes = 1;
  params.assign((ntypes + 1) * (ntypes + 1), dem::LinearParams{});
  dem::LinearParams &p = params[1 * (ntypes + 1) + 1];
  const double kn = 200000.0, kt = 2.0 / 7.0 * kn, meff11 = 0.5 * m;
  p.kn = dem::series(2.0 * kn, 2.0 * kn);
  p.ks = dem::series(2.0 * kt, 2.0 * kt);
  p.tan.fric = p.tan.fric_dyn = 0.5;
  p.dp.nratio = 50.0 * std::sqrt(meff11) / (2.0 * std::sqrt(kn));
  if (!dem::linear_is_plain(p)) std::abort();
  update_ghosts();
  build_neighbours();
}

// ghosts: every periodic image within cut of the box (LAMMPS's comm cutoff = the neighbour cutoff)
void System::update_ghosts()
{
  if (owner.empty()) {
    for (int i = 0; i < nlocal; i++)
      for (int sz = -1; sz <= 1; sz++)
        for (int sy = -1; sy <= 1; sy++)
          for (int sx = -1; sx <= 1; sx++) {
            if (!sx && !sy && !sz) continue;
            const int sh[3] = {sx, sy, sz};
            bool in = true;
            for (int d = 0; d < 3; d++) {
              const double c = x[3 * i + d] + sh[d] * box;
              in = in && c >= -cut && c < box + cut;
            }
            if (!in) continue;
            owner.push_back(i);
            for (int d = 0; d < 3; d++) shift.push_back(sh[d] * box);
          }
    nall = nlocal + static_cast<int>(owner.size());
    x.resize(3 * nall);
    v.resize(3 * nall);
    omega.resize(3 * nall);
    f.assign(3 * nall, 0.0);
    torque.assign(3 * nall, 0.0);
    radius.resize(nall);
    rmass.resize(nall);
    type.resize(nall);
    mask.resize(nall);
  }
  for (int g = 0; g < nall - nlocal; g++) {
    const int i = owner[g], k = nlocal + g;
    for (int d = 0; d < 3; d++) {
      x[3 * k + d] = x[3 * i + d] + shift[3 * g + d];
      v[3 * k + d] = v[3 * i + d];
      omega[3 * k + d] = omega[3 * i + d];
    }
    radius[k] = radius[i];
    rmass[k] = rmass[i];
    type[k] = type[i];
    mask[k] = mask[i];
  }
}

// half list, newton off: owned j > i once, every ghost within reach (LAMMPS's half/bin/newtoff);
// neighbours in the order of the 27 bins around i, each bin's atoms by index
void System::build_neighbours()
{
  const double lo = -cut, width = box + 2 * cut;
  const int nb = static_cast<int>(width / cut);
  const double bsize = width / nb;
  std::vector<std::vector<int>> bins(static_cast<size_t>(nb) * nb * nb);
  auto bin_of = [&](const double *p, int c[3]) {
    for (int d = 0; d < 3; d++) {
      c[d] = static_cast<int>((p[d] - lo) / bsize);
      if (c[d] < 0) c[d] = 0;
      if (c[d] >= nb) c[d] = nb - 1;
    }
  };
  for (int k = 0; k < nall; k++) {
    int c[3];
    bin_of(&x[3 * k], c);
    bins[(static_cast<size_t>(c[2]) * nb + c[1]) * nb + c[0]].push_back(k);
  }
  ilist.resize(nlocal);
  numneigh.assign(nlocal, 0);
  first.assign(nlocal, 0);
  neigh.clear();
  const double cutsq = cut * cut;
  for (int i = 0; i < nlocal; i++) {
    ilist[i] = i;
    first[i] = static_cast<long>(neigh.size());
    int c[3];
    bin_of(&x[3 * i], c);
    for (int dz = -1; dz <= 1; dz++)
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
          const int bx = c[0] + dx, by = c[1] + dy, bz = c[2] + dz;
          if (bx < 0 || by < 0 || bz < 0 || bx >= nb || by >= nb || bz >= nb) continue;
          for (int j : bins[(static_cast<size_t>(bz) * nb + by) * nb + bx]) {
            if (j <= i) continue;    // owned j > i; ghosts (j >= nlocal > i) always
            double rsq = 0.0;
            for (int d = 0; d < 3; d++) {
              const double e = x[3 * j + d] - x[3 * i + d];
              rsq += e * e;
            }
            if (rsq < cutsq) neigh.push_back(j);
          }
        }
    numneigh[i] = static_cast<int>(neigh.size() - first[i]);
  }
  // the history pages, padded by 8 neighbours (a SIMD loop's clamped lanes may read past the end)
  touch.assign(neigh.size() + 8, 0);
  hist.assign((neigh.size() + 8) * nh, 0.0);
}

Loop System::loop(double dt)
{
  // LAMMPS's per-atom pointers into the pages (set here: a copy of a System has its own pages)
  firstneigh_p.resize(nlocal);
  firsttouch_p.resize(nlocal);
  firsthist_p.resize(nlocal);
  for (int i = 0; i < nlocal; i++) {
    firstneigh_p[i] = &neigh[first[i]];
    firsttouch_p[i] = &touch[first[i]];
    firsthist_p[i] = &hist[first[i] * nh];
  }
  Loop l;
  l.nlocal = nlocal;
  l.inum = nlocal;
  l.nh = nh;
  l.x = x.data();
  l.v = v.data();
  l.omega = omega.data();
  l.radius = radius.data();
  l.rmass = rmass.data();
  l.type = type.data();
  l.mask = mask.data();
  l.f = f.data();
  l.torque = torque.data();
  l.ilist = ilist.data();
  l.numneigh = numneigh.data();
  l.firstneigh = firstneigh_p.data();
  l.firsttouch = firsttouch_p.data();
  l.firsthist = firsthist_p.data();
  l.params = params.data();
  l.ntypes = ntypes;
  l.dt = dt;
  return l;
}

void System::clear_forces()
{
  for (double &c : f) c = 0.0;
  for (double &c : torque) c = 0.0;
}

// fix nve/sphere (LJ units: ftm2v = 1), the inertia of a solid sphere
void System::initial_integrate(double dt)
{
  const double dtf = 0.5 * dt;
  for (int i = 0; i < nlocal; i++) {
    const double dtfm = dtf / rmass[i], dtirot = dtf / (0.4 * rmass[i] * radius[i] * radius[i]);
    for (int d = 0; d < 3; d++) {
      v[3 * i + d] += dtfm * f[3 * i + d];
      x[3 * i + d] += dt * v[3 * i + d];
      omega[3 * i + d] += dtirot * torque[3 * i + d];
    }
  }
}

void System::final_integrate(double dt)
{
  const double dtf = 0.5 * dt;
  for (int i = 0; i < nlocal; i++) {
    const double dtfm = dtf / rmass[i], dtirot = dtf / (0.4 * rmass[i] * radius[i] * radius[i]);
    for (int d = 0; d < 3; d++) {
      v[3 * i + d] += dtfm * f[3 * i + d];
      omega[3 * i + d] += dtirot * torque[3 * i + d];
    }
  }
}

}    // namespace proto
