// fix wall/dem: particle-wall contacts with the plugin's contact laws (PFC ball-facet contacts).
//
//   fix ID group wall/dem LAW law-keywords WALLSTYLE args [keyword value ...]
//
// FixWallDEMBase is law-independent: wall geometry (planes, a z cylinder, a LAMMPS region that
// may move and rotate), the per-atom wall contact history (migration, restart), rigid-body masses
// and the outputs. FixWallDEM holds the part of the law its 4th argument names (WallLaw, one
// alternative of a variant per law: LAMMPS makes a fix style's object by its class, one for every
// law), parses the law's keywords with the pair style's Style (the same keywords, ranges and
// mixing code) and runs the law of src/dem on each ball-wall contact built by src/dem/wall.h; the
// per-ball work is wall_contacts (wall_contacts.h), which the Kokkos variant
// (kokkos/fix_wall_dem_kokkos.h) runs too. The laws are those of laws.h; a law whose parameters
// depend on the radii needs a wall_params overload in src/dem/wall.h.
// SPDX-License-Identifier: GPL-2.0-or-later
#ifdef FIX_CLASS
// clang-format off
FixStyle(wall/dem,DEM_NS::FixWallDEM);
// clang-format on
#else

#ifndef LMP_FIX_WALL_DEM_H
#define LMP_FIX_WALL_DEM_H

#include "contact_report.h"
#include "dem/mesh.h"
#include "dem/wall.h"
#include "fix.h"
#include "law_style.h"
#include "laws.h"
#include "wall_contacts.h"
#include "wall_servo.h"

#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace LAMMPS_NS {
class Region;
}

namespace DEM_NS {

struct WallMesh;

// The creator the plugin registers for "fix ... wall/dem LAW ...".
void *create_fix_wall_dem(void *lmp, int narg, char **arg);
// Index of the wall style (xplane ... region) in the arguments of fix wall/dem, narg if none.
int first_wall_style_arg(int narg, char **arg);
class FixWallDEMBase;
// The fix wall/dem (any variant) whose laws take bonds (dem_bond, fix dem/cracks).
std::vector<FixWallDEMBase *> bonding_walls(LAMMPS_NS::LAMMPS *lmp);

class FixWallDEMBase : public LAMMPS_NS::Fix {
 public:
  // the global vector's sums: WallOutput (wall_contacts.h)
  // global vector (compute_vector), 0-based; documented 1-based in doc/fix_wall_dem.rst: the sums
  // up to V_ACTIVATED, then the mesh's displacement and angle (intensive: the same on every rank; 0
  // for other walls), then the sums V_ADHESIVE and V_ADH_LOSS, then the walls' places (intensive:
  // planes lo and hi, the cylinder's radius; 0 for other walls), then the bonds' sums from V_BREAK
  static constexpr int VECTOR_MOTION = V_ADHESIVE, MOTION_ENTRIES = 4,
                       VECTOR_PLACE = V_BREAK + MOTION_ENTRIES, PLACE_ENTRIES = 2,
                       VECTOR_SIZE = V_COUNT + MOTION_ENTRIES + PLACE_ENTRIES;
  static int sum_of_entry(int n)
  {
    return n < VECTOR_MOTION ? n
        : n < VECTOR_PLACE   ? n - MOTION_ENTRIES
                             : n - MOTION_ENTRIES - PLACE_ENTRIES;
  }    // -1 < sum < V_COUNT
  static bool is_cumulative(int v)
  {
    return v == V_SLIP || v == V_DASHPOT || v == V_PLASTIC || v == V_ADH_LOSS || v == V_ACTIVATED ||
        v == V_BREAK || v == V_BROKE_TENSION || v == V_BROKE_SHEAR;
  }
  static bool is_motion_entry(int n)
  {
    return n >= VECTOR_MOTION && n < VECTOR_MOTION + MOTION_ENTRIES;
  }
  static bool is_place_entry(int n)
  {
    return n >= VECTOR_PLACE && n < VECTOR_PLACE + PLACE_ENTRIES;
  }
  // columns of the global array: WallColumn (wall_contacts.h)

  FixWallDEMBase(LAMMPS_NS::LAMMPS *lmp, int narg, char **arg);
  ~FixWallDEMBase() override;
  int setmask() override;
  void init() override;
  void setup(int vflag) override;
  void post_force(int vflag) override;
  double compute_scalar() override;
  double compute_vector(int n) override;
  double compute_array(int i, int j) override;
  double memory_usage() override;
  void grow_arrays(int nmax) override;
  void copy_arrays(int i, int j, int delflag) override;
  void set_arrays(int i) override;
  int pack_exchange(int i, double *buf) override;
  int unpack_exchange(int nlocal, double *buf) override;
  int pack_restart(int i, double *buf) override;
  void unpack_restart(int nlocal, int nth) override;
  int size_restart(int nlocal) override;
  int maxsize_restart() override;
  void write_restart(FILE *fp) override;
  void restart(char *buf) override;
  void post_constructor() override;

  // bonds (dem_bond): whether the wall's law takes them; a request, carried out on the next step
  // that advances (as the pair style's: PairDEMBase::request_bonds)
  bool takes_bonds() const { return bond.any; }
  void request_bonds(int mode, int groupbit, double gap);
  // crack records for fix dem/cracks (CR_VALUES each, crack_record.h) of the broken bonds of balls
  // in crack_groupbit, while record_cracks (which fix dem/cracks sets at each setup, init clears);
  // the fix takes them after each step
  bool record_cracks = false;
  int crack_groupbit = 0;
  std::vector<double> cracks;

 protected:
  enum WallStyle { XPLANE, YPLANE, ZPLANE, ZCYLINDER, REGION, MESH };
  std::string law_name;      // "linear", "hertz"
  int first_wall_arg = 0;    // index of WALLSTYLE in arg: law keywords are arg[4 .. first_wall_arg)
  int wallstyle = XPLANE;
  dem::FixedWalls fixed;    // planes and zcylinder: their geometry and shear velocity
  WallServo servo;          // planes and zcylinder: keyword servo
  std::string idregion;     // (a std::string: nothing to free when a constructor fails)
  LAMMPS_NS::Region *region = nullptr;
  bool region_reset = false;         // restart data did not match the region: reset its motion
  std::unique_ptr<WallMesh> mesh;    // mesh walls (wall_mesh.h)
  std::string restart_mismatch;      // the restart data is another wall's (law, geometry): why
  double bonded_in_file = 0.0;       // the restart file's bonded contacts (item bonded_now)
  int adopted_nth = -1;    // per-atom restart data of the fix's other variant (restart_format.h)
  double atom_slots = -1, atom_stride = -1;    // what the per-atom restart records hold (-1: none)
  dem::Vec3 origin{0.0, 0.0, 0.0};             // reference point of the torques (keyword origin)
  bool track_energy = false;
  bool contact_report = false;    // print the contact report at init (contact_report.h)
  double impact_speed = 0.0;      // of the Hertz time scale; 0: the largest particle speed
  double max_gap = 0.0;           // largest positive reference gap (search distance beyond contact)
  bool warned_deep = false;       // a contact deeper than the ball's radius was reported this run

  // per-atom history: nslot slots of stride doubles, [wall id + 1 (0: free), law history...]
  int nslot = 0, stride = 0;    // stride: set by register_atom_arrays
  double **hist = nullptr;

  LAMMPS_NS::Fix *fix_rigid = nullptr;
  double *mass_rigid = nullptr;
  int nmax_rigid = 0;

  // outputs: this rank's share; cumulative values consolidated on rank 0 for restart files
  int nrows = 0;
  double step_local[V_COUNT] = {};
  double cumulative[V_COUNT] = {};    // V_SLIP, V_DASHPOT, V_PLASTIC, V_ACTIVATED, V_ADH_LOSS
  std::vector<double> rows_local, rows_all;
  double vector_all[V_COUNT] = {};
  bool reduced = false;

  bool callbacks_added = false;    // register_atom_arrays was called
  void register_atom_arrays(int slot_size);
  virtual void compute_walls(bool advance) = 0;
  virtual double positive_rgap() const = 0;
  // how far beyond touching adhesion reaches, for radii up to rmax
  virtual double adhesive_reach(double) const { return 0.0; }
  dem::Adhesion adh;    // the wall's adhesion (none by default)
  virtual void report_timescales() = 0;

 public:
  // the shortest t_c of the contact report's rows now (inf: none), for fix dem/timestep.
  // Collective.
  virtual double shortest_contact_time() = 0;

 protected:
  virtual void check_finite() = 0;    // the contact's forces stay finite (finite_probe.h)
  // the value of keyword key written as text: a finite number, else an error naming me and key
  double number(const std::string &me, const std::string &key, const char *text);
  int find_touches(int i, dem::WallTouch *out);    // walls within reach (wall_reach) of atom i
  int max_touches() const;
  bool parse_mesh_keyword(const std::string &me, int narg, char **arg,
                          int &iarg);    // entries find_touches may write
  dem::MeshWall mesh_now;                // mesh walls: the mesh at this step
  double ball_mass(int i) const;
  void move_servo_walls();
  double group_max_radius() const;    // the largest radius of the group's particles. Collective.
  void restore_servo_walls(const double *at);
  void reduce_outputs();
  void warn_deep_overlap(LAMMPS_NS::tagint id, double overlap, double radius);
  void add_step_sums(const WallSums &s);
  void consolidate();
  // bonds: the requests waiting for the next step, and those of a step (none unless advance)
  dem::BondStep bond;    // any: the wall's law takes bonds (set by FixWallDEM)
  bool bonding_now = false;
  dem::BondStep bond_step(bool advance);
};

// The law's part of fix wall/dem: its keywords as given, and the contact's parameters mixed from
// them, for Style (LawStyle, law_style.h).
template <class Style> struct WallLaw {
  using Law = typename Style::Law;
  typename Style::Properties props;
  typename Style::Params params;
};
// one alternative per law of laws.h (the first template argument drops the list's leading comma)
template <class, class... Laws> using WallLawOf = std::variant<WallLaw<LawStyle<Laws>>...>;
#define DEM_COMMA_LAW(L) , L
using WallLaws = WallLawOf<void DEM_FOR_EACH_LAW(DEM_COMMA_LAW)>;
#undef DEM_COMMA_LAW

class FixWallDEM : public FixWallDEMBase {
 public:
  FixWallDEM(LAMMPS_NS::LAMMPS *lmp, int narg, char **arg);

 protected:
  WallLaws wall_law;    // the alternative of the law named by arg[3]
  AdhesionProperties adh_props;
  void compute_walls(bool advance) override;
  double positive_rgap() const override;
  double adhesive_reach(double rmax) const override
  {
    return dem::adhesive_reach(adh, rmax, adh.estar);
  }
  void report_timescales() override;
  double shortest_contact_time() override;
  void check_finite() override;
  // arg, after an error if arg[3] names no law of laws.h (before the fix exists: the constructors'
  // first step)
  static char **known_law(LAMMPS_NS::LAMMPS *lmp, int narg, char **arg,
                          const char *style = "wall/dem");
  template <class Style> void set_keywords(WallLaw<Style> &w, char **arg);
  template <class Style>
  std::string mix_wall(const typename Style::Properties &p, const AdhesionProperties &q,
                       typename Style::Params &out, dem::Adhesion &a) const;
  template <class Style> void report_law_timescales(const WallLaw<Style> &w);
  template <class Style>
  std::vector<ContactRow> law_contact_rows(const WallLaw<Style> &w, const TypeExtremes &x,
                                           double v) const;
  template <class Style> void check_law_finite(const WallLaw<Style> &w);
  template <bool ENERGY, int EXTRA, class Style> void loop(const WallLaw<Style> &w, bool advance);
};

}    // namespace DEM_NS

#endif
#endif
