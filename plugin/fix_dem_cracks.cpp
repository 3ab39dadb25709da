// SPDX-License-Identifier: GPL-2.0-or-later
#include "fix_dem_cracks.h"
#include "fix_wall_dem.h"
#include "pair_dem_base.h"
#include "restart_format.h"

#include "comm.h"
#include "error.h"
#include "force.h"
#include "update.h"

#include <algorithm>
#include <cfloat>
#include <tuple>

using namespace LAMMPS_NS;
using namespace DEM_NS;

namespace {
constexpr const char *CRACKS_MARK = "DEM:CRACKS";
}

FixDEMCracks::FixDEMCracks(LAMMPS *lmp, int narg, char **arg) : Fix(lmp, narg, arg)
{
  if (narg != 3) error->all(FLERR, "Fix {}: takes no arguments: fix ID group {}", style, style);
  local_flag = 1;
  size_local_cols = COLUMNS;
  local_freq = 1;
  scalar_flag = 1;
  extscalar = 0;
  vector_flag = 1;
  size_vector = 2;
  extvector = 0;
  global_freq = 1;
  restart_global = 1;
  expose();
}

int FixDEMCracks::setmask()
{
  return FixConst::END_OF_STEP;
}

// The pair style and the walls that take bonds keep records while a fix asks for them (they stop
// at each init: PairDEMBase, FixWallDEMBase; the walls are asked at setup, after every fix's init)
void FixDEMCracks::init()
{
  pair = dynamic_cast<PairDEMBase *>(force->pair_match("^dem/linear", 0));
  walls = bonding_walls(lmp);
  if (!pair && walls.empty())
    error->all(FLERR,
               "Fix {} needs pair style dem/linear (or dem/linear/kk, also as the only dem/linear "
               "sub-style of pair_style hybrid), or a fix wall/dem linear with bonds: their bonds "
               "are what cracks",
               style);
  if (!pair) return;
  pair->record_cracks = true;
  pair->crack_groupbit = groupbit;
  pair->cracks.clear();
}

void FixDEMCracks::setup(int)
{
  for (auto *wall : walls) {
    wall->record_cracks = true;
    wall->crack_groupbit = groupbit;
    wall->cracks.clear();
  }
}

// this step's records, in the order of their atom IDs and mode (the same on every backend)
void FixDEMCracks::end_of_step()
{
  std::vector<double> fresh;
  if (pair) fresh.swap(pair->cracks);
  for (auto *wall : walls) {
    fresh.insert(fresh.end(), wall->cracks.begin(), wall->cracks.end());
    wall->cracks.clear();
  }
  const int n = static_cast<int>(fresh.size()) / CR_VALUES;
  if (n == 0) return;
  std::vector<int> order(n);
  for (int r = 0; r < n; r++) order[r] = r;
  auto key = [&](int r) {
    const double *c = &fresh[r * CR_VALUES];
    return std::make_tuple(c[CR_ID1], c[CR_ID2], c[CR_MODE]);
  };
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return key(a) < key(b);
  });
  for (int r : order) {
    rows.push_back(static_cast<double>(update->ntimestep));
    rows.push_back(update->atime + (update->ntimestep - update->atimestep) * update->dt);
    rows.insert(rows.end(), &fresh[r * CR_VALUES], &fresh[(r + 1) * CR_VALUES]);
  }
  expose();
}

void FixDEMCracks::expose()
{
  const int n = static_cast<int>(rows.size()) / COLUMNS;
  lines.resize(n);
  for (int r = 0; r < n; r++) lines[r] = rows.data() + r * COLUMNS;
  array_local = n ? lines.data() : nullptr;
  size_local_rows = n;
}

// the crack records so far (all ranks)
double FixDEMCracks::compute_scalar()
{
  double local = static_cast<double>(rows.size() / COLUMNS), all = 0.0;
  MPI_Allreduce(&local, &all, 1, MPI_DOUBLE, MPI_SUM, world);
  return all;
}

// the bonds (elements) broken in tension (1) and in shear (2) that the records count
double FixDEMCracks::compute_vector(int n)
{
  double local = 0.0, all = 0.0;
  for (size_t r = 0; r < rows.size(); r += COLUMNS)
    if (rows[r + 2 + CR_MODE] == n + 1) local += rows[r + 2 + CR_COUNT];
  MPI_Allreduce(&local, &all, 1, MPI_DOUBLE, MPI_SUM, world);
  return all;
}

// global restart data: every rank's records, on rank 0
void FixDEMCracks::write_restart(FILE *fp)
{
  int mine = static_cast<int>(rows.size());
  std::vector<int> counts(comm->nprocs), starts(comm->nprocs, 0);
  MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, world);
  int total = 0;
  if (comm->me == 0)
    for (int p = 0; p < comm->nprocs; p++) starts[p] = total, total += counts[p];
  std::vector<double> all(comm->me == 0 ? total : 0);
  MPI_Gatherv(rows.data(), mine, MPI_DOUBLE, all.data(), counts.data(), starts.data(), MPI_DOUBLE,
              0, world);
  if (comm->me != 0) return;
  RecordWriter rec(CRACKS_MARK);
  rec.put("columns", COLUMNS);
  rec.put("rows", all.data(), total);
  rec.write_sized(fp);
}

void FixDEMCracks::restart(char *buf)
{
  Record rec;
  size_t used = 0, size = 0;
  const std::string who = std::string("Fix ") + id + " " + style;
  const RecordError err = parse_sized_record(buf, CRACKS_MARK, rec, used, size);
  if (err) refuse_record(lmp, who, err);
  std::vector<double> read;
  for (const RecordItem &item : rec.items) {
    if (item.name == "columns")
      item_number(lmp, who, CRACKS_MARK, item, COLUMNS, COLUMNS, true);
    else if (item.name == "rows")
      read = item_numbers(lmp, who, CRACKS_MARK, item, static_cast<int>(item.values.size()));
    else
      unknown_item(lmp, who, rec, item.name);
  }
  if (read.size() % COLUMNS != 0)
    refuse_damaged(
        lmp, who, CRACKS_MARK,
        fmt::format("its item 'rows' has {} values, not rows of {}", read.size(), COLUMNS));
  if (comm->me == 0) rows = read;    // (the records live on rank 0 from now on)
  expose();
}

double FixDEMCracks::memory_usage()
{
  return static_cast<double>(rows.capacity()) * sizeof(double) +
      static_cast<double>(lines.capacity()) * sizeof(double *);
}
