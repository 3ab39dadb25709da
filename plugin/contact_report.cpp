// SPDX-License-Identifier: GPL-2.0-or-later
#include "contact_report.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "update.h"

#include <cmath>

using namespace LAMMPS_NS;
using namespace DEM_NS;

TypeExtremes DEM_NS::type_extremes(LAMMPS *lmp, int groupbit)
{
  Atom *atom = lmp->atom;
  const int n = atom->ntypes + 1;
  // per type: -rmin, -mmin, rmax, mmax (all maxima), then the largest speed
  std::vector<double> local(4 * n + 1, -INFINITY), all(4 * n + 1);
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(atom->mask[i] & groupbit)) continue;
    const int t = atom->type[i];
    local[t] = std::max(local[t], -atom->radius[i]);
    local[n + t] = std::max(local[n + t], -atom->rmass[i]);
    local[2 * n + t] = std::max(local[2 * n + t], atom->radius[i]);
    local[3 * n + t] = std::max(local[3 * n + t], atom->rmass[i]);
    const double *v = atom->v[i];
    local[4 * n] = std::max(local[4 * n], std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]));
  }
  MPI_Allreduce(local.data(), all.data(), 4 * n + 1, MPI_DOUBLE, MPI_MAX, lmp->world);
  TypeExtremes out;
  for (auto *v : {&out.rmin, &out.mmin, &out.rmax, &out.mmax}) v->assign(n, 0.0);
  for (int t = 1; t < n; t++)
    if (all[t] > -INFINITY) {
      out.rmin[t] = -all[t];
      out.mmin[t] = -all[n + t];
      out.rmax[t] = all[2 * n + t];
      out.mmax[t] = all[3 * n + t];
    }
  out.vmax = all[4 * n] > 0.0 ? all[4 * n] : 0.0;
  return out;
}

double DEM_NS::box_edge(const Domain *domain)
{
  const double xy = std::max(domain->prd[0], domain->prd[1]);
  return domain->dimension == 3 ? std::max(xy, domain->prd[2]) : xy;
}

std::string DEM_NS::impact_speed_note(double v, bool given, const char *default_rule)
{
  if (!(v > 0.0)) return "; no particle moves: set impact_speed";
  return fmt::format("; impact speed {:.6g}{}", v, given ? "" : std::string(", ") + default_rule);
}

void DEM_NS::report_contacts(LAMMPS *lmp, const std::string &who,
                             const std::vector<ContactRow> &rows, bool table,
                             const std::string &speed, const char *stiffness)
{
  const double dt = lmp->update->dt;
  // a collision shorter than a step is not integrated at all: the run can only diverge
  for (const auto &r : rows)
    if (r.t.tc < dt)
      lmp->error->all(
          FLERR,
          "{}, {}: the collision time t_c = {:.4g} (k_n = {:.4g}) is shorter than the timestep "
          "{:.4g}: no step resolves the contact and the run diverges; check {} for these "
          "particles, "
          "or the timestep",
          who, r.between, r.t.tc, r.t.kn, dt, stiffness);
  if (lmp->comm->me != 0) return;
  if (table) {
    std::string text = fmt::format(
        "{} contact report (the smallest particles of each type; t_c = pi sqrt(m_c/k_n), k_n the "
        "stiffest normal stiffness of a head-on collision{}):\n",
        who, speed);
    text += fmt::format("  {:<24} {:>11} {:>11} {:>11} {:>11} {:>11} {:>8} {:>11}\n", "contact",
                        "R1", "R2", "m_c", "k_n", "t_c", "e", "dt max");
    for (const auto &r : rows) {
      auto num = [](double x) {
        return std::isfinite(x) && x > 0.0 ? fmt::format("{:11.4g}", x)
                                           : fmt::format("{:>11}", "-");
      };
      text += fmt::format("  {:<24} {} {} {} {} {} {:>8} {}\n", r.between, num(r.r1), num(r.r2),
                          num(r.m), num(r.t.kn), num(r.t.tc),
                          r.t.e >= 0.0 ? fmt::format("{:.4g}", r.t.e) : "-",
                          num(r.t.tc / STEPS_PER_COLLISION));
    }
    text += fmt::format(
        "  timestep {:.6g}: {} steps per shortest t_c (the guard asks for at least {})\n", dt,
        [&] {
          double tmin = INFINITY;
          for (const auto &r : rows) tmin = std::min(tmin, r.t.tc);
          return std::isfinite(tmin) ? fmt::format("{:.3g}", tmin / dt) : std::string("-");
        }(),
        STEPS_PER_COLLISION);
    utils::logmesg(lmp, text);
  }
  const ContactRow *worst = nullptr;
  for (const auto &r : rows)
    if (!worst || r.t.tc < worst->t.tc) worst = &r;
  if (worst && dt > worst->t.tc / STEPS_PER_COLLISION)
    lmp->error->warning(
        FLERR,
        "{}: timestep {:.6g} exceeds t_c/{} for {} (collision time t_c = {:.6g}, radii {:.6g} and "
        "{:.6g}, m_c = {:.6g}, k_n = {:.6g}{}): use a timestep of at most {:.6g}",
        who, dt, STEPS_PER_COLLISION, worst->between, worst->t.tc, worst->r1, worst->r2, worst->m,
        worst->t.kn, speed, worst->t.tc / STEPS_PER_COLLISION);
}
