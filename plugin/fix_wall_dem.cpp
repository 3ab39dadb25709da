// SPDX-License-Identifier: GPL-2.0-or-later
#include "fix_wall_dem.h"
#include "contact_report.h"
#include "finite_probe.h"
#include "laws.h"
#include "pair_dem_base.h"
#include "restart_format.h"
#include "wall_contacts.h"
#include "wall_mesh.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "memory.h"
#include "modify.h"
#include "neighbor.h"
#include "region.h"
#include "update.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <iterator>

using namespace LAMMPS_NS;
using namespace DEM_NS;
using dem::Vec3;

namespace {

const char *const wall_style_names[] = {"xplane",    "yplane", "zplane",
                                        "zcylinder", "region", "mesh"};

bool is_wall_style(const std::string &w)
{
  return std::find(std::begin(wall_style_names), std::end(wall_style_names), w) !=
      std::end(wall_style_names);
}

// the cumulative outputs in the restart record, by name (FixWallDEMBase::Output)
const char *const total_names[] = {"e_strain",
                                   "e_slip",
                                   "e_dashpot",
                                   "e_plastic",
                                   "fx",
                                   "fy",
                                   "fz",
                                   "tx",
                                   "ty",
                                   "tz",
                                   "contacts",
                                   "n_activated",
                                   "e_adhesive",
                                   "e_adh_loss",
                                   "e_break",
                                   "n_bonded",
                                   "n_broke_tension",
                                   "n_broke_shear"};
static_assert(sizeof(total_names) / sizeof(total_names[0]) == DEM_NS::V_COUNT);
constexpr const char *WALL_MARK = "DEM:WALL";

// The CPU loop's crack records (WallTally's cracks): into the fix's vector, while it records
struct HostCracks {
  std::vector<double> *out;    // null: none recorded
  int groupbit;
  bool on(int mask) const { return out && (mask & groupbit); }
  void add(const double *rec) const { out->insert(out->end(), rec, rec + DEM_NS::CR_VALUES); }
};
constexpr int WALL_HEADER = 6;    // per-atom record: length, mark, ID key, style key, nslot, stride

}    // namespace

namespace DEM_NS {

int first_wall_style_arg(int narg, char **arg)
{
  int iarg = 4;
  while (iarg < narg && !is_wall_style(arg[iarg])) iarg++;
  return iarg;
}

std::vector<FixWallDEMBase *> bonding_walls(LAMMPS *lmp)
{
  std::vector<FixWallDEMBase *> walls;
  for (auto *fix : lmp->modify->get_fix_list()) {
    auto *wall = dynamic_cast<FixWallDEMBase *>(fix);
    if (wall && wall->takes_bonds()) walls.push_back(wall);
  }
  return walls;
}

void *create_fix_wall_dem(void *lmp, int narg, char **arg)
{
  return new FixWallDEM(static_cast<LAMMPS *>(lmp), narg, arg);
}

}    // namespace DEM_NS

// ---------------------------------------------------------------------------------------------

FixWallDEMBase::FixWallDEMBase(LAMMPS *lmp, int narg, char **arg) : Fix(lmp, narg, arg)
{
  law_name = arg[3];
  const std::string me =
      std::string("Fix ") + style + " " + law_name;    // style: wall/dem or wall/dem/kk
  if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag || !atom->torque_flag)
    error->all(FLERR,
               "{} requires atom attributes radius, rmass, omega and torque (atom_style sphere)",
               me);

  int iarg = first_wall_style_arg(narg, arg);
  if (iarg >= narg)
    error->all(FLERR, "{}: no wall style given (xplane, yplane, zplane, zcylinder, region or mesh)",
               me);
  first_wall_arg = iarg;
  const std::string ws = arg[iarg];
  const int dim = domain->dimension;

  if (ws == "xplane" || ws == "yplane" || ws == "zplane") {
    wallstyle = ws == "xplane" ? XPLANE : ws == "yplane" ? YPLANE : ZPLANE;
    fixed.axis = wallstyle;
    if (iarg + 3 > narg)
      error->all(FLERR, "{}: {} needs two arguments: lo hi (NULL for none)", me, ws);
    if (strcmp(arg[iarg + 1], "NULL") != 0) {
      fixed.has_lo = true;
      fixed.lo = number(me, ws + " lo", arg[iarg + 1]);
    }
    if (strcmp(arg[iarg + 2], "NULL") != 0) {
      fixed.has_hi = true;
      fixed.hi = number(me, ws + " hi", arg[iarg + 2]);
    }
    if (!fixed.has_lo && !fixed.has_hi)
      error->all(FLERR, "{}: {} NULL NULL defines no wall", me, ws);
    if (fixed.has_lo && fixed.has_hi && !(fixed.lo < fixed.hi))
      error->all(FLERR, "{}: {} lo = {} must be below hi = {}", me, ws, fixed.lo, fixed.hi);
    if (domain->periodicity[wallstyle])
      error->all(FLERR, "{}: cannot put a {} wall in a periodic dimension", me, ws);
    // a lower wall above the box (an upper one below it) has every particle behind it
    const bool lo_beyond = fixed.has_lo && fixed.lo > domain->boxhi[wallstyle];
    if (lo_beyond || (fixed.has_hi && fixed.hi < domain->boxlo[wallstyle]))
      error->all(
          FLERR,
          "{}: {} {} = {} lies beyond the box ({} to {}): every particle would be behind the wall",
          me, ws, lo_beyond ? "lo" : "hi", lo_beyond ? fixed.lo : fixed.hi,
          domain->boxlo[wallstyle], domain->boxhi[wallstyle]);
    if (wallstyle == ZPLANE && dim == 2)
      error->all(FLERR, "{}: zplane walls need a 3d simulation", me);
    nslot = nrows = 2;
    iarg += 3;
  } else if (ws == "zcylinder") {
    wallstyle = ZCYLINDER;
    fixed.axis = -1;
    if (iarg + 2 > narg) error->all(FLERR, "{}: zcylinder needs its radius", me);
    fixed.radius = number(me, "zcylinder radius", arg[iarg + 1]);
    if (!(fixed.radius > 0.0))
      error->all(FLERR, "{}: zcylinder radius = {} is out of range: allowed (0, inf)", me,
                 fixed.radius);
    if (domain->periodicity[0] || domain->periodicity[1])
      error->all(
          FLERR,
          "{}: cannot put a zcylinder wall in a periodic dimension: x and y must be non-periodic",
          me);
    nslot = nrows = 1;
    iarg += 2;
  } else if (ws == "mesh") {
    wallstyle = MESH;
    if (iarg + 2 > narg) error->all(FLERR, "{}: mesh needs an STL file name", me);
    mesh = std::make_unique<WallMesh>();
    mesh->file = arg[iarg + 1];
    nslot = 6;
    iarg += 2;
  } else {
    wallstyle = REGION;
    if (iarg + 2 > narg) error->all(FLERR, "{}: region needs a region ID", me);
    idregion = arg[iarg + 1];
    region = domain->get_region_by_id(idregion);
    if (!region) error->all(FLERR, "{}: region {} does not exist", me, idregion);
    nslot = nrows = region->cmax;
    iarg += 2;
  }

  while (iarg < narg) {
    const std::string key = arg[iarg];
    auto yes_no = [&](bool &flag) {
      const std::string err = parse_yes_no(key, arg[iarg + 1], flag);
      if (!err.empty()) error->all(FLERR, "{}: {}", me, err);
    };
    if (key == "shear") {
      if (iarg + 3 > narg)
        error->all(FLERR, "{}: shear needs a direction (x, y or z) and a velocity", me);
      const std::string d = arg[iarg + 1];
      const int axis = d == "x" ? 0 : d == "y" ? 1 : d == "z" ? 2 : -1;
      if (axis < 0) error->all(FLERR, "{}: shear direction must be x, y or z, not {}", me, d);
      if (wallstyle == REGION)
        error->all(FLERR, "{}: shear is for plane and cylinder walls: move the region instead", me);
      if (wallstyle == MESH)
        error->all(
            FLERR,
            "{}: shear is for plane and cylinder walls: use surface_velocity or move for a mesh",
            me);
      if (axis == wallstyle || (wallstyle == ZCYLINDER && axis != 2))
        error->all(FLERR, "{}: shear must be parallel to the wall ({} is not)", me, d);
      const double vs = number(me, "shear vshear", arg[iarg + 2]);
      fixed.vshear = {axis == 0 ? vs : 0.0, axis == 1 ? vs : 0.0, axis == 2 ? vs : 0.0};
      iarg += 3;
    } else if (key == "origin") {
      if (iarg + 4 > narg) error->all(FLERR, "{}: origin needs three coordinates", me);
      origin = {number(me, "origin x", arg[iarg + 1]), number(me, "origin y", arg[iarg + 2]),
                number(me, "origin z", arg[iarg + 3])};
      iarg += 4;
    } else if (key == "energy") {
      if (iarg + 2 > narg) error->all(FLERR, "{}: energy needs yes or no", me);
      yes_no(track_energy);
      iarg += 2;
    } else if (key == "contact_report") {
      if (iarg + 2 > narg) error->all(FLERR, "{}: contact_report needs yes or no", me);
      yes_no(contact_report);
      iarg += 2;
    } else if (key == "impact_speed") {
      if (iarg + 2 > narg) error->all(FLERR, "{}: impact_speed needs a speed", me);
      impact_speed = number(me, key, arg[iarg + 1]);
      if (!(impact_speed > 0.0))
        error->all(FLERR, "{}: impact_speed = {} is out of range: allowed (0, inf)", me,
                   arg[iarg + 1]);
      iarg += 2;
    } else if (key == "servo" || key == "servo_alpha") {
      if (wallstyle == REGION || wallstyle == MESH)
        error->all(FLERR,
                   "{}: {} is for plane and zcylinder walls (a region or mesh wall moves as its "
                   "region or move keyword says)",
                   me, key);
      if (key == "servo")
        servo.parse(lmp, me, narg, arg, iarg);
      else
        servo.parse_alpha(lmp, me, narg, arg, iarg);
    } else if (mesh && parse_mesh_keyword(me, narg, arg, iarg)) {
      continue;
    } else {
      error->all(FLERR,
                 "{}: unknown keyword {} after the wall style (allowed: shear, origin, energy, "
                 "contact_report, impact_speed; plane and zcylinder walls also: servo, "
                 "servo_alpha; mesh walls also: scale, offset, coplanar, curvature, move, "
                 "surface_velocity, contacts)",
                 me, key);
    }
  }
  if (servo.alpha_given && !servo.on)
    error->all(FLERR, "{}: servo_alpha without servo: the walls have no servo to tune", me);
  if (mesh) {
    mesh->time0 = simulation_time(lmp);
    mesh->read(lmp, me);
    nrows = static_cast<int>(mesh->data.tri.size());
    // a mesh entirely outside the box touches nothing
    Vec3 lo, hi;
    mesh->bounds(lo, hi);
    const double *blo = domain->boxlo, *bhi = domain->boxhi;
    if (comm->me == 0 &&
        (hi.x < blo[0] || lo.x > bhi[0] || hi.y < blo[1] || lo.y > bhi[1] || hi.z < blo[2] ||
         lo.z > bhi[2]))
      error->warning(FLERR,
                     "{}: mesh {} lies entirely outside the simulation box (mesh from ({}, {}, {}) "
                     "to ({}, {}, {})): check its units, scale and offset",
                     me, mesh->file, lo.x, lo.y, lo.z, hi.x, hi.y, hi.z);
  }

  scalar_flag = 1;
  extscalar = 1;
  energy_global_flag = 1;    // fix_modify energy yes: the stored energy joins the potential energy
  vector_flag = 1;
  size_vector = VECTOR_SIZE;
  extvector = -1;
  extlist = new int[VECTOR_SIZE];
  for (int k = 0; k < VECTOR_SIZE; k++)
    extlist[k] = is_motion_entry(k) || is_place_entry(k) ? 0 : 1;
  array_flag = 1;
  size_array_rows = nrows;
  size_array_cols = A_COLUMNS;
  extarray = 1;
  global_freq = 1;
  restart_global = 1;
  restart_peratom = 1;
  create_attribute = 1;
  rows_local.assign(nrows * A_COUNT, 0.0);
  rows_all.assign(nrows * A_COUNT, 0.0);
  // the per-atom history and Atom's callbacks come last, in register_atom_arrays: see there
}

double FixWallDEMBase::number(const std::string &me, const std::string &key, const char *text)
{
  double v = 0.0;
  const std::string err = parse_value(key, text, v);
  if (!err.empty()) error->all(FLERR, "{}: {}", me, err);
  return v;
}

// Keywords of mesh walls (after the file name): true if arg[iarg] was one (iarg moves past it).
bool FixWallDEMBase::parse_mesh_keyword(const std::string &me, int narg, char **arg, int &iarg)
{
  const std::string key = arg[iarg];
  auto need = [&](int n, const char *what) {
    if (iarg + n >= narg) error->all(FLERR, "{}: mesh keyword {} needs {}", me, key, what);
  };
  auto num = [&](int k) {
    return number(me, key, arg[iarg + k]);
  };
  // one of several numbers of the keyword, named in an error (offset dx, move rotate Ax, ...)
  auto finite = [&](int k, const char *what) {
    return number(me, key + " " + what, arg[iarg + k]);
  };
  if (key == "scale") {
    need(1, "a factor");
    mesh->scale = num(1);
    if (!(mesh->scale > 0.0) || !std::isfinite(mesh->scale))
      error->all(FLERR, "{}: mesh scale = {} is out of range: allowed (0, inf)", me, arg[iarg + 1]);
    iarg += 2;
  } else if (key == "offset") {
    need(3, "three coordinates dx dy dz");
    mesh->offset = {finite(1, "dx"), finite(2, "dy"), finite(3, "dz")};
    iarg += 4;
  } else if (key == "coplanar") {
    need(1, "an angle in degrees");
    mesh->coplanar = num(1);
    if (!(mesh->coplanar >= 0.0 && mesh->coplanar < 90.0))
      error->all(FLERR, "{}: mesh coplanar = {} is out of range: allowed [0, 90) degrees", me,
                 arg[iarg + 1]);
    iarg += 2;
  } else if (key == "curvature") {
    need(1, "an angle in degrees");
    mesh->curvature = num(1);
    if (!(mesh->curvature >= 0.0 && mesh->curvature < 90.0))
      error->all(FLERR, "{}: mesh curvature = {} is out of range: allowed [0, 90) degrees", me,
                 arg[iarg + 1]);
    iarg += 2;
  } else if (key == "contacts") {
    need(1, "a number of contacts");
    const double n = num(1);
    if (!(n >= 1 && n <= dem::MESH_MAX_CANDIDATES && n == std::floor(n)))
      error->all(FLERR,
                 "{}: mesh contacts = {} is out of range: allowed a whole number from 1 to {}", me,
                 arg[iarg + 1], dem::MESH_MAX_CANDIDATES);
    nslot = static_cast<int>(n);
    iarg += 2;
  } else if (key == "surface_velocity") {
    need(3, "a velocity vx vy vz");
    mesh->vsurf = {finite(1, "vx"), finite(2, "vy"), finite(3, "vz")};
    iarg += 4;
  } else if (key == "move") {
    need(1, "translate vx vy vz or rotate Px Py Pz Ax Ay Az omega");
    const std::string how = arg[iarg + 1];
    // a velocity component: a number or v_name (an equal-style variable, checked at init)
    auto rate = [&](int k, const char *what, EqualValue &r) {
      if (!r.read_variable(lmp, me, fmt::format("move {} {}", how, what), arg[iarg + k]))
        r.value = finite(k, what);
    };
    if (how == "translate") {
      if (iarg + 5 > narg)
        error->all(FLERR, "{}: move translate needs a velocity vx vy vz (numbers or v_name)", me);
      iarg += 1;
      rate(1, "vx", mesh->rate[0]);
      rate(2, "vy", mesh->rate[1]);
      rate(3, "vz", mesh->rate[2]);
      mesh->translate = true;
      iarg += 4;
    } else if (how == "rotate") {
      if (iarg + 9 > narg)
        error->all(
            FLERR,
            "{}: move rotate needs a point Px Py Pz, an axis Ax Ay Az and an angular velocity (a "
            "number or v_name)",
            me);
      iarg += 1;
      mesh->pivot = {finite(1, "Px"), finite(2, "Py"), finite(3, "Pz")};
      const Vec3 a{finite(4, "Ax"), finite(5, "Ay"), finite(6, "Az")};
      // an axis whose square would overflow (1e300) or underflow (1e-300) is divided by its largest
      // component first
      const double largest = std::max({std::fabs(a.x), std::fabs(a.y), std::fabs(a.z)});
      if (!(largest > 0.0))
        error->all(FLERR, "{}: move rotate: the axis ({}, {}, {}) has zero length", me, a.x, a.y,
                   a.z);
      const Vec3 u = largest > 1e-100 && largest < 1e100
          ? a
          : Vec3{a.x / largest, a.y / largest, a.z / largest};
      mesh->axis = (1.0 / dem::norm(u)) * u;
      rate(7, "omega", mesh->rate[3]);
      mesh->rotate = true;
      iarg += 8;
    } else {
      error->all(FLERR, "{}: move {} is unknown: allowed translate or rotate", me, how);
    }
  } else {
    return false;
  }
  return true;
}

// Called at the end of the constructor of the most derived class, after every check that can
// fail: Atom::delete_callback finds a fix by its place in the fix list, which a fix whose
// constructor failed never got, so its destructor could not remove callbacks (and an error thrown
// there, during the unwinding of the first, aborts the process). slot_size: doubles per wall
// contact slot, which the law's parameters fix (wall_stride).
void FixWallDEMBase::register_atom_arrays(int slot_size)
{
  stride = slot_size;
  maxexchange = nslot * stride;    // per-atom values packed for Comm::exchange()
  grow_arrays(atom->nmax);
  atom->add_callback(Atom::GROW);
  atom->add_callback(Atom::RESTART);
  callbacks_added = true;
  for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
}

FixWallDEMBase::~FixWallDEMBase()
{
  if (copymode) return;
  if (callbacks_added) {
    atom->delete_callback(id, Atom::GROW);
    atom->delete_callback(id, Atom::RESTART);
  }
  memory->destroy(hist);
  memory->destroy(mass_rigid);
  delete[] extlist;
}

int FixWallDEMBase::setmask()
{
  return FixConst::POST_FORCE;
}

void FixWallDEMBase::init()
{
  if (utils::strmatch(update->integrate_style, "^respa"))
    error->all(FLERR, "Fix wall/dem does not support run_style respa");
  if (wallstyle == REGION) {
    auto *now = domain->get_region_by_id(idregion);
    if (!now) error->all(FLERR, "Fix wall/dem: region {} does not exist", idregion);
    if (now != region) {
      if (now->cmax != nslot)
        error->all(FLERR, "Fix wall/dem: region {} was redefined with a different number of walls",
                   idregion);
      region = now;
      if (comm->me == 0)
        error->warning(FLERR, "Fix wall/dem: region {} was redefined, resetting its motion",
                       idregion);
      region->reset_vel();
    }
    if (region_reset) {
      if (comm->me == 0)
        error->warning(
            FLERR, "Fix wall/dem: region {} does not match the restart file, resetting its motion",
            idregion);
      region->reset_vel();
      region_reset = false;
    }
  }
  if (adopted_nth >= 0) {    // no global record came with them (see post_constructor)
    if (comm->me == 0)
      error->warning(
          FLERR,
          "Fix {} {}: the restart file holds wall contacts of this fix ID written by another "
          "variant of the style, without global data LAMMPS hands over (the /kk style was given "
          "explicitly, not through a suffix): its wall contacts start afresh",
          id, style);
    adopted_nth = -1;
  }
  if (!restart_mismatch.empty()) {
    if (comm->me == 0)
      error->warning(FLERR,
                     "Fix {} {}: {}, this fix is a {} {} wall: its wall contacts start afresh{}",
                     id, style, restart_mismatch, law_name, wall_style_names[wallstyle],
                     bonded_in_file > 0.0
                         ? fmt::format(", and the bonds of its {:.0f} bonded contacts are lost",
                                       bonded_in_file)
                         : std::string());
    restart_mismatch.clear();
  }
  servo.init(lmp, fmt::format("Fix {} {}", id, style));
  record_cracks = false;    // (until fix dem/cracks asks again: FixDEMCracks::setup)
  cracks.clear();
  max_gap = positive_rgap();
  double adh_reach = 0.0;
  const double rmax_all = group_max_radius();
  if (adh.model != dem::ADH_NONE) {    // the search reaches the adhesive range of the largest ball
    adh_reach = adhesive_reach(rmax_all);
    adh.range =
        adh_reach;    // a contact's reach beyond touching, as for a pair (dem/contact_step.h)
    const std::string err = check_reach(adh, adh_reach, box_edge(domain));
    if (!err.empty()) error->all(FLERR, "Fix {} {}: {}", style, law_name, err);
  }
  warned_deep = false;
  // as for the pair styles (PairDEMBase::init_style): a reference gap is a few skins at most, and
  // a huge one would reach (and push) every particle
  if (max_gap > neighbor->skin)
    error->all(
        FLERR,
        "Fix {}: rgap {} exceeds the neighbor skin {}: use neighbor SKIN bin with SKIN >= rgap",
        style, max_gap, neighbor->skin);
  // walls are searched for every step (not through the neighbour list): no skin limit for adhesion
  // or bonds. A bond holds up to its length (R1: listed_bond_reach) beyond the largest dem_bond gap.
  max_gap = std::max(max_gap, adh_reach);
  if (bond.any) max_gap = std::max(max_gap, rmax_all + bond.gap_max);

  if (mesh) {
    mesh->init_motion(lmp, fmt::format("Fix {} {}", style, law_name));
    // the grid's triangle lists reach as far as the largest ball of the group reaches (a larger
    // ball appearing later has the grid rebuilt: find_touches)
    const double margin = mesh_reach(rmax_all, max_gap);
    if (margin > 0.0 && margin != mesh->data.grid.margin) build_grid(mesh->data, margin);
  }

  fix_rigid = nullptr;
  for (auto *fix : modify->get_fix_list())
    if (fix->rigid_flag) {
      if (fix_rigid) error->all(FLERR, "Fix wall/dem supports only one rigid-body fix");
      fix_rigid = fix;
    }
  consolidate();
  check_finite();
  report_timescales();
}

double FixWallDEMBase::group_max_radius() const
{
  double rmax = 0.0, rmax_all = 0.0;
  for (int i = 0; i < atom->nlocal; i++)
    if (atom->mask[i] & groupbit) rmax = std::max(rmax, atom->radius[i]);
  MPI_Allreduce(&rmax, &rmax_all, 1, MPI_DOUBLE, MPI_MAX, world);
  return rmax_all;
}

void FixWallDEMBase::setup(int vflag)
{
  post_force(vflag);
}

double FixWallDEMBase::ball_mass(int i) const
{
  if (fix_rigid && mass_rigid[i] > 0.0) return mass_rigid[i];
  return atom->rmass[i];
}

void FixWallDEMBase::post_force(int)
{
  reduced = false;
  // a particle in a rigid body contributes the body's mass to m_c (as fix wall/gran)
  if (fix_rigid && (neighbor->ago == 0 || nmax_rigid < atom->nmax))
    gather_rigid_masses(lmp, fix_rigid, mass_rigid, nmax_rigid, "wall/dem:mass_rigid");
  // the region's position, orientation and velocity at this step
  if (region && region->dynamic_check()) {
    region->prematch();
    region->set_velocity();
  }
  if (mesh) {    // the mesh's motion to this step (variables evaluated once)
    mesh->step(lmp);
    mesh_now = mesh->view();
  }
  for (double &s : step_local) s = 0.0;
  for (double &s : rows_local) s = 0.0;
  compute_walls(!update->setupflag);
  if (servo.on && !update->setupflag) move_servo_walls();
}

// The servo's step (wall_servo.h): the walls' normal forces and stiffnesses over all ranks, and
// the walls moved by them for the next step
void FixWallDEMBase::move_servo_walls()
{
  double local[4] = {}, all[4];
  for (int r = 0; r < nrows; r++) {
    local[2 * r] = rows_local[r * A_COUNT + A_FN];
    local[2 * r + 1] = rows_local[r * A_COUNT + A_KN];
  }
  MPI_Allreduce(local, all, 4, MPI_DOUBLE, MPI_SUM, world);
  const double fn[2] = {all[0], all[2]}, kn[2] = {all[1], all[3]};

  servo.advance(lmp, fixed, fn, kn, update->dt);
}

int FixWallDEMBase::find_touches(int i, dem::WallTouch *out)
{
  const double *x = atom->x[i];
  const double r = atom->radius[i];
  if (mesh) {
    const double cutoff = mesh_reach(r, max_gap);
    if (cutoff >
        mesh_now.grid.margin) {    // a ball larger than any at init: a grid that reaches it
      build_grid(mesh->data, 1.25 * cutoff);
      mesh_now = mesh->view();
    }
    const int n = mesh_now.touches({x[0], x[1], x[2]}, r, cutoff, r + max_gap, out);
    if (n < 0)
      error->one(FLERR, "Fix {} {}: atom {} touches more than {} facet patches of mesh {}", style,
                 law_name, atom->tag[i], dem::MESH_MAX_CANDIDATES, mesh->file);
    return n;
  }
  const double cutoff = wall_reach(r, max_gap);
  if (wallstyle != REGION) return fixed.touches({x[0], x[1], x[2]}, cutoff, out);
  int n = 0;
  if (!region->match(x[0], x[1], x[2])) return 0;
  const int nc = region->surface(x[0], x[1], x[2], cutoff);
  for (int ic = 0; ic < nc && n < nslot; ic++) {
    const auto &rc = region->contact[ic];
    if (!(rc.r > 0.0)) continue;
    const Vec3 del{rc.delx, rc.dely, rc.delz};    // from the surface point to the centre
    const Vec3 nrm = (-1.0 / rc.r) * del;
    const Vec3 xi{x[0], x[1], x[2]};
    // the wall's velocity at the contact point, midway in the overlap
    const Vec3 xc = xi + (0.5 * (r + rc.r)) * nrm;
    Vec3 vw{0.0, 0.0, 0.0};
    if (region->moveflag) vw = {region->v[0], region->v[1], region->v[2]};
    if (region->rotateflag) {
      const Vec3 w{region->omega[0], region->omega[1], region->omega[2]};
      const Vec3 rp{region->rpoint[0], region->rpoint[1], region->rpoint[2]};
      vw = vw + dem::cross(w, xc - rp);
    }
    if (region->varshape && rc.varflag) {
      double vs[3] = {vw.x, vw.y, vw.z}, xs[3] = {x[0] - del.x, x[1] - del.y, x[2] - del.z};
      region->velocity_contact_shape(vs, xs);
      vw = {vs[0], vs[1], vs[2]};
    }
    out[n++] = {rc.iwall, nrm, rc.r, vw};
  }
  return n;
}

int FixWallDEMBase::max_touches() const
{
  return mesh ? dem::MESH_MAX_CANDIDATES : nslot;
}

// A ball's centre behind a wall surface (often a particle created outside the walls): the wall
// pushes it back with a force far beyond the law's range. Warned once per run, by the rank that
// sees it.
void FixWallDEMBase::warn_deep_overlap(tagint id, double overlap, double radius)
{
  if (warned_deep) return;
  warned_deep = true;
  error->warning(
      FLERR,
      "Fix {} {}: atom {} overlaps a wall by {:.6g} on step {}, more than its radius ({:.6g}): its "
      "centre is behind the wall surface (was it created outside the walls?), and the contact "
      "force "
      "is far beyond the law's range (only the first such contact of a run is reported)",
      style, law_name, id, overlap, update->ntimestep, radius);
}

// After a step's loop or kernel: what it summed into the outputs (the cumulative ones, the
// dissipations, activations and broken bonds, add up; the others are the step's), its records (a
// bond carried beyond its reach stops the run; the deepest contact is warned about) and the bonds
// dem_bond made
void FixWallDEMBase::add_step_sums(const WallSums &s)
{
  for (int k = 0; k < V_COUNT; k++) (is_cumulative(k) ? cumulative[k] : step_local[k]) += s[k];
  const ContactRecord &gone = s.record[WR_STRETCHED];
  if (gone.found())
    error->one(FLERR,
               "Fix {} {}: the bond of atom {} to wall {} was {} on step {} without breaking: a "
               "wall holds a bond at most the ball's radius beyond its dem_bond gap (its tensile "
               "strength would allow more: cb_tenf/kn, pb_ten R/pb_emod, ...). Use bonds that "
               "break, or a model that keeps them closer",
               style, law_name, gone.a, gone.b - 1,
               gone.value == INFINITY ? std::string("carried out of the wall's reach in one step")
                                      : fmt::format("stretched to a gap of {:.6g}", gone.value),
               update->ntimestep);
  const ContactRecord &deep = s.record[WR_DEEP];
  if (deep.found()) warn_deep_overlap(deep.a, deep.value, deep.radius);
  if (bonding_now) {    // the requests are carried out: say what they did
    double mine = s[W_BONDS_MADE], made = 0.0;
    MPI_Allreduce(&mine, &made, 1, MPI_DOUBLE, MPI_SUM, world);
    if (comm->me == 0)
      utils::logmesg(lmp, "dem_bond on step {}: fix {}: {:.0f} wall contacts bonded\n",
                     update->ntimestep, id, made);
    bond.requests = 0;
    bonding_now = false;
  }
}

dem::BondStep FixWallDEMBase::bond_step(bool advance)
{
  bonding_now = advance && bond.requests != 0;
  return bond.of_step(advance);
}

// (a bonding gap widens the wall's search from the next run on: init)
void FixWallDEMBase::request_bonds(int mode, int groupbit, double gap)
{
  if (!bond.add(mode, groupbit, gap))
    error->all(FLERR,
               "dem_bond: {} requests are waiting for the next step of fix {}: run a step (run 1) "
               "before more dem_bond commands",
               dem::BondStep::MAX_REQUESTS, id);
}

// Move every rank's cumulative totals to rank 0 (their sum is unchanged), so that rank 0 can
// write them to a restart file. Collective.
void FixWallDEMBase::consolidate()
{
  double sum[V_COUNT];
  MPI_Allreduce(cumulative, sum, V_COUNT, MPI_DOUBLE, MPI_SUM, world);
  for (int k = 0; k < V_COUNT; k++) cumulative[k] = comm->me == 0 ? sum[k] : 0.0;
}

void FixWallDEMBase::reduce_outputs()
{
  if (reduced) return;
  std::vector<double> local(V_COUNT + rows_local.size()), all(local.size());
  for (int k = 0; k < V_COUNT; k++) local[k] = step_local[k] + cumulative[k];
  std::copy(rows_local.begin(), rows_local.end(), local.begin() + V_COUNT);
  MPI_Allreduce(local.data(), all.data(), static_cast<int>(local.size()), MPI_DOUBLE, MPI_SUM,
                world);
  std::copy(all.begin(), all.begin() + V_COUNT, vector_all);
  std::copy(all.begin() + V_COUNT, all.end(), rows_all.begin());
  reduced = true;
}

double FixWallDEMBase::compute_scalar()
{
  reduce_outputs();
  return vector_all[V_STRAIN] + vector_all[V_ADHESIVE];    // the stored energy, as a pair style's
}

double FixWallDEMBase::compute_vector(int n)
{
  if (is_place_entry(n)) {
    if (wallstyle == ZCYLINDER) return n == VECTOR_PLACE ? fixed.radius : 0.0;
    if (wallstyle == REGION || wallstyle == MESH) return 0.0;
    return n == VECTOR_PLACE ? (fixed.has_lo ? fixed.lo : 0.0) : (fixed.has_hi ? fixed.hi : 0.0);
  }
  if (is_motion_entry(n))
    return mesh && mesh->motion.started ? mesh->motion.at(n - VECTOR_MOTION, mesh->motion.tlast)
                                        : 0.0;
  reduce_outputs();
  return vector_all[sum_of_entry(n)];
}

double FixWallDEMBase::compute_array(int i, int j)
{
  reduce_outputs();
  const double *row = &rows_all[i * A_COUNT];
  if (j == COLUMN_PRESSURE) return mesh ? row[A_FN] / mesh->data.area[i] : 0.0;
  return row[j == COLUMN_KN ? A_KN : j];
}

double FixWallDEMBase::memory_usage()
{
  double bytes = static_cast<double>(atom->nmax) * nslot * stride * sizeof(double) +
      static_cast<double>(nmax_rigid) * sizeof(double);
  if (mesh)    // the mesh, its grid and the per-triangle rows
    bytes += static_cast<double>(mesh->data.tri.size()) *
            (sizeof(dem::MeshTri) + 2 * A_COUNT * sizeof(double)) +
        static_cast<double>(mesh->data.patch.size()) * sizeof(dem::MeshPatch) +
        static_cast<double>(mesh->data.start.size() + mesh->data.items.size()) * sizeof(int);
  return bytes;
}

void FixWallDEMBase::grow_arrays(int nmax)
{
  memory->grow(hist, nmax, nslot * stride, "wall/dem:history");
}

void FixWallDEMBase::copy_arrays(int i, int j, int)
{
  std::memcpy(hist[j], hist[i], sizeof(double) * nslot * stride);
}

void FixWallDEMBase::set_arrays(int i)
{
  for (int k = 0; k < nslot * stride; k++) hist[i][k] = 0.0;
}

int FixWallDEMBase::pack_exchange(int i, double *buf)
{
  for (int k = 0; k < nslot * stride; k++) buf[k] = hist[i][k];
  return nslot * stride;
}

int FixWallDEMBase::unpack_exchange(int nlocal, double *buf)
{
  for (int k = 0; k < nslot * stride; k++) hist[nlocal][k] = buf[k];
  return nslot * stride;
}

// per-atom restart data (doc/restart.rst): [length, mark, ID key, style key, nslot, stride, history...]
int FixWallDEMBase::pack_restart(int i, double *buf)
{
  const int n = WALL_HEADER + nslot * stride;
  buf[0] = n;
  put_atom_record_keys(buf, WALL_ATOM_MARK, id, style);
  buf[4] = nslot;
  buf[5] = stride;
  for (int k = 0; k < nslot * stride; k++) buf[WALL_HEADER + k] = hist[i][k];
  return n;
}

// A record of another wall (the global record said so), or of another kind (a pre-1.0 file's,
// whose global record was refused): no contacts.
void FixWallDEMBase::unpack_restart(int nlocal, int nth)
{
  const double *rec = atom_record(lmp, nlocal, nth);    // (checked by post_constructor)
  set_arrays(nlocal);
  if (!is_atom_record(rec, WALL_ATOM_MARK) || !restart_mismatch.empty()) return;
  const int ns = static_cast<int>(rec[4]), st = static_cast<int>(rec[5]);
  if (st != stride) return;
  for (int k = 0; k < std::min(ns, nslot) * stride; k++) hist[nlocal][k] = rec[WALL_HEADER + k];
}

int FixWallDEMBase::size_restart(int)
{
  return WALL_HEADER + nslot * stride;
}

int FixWallDEMBase::maxsize_restart()
{
  return WALL_HEADER + nslot * stride;
}

// global restart data (doc/restart.rst): the record DEM:WALL (what the wall is, the cumulative
// totals, a mesh's motion and which mesh it is), then the region's motion state (as fix
// wall/gran/region), which its velocity after a restart needs
void FixWallDEMBase::write_restart(FILE *fp)
{
  consolidate();
  // the bonded contacts of the last step, vector entry 22 (a fix that reads them as another
  // wall's says they are lost)
  reduce_outputs();
  const double bonded = vector_all[V_BONDED];
  if (comm->me != 0) return;
  RecordWriter rec(WALL_MARK);
  rec.put("law", law_name);
  rec.put("wall", std::string(wall_style_names[wallstyle]));
  rec.put("slots", nslot);
  rec.put("stride", stride);
  for (int k = 0; k < V_COUNT; k++) rec.put(total_names[k], cumulative[k]);
  if (bond.gap_max > 0.0) rec.put("bond_gap_max", bond.gap_max);
  if (bonded > 0.0) rec.put("bonded_now", bonded);
  if (servo.on) {    // where the servo moved the walls, and their rates
    const double at[5] = {fixed.lo, fixed.hi, fixed.radius, fixed.rate_lo, fixed.rate_hi};
    rec.put("servo_walls", at, 5);
  }
  if (mesh) {    // the mesh's motion (where it is now), and which mesh it is
    const MeshData &d = mesh->data;
    const MeshMotion &m = mesh->motion;
    rec.put("mesh_time0", mesh->time0);
    rec.put("mesh_t0", m.t0, MeshMotion::N);
    rec.put("mesh_x0", m.x0, MeshMotion::N);
    rec.put("mesh_v", m.v, MeshMotion::N);
    rec.put("mesh_tlast", m.tlast);
    rec.put("mesh_started", m.started);
    rec.put("mesh_triangles", static_cast<double>(d.tri.size()));
    const double lo[3] = {d.lo.x, d.lo.y, d.lo.z}, hi[3] = {d.hi.x, d.hi.y, d.hi.z};
    rec.put("mesh_lo", lo, 3);
    rec.put("mesh_hi", hi, 3);
    const double fp2[2] = {static_cast<double>(d.fingerprint >> 32),
                           static_cast<double>(d.fingerprint & 0xffffffffu)};
    rec.put("mesh_fingerprint", fp2, 2);
  }
  int region_len = 0;
  if (region) region->length_restart_string(region_len);
  rec.write_sized(fp, region_len);
  if (region) region->write_restart(fp);
}

namespace {

constexpr double MOST_SLOTS = 1e6, MOST_STRIDE = 1e6;

// What is wrong with an atom's wall record (rec), "" if it fits: the slots and stride of the
// others' (h), and a length that holds them.
std::string wall_record_problem(const double *rec, const std::vector<double> &h)
{
  const double len = rec[0], ns = rec[4], st = rec[5];
  if (len < WALL_HEADER)
    return fmt::format("its wall record has length {}, less than its header ({})", len,
                       WALL_HEADER);
  if (!whole_in(ns, 0, MOST_SLOTS) || !whole_in(st, 1, MOST_STRIDE))
    return fmt::format("its wall record has {} slots of {} values, allowed whole numbers from 0 to "
                       "{} slots of 1 to {}",
                       ns, st, MOST_SLOTS, MOST_STRIDE);
  if (ns != h[4] || st != h[5])
    return fmt::format("its wall record has {} slots of {} values, another atom's {} of {}", ns, st,
                       h[4], h[5]);
  if (len != WALL_HEADER + ns * st)
    return fmt::format("its wall record has length {}, its {} slots of {} values take {}", len, ns,
                       st, WALL_HEADER + ns * st);
  return {};
}

// The lengths of the ID and style texts of a region's motion state (Region::write_restart) in
// p[0..n), which must hold it whole: "" or what does not fit.
std::string region_state_problem(const char *p, size_t n, int lengths[2])
{
  size_t at = 0;
  const char *const what[2] = {"region ID", "region style"};
  for (int k = 0; k < 2; k++) {
    if (at + sizeof(int) > n) return fmt::format("it ends before the length of its {}", what[k]);
    std::memcpy(&lengths[k], p + at, sizeof(int));
    at += sizeof(int);
    if (lengths[k] < 1 || static_cast<size_t>(lengths[k]) > n - at)
      return fmt::format("the length of its {} is {}, outside 1 to {}", what[k], lengths[k],
                         n - at);
    at += lengths[k];
  }
  if (at + sizeof(int) > n) return "it ends before its number of regions";
  at += sizeof(int);
  if ((n - at) % sizeof(double) != 0)
    return fmt::format("its last {} bytes are not whole numbers of 8 bytes", n - at);
  return {};
}

// true if the region state (with ID and style texts of these lengths) has the size that `region`
// reads: its ID's, its style's and its own.
bool region_state_fits(Region *region, size_t n, const int lengths[2])
{
  int size = 0;
  region->length_restart_string(size);
  return static_cast<size_t>(size) == n &&
      static_cast<size_t>(lengths[0]) == std::strlen(region->id) + 1 &&
      static_cast<size_t>(lengths[1]) == std::strlen(region->style) + 1;
}

// "" or, when the region state at p (n bytes, region_state_problem's lengths) is that of a region
// of the ID and style of `region`, a size other than the one such a region writes: the record's
// size (item TOTAL_ITEM) is damaged. (A state of another region is a mismatch: its motion resets.)
std::string region_size_problem(Region *region, const char *p, size_t n, const int lengths[2])
{
  const char *id = p + sizeof(int), *style = id + lengths[0] + sizeof(int);
  auto same = [](const char *text, int length, const char *name) {
    return static_cast<size_t>(length) == std::strlen(name) + 1 &&
        std::memcmp(text, name, length) == 0;
  };
  if (!same(id, lengths[0], region->id) || !same(style, lengths[1], region->style)) return {};
  int size = 0;
  region->length_restart_string(size);
  if (static_cast<size_t>(size) == n) return {};
  return fmt::format("its size (item '{}') leaves {} bytes for the motion state of region {} "
                     "(style {}), which writes {}",
                     TOTAL_ITEM, n, region->id, region->style, size);
}

// What the record DEM:WALL says its wall is
struct WallKind {
  std::string law, wall;
  double slots = -1, stride = -1;
};

// "" or what does not fit in the record's wall: a law and a wall style this version knows, and
// the slots and stride that its per-atom records (atom_slots >= 0) repeat
std::string wall_kind_problem(const WallKind &w, double atom_slots, double atom_stride)
{
  if (w.law != "linear" && w.law != "hertz" && w.law != "hysteretic")
    return fmt::format("its law is '{}', allowed linear, hertz or hysteretic", w.law);
  if (!is_wall_style(w.wall)) return fmt::format("its wall is '{}', not a wall style", w.wall);
  if (w.slots < 0 || w.stride < 0) return "it lacks the item 'slots' or 'stride'";
  if (atom_slots >= 0 && (w.slots != atom_slots || w.stride != atom_stride))
    return fmt::format(
        "its items 'slots' and 'stride' say {} contact slots of {} values per atom, its per-atom "
        "records {} of {}",
        w.slots, w.stride, atom_slots, atom_stride);
  return {};
}

// "" or what does not fit in the n bytes at p that follow the record within its size: a region's
// motion state for a region wall (lengths: those of its ID and style texts), nothing for another
std::string after_record_problem(const std::string &wall, const char *p, size_t n, int lengths[2])
{
  if (wall != "region")
    return n == 0
        ? std::string()
        : fmt::format("{} bytes follow its items within its size (item '{}')", n, TOTAL_ITEM);
  const std::string problem = region_state_problem(p, n, lengths);
  return problem.empty() ? problem : "the region's motion state after it is damaged: " + problem;
}

}    // namespace

void FixWallDEMBase::restart(char *buf)
{
  Record rec;
  size_t used = 0, size = 0;
  const std::string who = std::string("Fix ") + id + " " + style;
  const RecordError err = parse_sized_record(buf, WALL_MARK, rec, used, size);
  if (err) refuse_record(lmp, who, err);
  WallKind w;
  double ntri = -1, lo[3] = {}, hi[3] = {}, fp2[2] = {-1, -1};
  double servo_at[5];
  bool has_servo = false;
  MeshMotion motion;
  double time0 = 0.0;
  for (int k = 0; k < V_COUNT; k++) cumulative[k] = 0.0;
  bonded_in_file = 0.0;
  for (const RecordItem &item : rec.items) {
    const std::string &name = item.name;
    const int total = static_cast<int>(
        std::find(std::begin(total_names), std::end(total_names), name) - std::begin(total_names));
    auto number = [&]() {
      return item_number(lmp, who, WALL_MARK, item, -DBL_MAX, DBL_MAX);
    };
    // the cumulative totals are rank 0's (every rank checks the value: the errors are collective)
    auto on_rank0 = [&](double v) {
      return comm->me == 0 ? v : 0.0;
    };
    auto copy = [&](double *out, int n) {
      const std::vector<double> &v = item_numbers(lmp, who, WALL_MARK, item, n);
      std::copy(v.begin(), v.end(), out);
    };
    if (name == "law")
      w.law = item_text(lmp, who, WALL_MARK, item);
    else if (name == "wall")
      w.wall = item_text(lmp, who, WALL_MARK, item);
    else if (name == "slots")
      w.slots = item_number(lmp, who, WALL_MARK, item, 0, MOST_SLOTS, true);
    else if (name == "stride")
      w.stride = item_number(lmp, who, WALL_MARK, item, 1, MOST_STRIDE, true);
    else if (total < V_COUNT)
      cumulative[total] = on_rank0(number());
    else if (name == "bond_gap_max")
      bond.gap_max = item_number(lmp, who, WALL_MARK, item, 0, INFINITY);
    else if (name == "bonded_now")
      bonded_in_file = item_number(lmp, who, WALL_MARK, item, 0, INFINITY);
    else if (name == "mesh_time0")
      time0 = number();
    else if (name == "mesh_t0")
      copy(motion.t0, MeshMotion::N);
    else if (name == "mesh_x0")
      copy(motion.x0, MeshMotion::N);
    else if (name == "mesh_v")
      copy(motion.v, MeshMotion::N);
    else if (name == "mesh_tlast")
      motion.tlast = number();
    else if (name == "mesh_started")
      motion.started = number();
    else if (name == "mesh_triangles")
      ntri = number();
    else if (name == "mesh_lo")
      copy(lo, 3);
    else if (name == "mesh_hi")
      copy(hi, 3);
    else if (name == "mesh_fingerprint")
      copy(fp2, 2);
    else if (name == "servo_walls") {
      copy(servo_at, 5);
      has_servo = true;
    } else
      unknown_item(lmp, who, rec, name);
  }
  // the wall, then what follows the record within its size (a record of 1.0.0 gives none: size 0)
  std::string problem = wall_kind_problem(w, atom_slots, atom_stride);
  int lengths[2] = {0, 0};
  if (problem.empty() && size != 0)
    problem = after_record_problem(w.wall, buf + used, size - used, lengths);
  if (problem.empty() && size != 0 && w.wall == "region" && region)
    problem = region_size_problem(region, buf + used, size - used, lengths);
  if (!problem.empty()) refuse_damaged(lmp, who, WALL_MARK, problem);
  // another law or wall geometry under this ID: its contacts are not this wall's
  const std::string &wall = w.wall;
  restart_mismatch.clear();
  if (w.law != law_name || wall != wall_style_names[wallstyle])
    restart_mismatch =
        fmt::format("the restart file's contacts are those of a {} {} wall", w.law, wall);
  else if (w.slots != nslot || w.stride != stride)
    restart_mismatch = fmt::format(
        "the restart file's contacts are those of a {} {} wall with {} contact slots of {} values "
        "per atom (this fix: {} of {})",
        w.law, wall, w.slots, w.stride, nslot, stride);
  if (has_servo && restart_mismatch.empty()) restore_servo_walls(servo_at);
  if (region) {
    int n = 0;
    const bool fits =
        wall == "region" && (size == 0 || region_state_fits(region, size - used, lengths));
    if (!fits || !region->restart(buf + used, n)) region_reset = true;
  }
  if (mesh && wall == "mesh") {
    mesh->time0 = time0;
    mesh->motion = motion;
    // another mesh (file, scale or offset): the contacts' patch ids are not this mesh's
    const MeshData &d = mesh->data;
    const double now[7] = {
        static_cast<double>(d.tri.size()), d.lo.x, d.lo.y, d.lo.z, d.hi.x, d.hi.y, d.hi.z};
    const double was[7] = {ntri, lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]};
    if (restart_mismatch.empty() && !std::equal(now, now + 7, was))
      restart_mismatch = fmt::format(
          "the restart file's mesh has {} triangles from ({}, {}, {}) to ({}, {}, {}), mesh {} has "
          "{} from ({}, {}, {}) to ({}, {}, {}) (another file, scale or offset)",
          was[0], was[1], was[2], was[3], was[4], was[5], was[6], mesh->file, now[0], now[1],
          now[2], now[3], now[4], now[5], now[6]);
    // the same count and box, but other triangles or the same in another order (a re-exported
    // file), or another coplanar: the patches are numbered otherwise
    const double fp_now[2] = {static_cast<double>(d.fingerprint >> 32),
                              static_cast<double>(d.fingerprint & 0xffffffffu)};
    if (restart_mismatch.empty() && !std::equal(fp_now, fp_now + 2, fp2))
      restart_mismatch = fmt::format(
          "the restart file's mesh has the {} triangles and bounding box of mesh {}, but not the "
          "same triangles in the same order with the same coplanar (its facet patches, which the "
          "contacts refer to, are numbered otherwise)",
          was[0], mesh->file);
  }
  if (adopted_nth >=
      0) {    // the per-atom records post_constructor found, now that they can be checked
    for (int j = 0; j < atom->nlocal; j++) unpack_restart(j, adopted_nth);
    adopted_nth = -1;
    restart_reset = 1;
    if (comm->me == 0)
      utils::logmesg(
          lmp, "Fix {} {}: wall contacts read from the restart data of the fix's other variant\n",
          id, style);
  }
}

// The places and rates of the servo walls a restart file holds (the record's item servo_walls):
// a fix with a servo continues from them, one without keeps the places of its arguments.
void FixWallDEMBase::restore_servo_walls(const double *at)
{
  const std::string who = std::string("Fix ") + id + " " + style;
  for (int k = 0; k < 5; k++)
    if (!std::isfinite(at[k]))
      refuse_damaged(lmp, who, WALL_MARK,
                     "its item 'servo_walls' holds a value that is not finite");
  if (!servo.on) {
    if (comm->me == 0)
      error->warning(FLERR,
                     "{}: the restart file's walls were moved by a servo (to lo {} hi {}, radius "
                     "{}); this fix has no servo keyword: its walls are where its arguments put "
                     "them",
                     who, at[0], at[1], at[2]);
    return;
  }
  if (wallstyle == ZCYLINDER) {
    fixed.radius = at[2];
    fixed.rate_lo = at[3];
  } else {
    if (fixed.has_lo) fixed.lo = at[0], fixed.rate_lo = at[3];
    if (fixed.has_hi) fixed.hi = at[1], fixed.rate_hi = at[4];
  }
  if (comm->me == 0)
    utils::logmesg(lmp, "{}: servo walls continue from the restart file (lo {} hi {}, radius {})\n",
                   who, fixed.lo, fixed.hi, fixed.radius);
}

// The CPU fix and its Kokkos variant write the same restart data, but LAMMPS hands per-atom data
// only to a fix of the same style: find it here (its global record, which LAMMPS hands over
// under the style without the suffix, comes next and unpacks it once it checked what it is).
// The per-atom records are checked here, before LAMMPS or restart() unpacks them.
void FixWallDEMBase::post_constructor()
{
  const std::string who = std::string("Fix ") + id + " " + style;
  const PeratomSource src =
      find_peratom_record(lmp, id, style, WALL_ATOM_MARK, false, WALL_HEADER, who);
  const std::vector<double> &h = src.header;
  check_atom_records(lmp, src.nth, WALL_ATOM_MARK, who, [&](const double *rec) {
    return wall_record_problem(rec, h);
  });
  adopted_nth = src.lammps_hands ? -1 : src.nth;
  atom_slots = h.empty() ? -1 : h[4];
  atom_stride = h.empty() ? -1 : h[5];
}

// ---------------------------------------------------------------------------------------------

char **FixWallDEM::known_law(LAMMPS *lmp, int narg, char **arg, const char *style)
{
  const std::string law = narg > 3 ? arg[3] : "";
#define DEM_WALL_LAW(L) \
  if (law == L::wall_name) return arg;
  DEM_FOR_EACH_LAW(DEM_WALL_LAW)
#undef DEM_WALL_LAW
  lmp->error->all(FLERR,
                  "Fix {}: unknown contact law '{}' (allowed: {}); syntax: fix ID group {} LAW "
                  "keyword value ... WALLSTYLE args",
                  style, law, wall_law_names(), style);
  return arg;
}

FixWallDEM::FixWallDEM(LAMMPS *lmp, int narg, char **arg) :
    FixWallDEMBase(lmp, narg, known_law(lmp, narg, arg))
{
#define DEM_WALL_LAW(L) \
  if (law_name == L::wall_name) wall_law.emplace<WallLaw<LawStyle<L>>>();
  DEM_FOR_EACH_LAW(DEM_WALL_LAW)
#undef DEM_WALL_LAW
  std::visit(
      [&](auto &w) {
        set_keywords(w, arg);
      },
      wall_law);
}

// the law's keywords, arg[4 .. first_wall_arg), into w and adh_props, mixed into w.params and adh
template <class Style> void FixWallDEM::set_keywords(WallLaw<Style> &w, char **arg)
{
  const std::string me = std::string("Fix ") + style + " " + law_name;
  for (int iarg = 4; iarg < first_wall_arg; iarg += 2) {
    if (iarg + 1 >= first_wall_arg)
      error->all(FLERR, "{}: keyword {} needs a value", me, arg[iarg]);
    double v = 0.0;
    std::string err = parse_value(arg[iarg], arg[iarg + 1], v);
    if (err.empty())
      err = is_adhesion_keyword(arg[iarg]) ? adhesion_set(adh_props, arg[iarg], v)
                                           : Style::set(w.props, arg[iarg], v);
    if (!err.empty()) error->all(FLERR, "{}: {}", me, err);
  }
  const std::string err = mix_wall<Style>(w.props, adh_props, w.params, adh);
  if (!err.empty()) error->all(FLERR, "{}: {}", me, err);
  bond.any = Style::Law::Parts::template uses<dem::BondsPart>(w.params);
  // the Kokkos variant's own checks come before its construction (FixWallDEMKokkos::checked)
  register_atom_arrays(wall_stride<typename Style::Law>(w.params));
}

double FixWallDEM::positive_rgap() const
{
  return std::visit(
      [](const auto &w) {
        return w.params.rgap > 0.0 ? w.params.rgap : 0.0;
      },
      wall_law);
}

// The ball-wall contact's parameters and adhesion from the fix's keywords: the contact's own
// values, no inheritance from the particles' types (own_values)
template <class Style>
std::string FixWallDEM::mix_wall(const typename Style::Properties &p, const AdhesionProperties &q,
                                 typename Style::Params &out, dem::Adhesion &a) const
{
  using Properties = typename Style::Properties;
  Properties props3[3];
  AdhesionProperties adh3[3];
  own_values<Style>(p, q, props3, adh3);
  const std::string err =
      mix_contact<Style>(props3, adh3, domain->dimension == 2, update->unit_style, out, a);
  if constexpr (Style::Law::Parts::template has<dem::HoldingPart>())
    if (err.empty() && dem::HoldingPart::holds(out))
      return "hold_gap is a property of particle-particle contacts (pair style dem/linear): a "
             "wall contact holds only while bonded (dem_bond)";
  return err;
}

// The largest particle of each type in the group gives finite forces against the wall
// (finite_probe.h); otherwise an error names the keywords whose values overflow.
void FixWallDEM::check_finite()
{
  std::visit(
      [&](const auto &w) {
        check_law_finite(w);
      },
      wall_law);
}

template <class Style> void FixWallDEM::check_law_finite(const WallLaw<Style> &w)
{
  using Properties = typename Style::Properties;
  const TypeExtremes x = type_extremes(lmp, groupbit);
  // the fix's keywords as three like property sets (the form overflow_culprits varies)
  const Properties p[3] = {w.props, w.props, w.props};
  const AdhesionProperties q[3] = {adh_props, adh_props, adh_props};
  for (int t = 1; t <= atom->ntypes; t++) {
    if (!(x.rmax[t] > 0.0)) continue;
    auto finite = [&](const Properties(&tp)[3], const AdhesionProperties(&tq)[3]) {
      typename Style::Params par;
      dem::Adhesion a;
      return mix_wall<Style>(tp[0], tq[0], par, a).empty() &&
          finite_probe<typename Style::Law>(par, a, x.rmax[t], x.mmax[t], INFINITY, 0.0, update->dt,
                                            box_edge(domain));
    };
    if (finite(p, q)) continue;
    error->all(FLERR,
               "Fix {} {}: {} forces that are not finite (floating-point overflow), or that move a "
               "particle farther than the box in one step, for particles of type {} up to radius "
               "{:g} and mass {:g}",
               style, law_name, overflow_culprits(p, q, Style::keywords, finite), t, x.rmax[t],
               x.mmax[t]);
  }
}

// one row per type of the group's particles, its smallest against the wall (contact_report.h)
void FixWallDEM::report_timescales()
{
  std::visit(
      [&](const auto &w) {
        report_law_timescales(w);
      },
      wall_law);
}

template <class Style>
std::vector<ContactRow> FixWallDEM::law_contact_rows(const WallLaw<Style> &w, const TypeExtremes &x,
                                                     double v) const
{
  std::vector<ContactRow> rows;
  for (int t = 1; t <= atom->ntypes; t++) {
    const double r = x.rmin[t], m = x.mmin[t];
    if (r > 0.0)
      rows.push_back({fmt::format("type {} and the wall", t), r, INFINITY, m,
                      dem::timescale(dem::wall_params(w.params, r), r, INFINITY, m, v)});
  }
  return rows;
}

double FixWallDEM::shortest_contact_time()
{
  const TypeExtremes x = type_extremes(lmp, groupbit);
  const double v = impact_speed > 0.0 ? impact_speed : x.vmax;
  return std::visit(
      [&](const auto &w) {
        return shortest_time(law_contact_rows(w, x, v));
      },
      wall_law);
}

template <class Style> void FixWallDEM::report_law_timescales(const WallLaw<Style> &w)
{
  const TypeExtremes x = type_extremes(lmp, groupbit);
  const double v = impact_speed > 0.0 ? impact_speed : x.vmax;
  const std::vector<ContactRow> rows = law_contact_rows(w, x, v);
  const std::string speed = Style::Law::speed_dependent
      ? impact_speed_note(v, impact_speed > 0.0, "the largest particle speed")
      : "";
  report_contacts(lmp, fmt::format("Fix {} {}", id, style), rows, contact_report, speed,
                  Style::stiffness_keywords);
}

void FixWallDEM::compute_walls(bool advance)
{
  std::visit(
      [&](const auto &w) {
        using Law = typename std::decay_t<decltype(w)>::Law;
        // (the flat joint's step only in the loops of a wall that takes joints)
        const bool joint = Law::Parts::uses_joint(w.params);
        if (track_energy && advance)
          joint ? loop<true, dem::EXTRA_JOINTS>(w, advance)
                : loop<true, dem::EXTRA_PARTS>(w, advance);
        else
          joint ? loop<false, dem::EXTRA_JOINTS>(w, advance)
                : loop<false, dem::EXTRA_PARTS>(w, advance);
      },
      wall_law);
}

// ENERGY: accumulate the dissipation (energy yes). advance: a normal step (false during LAMMPS's
// setup: stored forces are replayed without advancing the history, as in the pair styles).
template <bool ENERGY, int EXTRA, class Style>
void FixWallDEM::loop(const WallLaw<Style> &w, bool advance)
{
  double **x = atom->x, **v = atom->v, **omega = atom->omega, **f = atom->f,
         **torque = atom->torque;
  const double *radius = atom->radius;
  const int *mask = atom->mask;
  const tagint *tag = atom->tag;
  const int nlocal = atom->nlocal;
  const double dt = update->dt;
  std::vector<dem::WallTouch> touches(max_touches());
  WallSums sums;
  WallTally<WallSums, PlainRows, HostCracks> tally{
      sums, {rows_local.data(), nrows}, {record_cracks ? &cracks : nullptr, crack_groupbit}};
  const dem::BondStep bonds = bond_step(advance);

  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & groupbit)) continue;
    const int nt = find_touches(i, touches.data());
    if (nt == 0) {
      wall_release_all(hist[i], nslot, stride, tag[i], sums);
      continue;
    }
    WallBall b{{x[i][0], x[i][1], x[i][2]},
               {v[i][0], v[i][1], v[i][2]},
               {omega[i][0], omega[i][1], omega[i][2]},
               radius[i],
               ball_mass(i),
               {f[i][0], f[i][1], f[i][2]},
               {torque[i][0], torque[i][1], torque[i][2]},
               tag[i],
               mask[i]};
    if (mesh && advance) dem::mesh_handover(mesh_now, touches.data(), nt, hist[i], nslot, stride);
    wall_contacts<typename Style::Law, ENERGY, true, EXTRA>(
        w.params, adh, bonds, touches.data(), nt, hist[i], nslot, b, dt, advance, origin, tally);
    if (sums[W_OVERFLOW] > 0.0)
      error->one(FLERR, "Fix wall/dem: more wall contacts for one particle than slots ({})", nslot);
    f[i][0] = b.f.x;
    f[i][1] = b.f.y;
    f[i][2] = b.f.z;
    torque[i][0] = b.t.x;
    torque[i][1] = b.t.y;
    torque[i][2] = b.t.z;
  }
  add_step_sums(sums);
}
