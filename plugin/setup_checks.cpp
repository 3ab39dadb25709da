// SPDX-License-Identifier: GPL-2.0-or-later
#include "setup_checks.h"

#include "comm.h"
#include "domain.h"
#include "error.h"
#include "fix.h"
#include "fix_nh_sphere.h"
#include "fix_nve_sphere.h"
#include "lammps.h"
#include "modify.h"

#include "BPM/fix_nve_bpm_sphere.h"

#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace LAMMPS_NS;

namespace {

// The sphere integrators keep their moment-of-inertia prefactor (0.4 for spheres, 0.5 with
// `disc`) in a protected member `inertia` and offer no accessor or extract() for it. An explicit
// instantiation may name a protected member (access is not checked in the names of an explicit
// instantiation, C++17 [temp.explicit]/14); the one below hands out that member's pointer, which
// then reads the value from the fix itself (no cast to a class the fix is not).
template <typename Tag, typename Tag::type member> struct Expose {
  friend typename Tag::type member_pointer(Tag) { return member; }
};
struct NVESphereInertia {
  using type = double FixNVESphere::*;
  friend type member_pointer(NVESphereInertia);
};
struct NHSphereInertia {
  using type = double FixNHSphere::*;
  friend type member_pointer(NHSphereInertia);
};
struct NVEBPMSphereInertia {
  using type = double FixNVEBPMSphere::*;
  friend type member_pointer(NVEBPMSphereInertia);
};
template struct Expose<NVESphereInertia, &FixNVESphere::inertia>;
template struct Expose<NHSphereInertia, &FixNHSphere::inertia>;
template struct Expose<NVEBPMSphereInertia, &FixNVEBPMSphere::inertia>;

bool one_of(const std::string &s, std::initializer_list<const char *> names)
{
  for (const char *n : names)
    if (s == n) return true;
  return false;
}

// What a fix of this style integrates in 2d: 1 disks, 0 spheres although the style has a disc
// option, -1 spheres and the style has none (nvt/npt/nph/sphere/omp parse and drop `disc`),
// -2 not an integrator of spheres that this check knows (the styles are matched by name, each to
// the class LAMMPS registers it with; the Kokkos nvt/npt/nph/sphere keep theirs out of reach).
int disc_state(Fix *fix)
{
  const std::string style = fix->style;
  double inertia;
  if (one_of(style,
             {"nve/sphere", "nve/sphere/omp", "nve/sphere/kk", "nve/sphere/kk/device",
              "nve/sphere/kk/host"}))
    inertia = static_cast<FixNVESphere *>(fix)->*member_pointer(NVESphereInertia());
  else if (one_of(style, {"nvt/sphere", "npt/sphere", "nph/sphere"}))
    inertia = static_cast<FixNHSphere *>(fix)->*member_pointer(NHSphereInertia());
  else if (style == "nve/bpm/sphere")
    inertia = static_cast<FixNVEBPMSphere *>(fix)->*member_pointer(NVEBPMSphereInertia());
  else if (one_of(style, {"nvt/sphere/omp", "npt/sphere/omp", "nph/sphere/omp"}))
    return -1;
  else
    return -2;
  return inertia == 0.5 ? 1 : 0;
}

// The warnings already printed, per LAMMPS instance (told apart by its address and the wall clock
// of its creation, so that a new instance at a freed one's address starts afresh).
std::map<const LAMMPS *, std::pair<double, std::set<std::string>>> &printed()
{
  static std::map<const LAMMPS *, std::pair<double, std::set<std::string>>> seen;
  return seen;
}

void warn_once(LAMMPS *lmp, const std::string &text)
{
  auto &entry = printed()[lmp];
  if (entry.first != lmp->initclock) entry = {lmp->initclock, {}};
  if (!entry.second.insert(text).second) return;
  if (lmp->comm->me == 0) lmp->error->warning(FLERR, text);
}

std::string fix_name(const Fix *fix)
{
  return std::string("fix ") + fix->id + " (" + fix->style + ")";
}

std::string join(const std::vector<std::string> &items)
{
  std::string s;
  for (size_t i = 0; i < items.size(); i++)
    s += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return s;
}

}    // namespace

void DEM_NS::warn_setup(LAMMPS *lmp)
{
  const auto &fixes = lmp->modify->get_fix_list();

  if (lmp->domain->dimension == 2) {
    std::vector<std::string> spheres, no_option;
    for (Fix *fix : fixes) {
      const int state = disc_state(fix);
      if (state == 0) spheres.push_back(fix_name(fix));
      if (state == -1) no_option.push_back(fix_name(fix));
    }
    if (!spheres.empty())
      warn_once(
          lmp,
          fmt::format(
              "2d: {} integrate{} the particles as spheres (moment of inertia 2/5 m R^2), not as "
              "PFC2D's disks of unit thickness: for disks add the keyword disc (fix nve/sphere ... "
              "disc, 1/2 m R^2; the same keyword for nvt/npt/nph/sphere and nve/bpm/sphere) and "
              "set "
              "the masses with set ... density/disc (pi R^2 rho; set ... density gives a sphere's "
              "mass)",
              join(spheres), spheres.size() == 1 ? "s" : ""));
    if (!no_option.empty())
      warn_once(lmp,
                fmt::format("2d: {} integrate{} the particles as spheres (moment of inertia 2/5 m "
                            "R^2) and ha{} no disc option: for PFC2D's disks of unit thickness use "
                            "fix nve/sphere disc (or the style without the omp suffix, with disc) "
                            "and set ... density/disc",
                            join(no_option), no_option.size() == 1 ? "s" : "",
                            no_option.size() == 1 ? "s" : "ve"));
  }

  // fix damping/cundall scales the force and torque each atom carries when its post_force runs,
  // so the forces that fixes after it add (in post_force too, in the order of definition) are
  // not damped
  const Fix *damping = nullptr;
  std::vector<std::string> late_walls;
  for (const Fix *fix : fixes) {
    const std::string style = fix->style;
    if (!damping && style == "damping/cundall") damping = fix;
    if (damping && style.rfind("wall/dem", 0) == 0) late_walls.push_back(fix_name(fix));
  }
  if (!late_walls.empty())
    warn_once(lmp,
              fmt::format("{} is defined after {}: fix damping/cundall damps only the forces "
                          "computed before it, so the wall forces on the particles go undamped, "
                          "unlike PFC's local damping, which damps the whole unbalanced force (a "
                          "platen's stress comes out up to 1 + gamma times too high); define fix "
                          "wall/dem before fix damping/cundall",
                          join(late_walls), fix_name(damping)));
}
