// SPDX-License-Identifier: GPL-2.0-or-later
#include "restart_format.h"
#include "plugin_version.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "lammps.h"
#include "modify.h"
#include "utils.h"

#include <cstdlib>
#include <algorithm>
#include <cstring>

using namespace LAMMPS_NS;


namespace DEM_NS {

namespace {

constexpr int TEXT = -1;    // an item's count for a text

void append(std::vector<char> &out, const void *p, size_t n)
{
  const char *c = static_cast<const char *>(p);
  out.insert(out.end(), c, c + n);
}
void append_int(std::vector<char> &out, int v) { append(out, &v, sizeof v); }
void append_text(std::vector<char> &out, const std::string &s)
{
  append_int(out, static_cast<int>(s.size()));
  append(out, s.data(), s.size());
}

// Reads buf[0..n) from the front; ok turns false at the first read past the end.
struct Cursor {
  const char *p;
  size_t left;
  bool ok = true;
  bool take(void *out, size_t n)
  {
    if (!ok || n > left) return ok = false;
    std::memcpy(out, p, n);
    p += n;
    left -= n;
    return true;
  }
  int next_int()
  {
    int v = 0;
    take(&v, sizeof v);
    return v;
  }
  std::string text()
  {
    const int n = next_int();
    if (!ok || n < 0 || static_cast<size_t>(n) > left) {
      ok = false;
      return {};
    }
    std::string s(p, n);
    p += n;
    left -= n;
    return s;
  }
};

// What the first bytes of a record without the expected mark are: the records of the
// development versions before 1.0.0 that the plugin can name, else a record of no known kind.
std::string foreign_record(const char *buf, size_t n)
{
  if (n >= 8 && std::memcmp(buf, "DEMWALL", 7) == 0)
    return std::string("its wall record DEMWALL") + buf[7] + " of a pre-1.0 development version of lammps-dem-plugin";
  int first = 0;
  if (n >= sizeof first) std::memcpy(&first, buf, sizeof first);
  if (first == 0x44454d33 || first == 0x44454d32)
    return std::string("its pair record DEM") + (first == 0x44454d33 ? "3" : "2") +
        " of a pre-1.0 development version of lammps-dem-plugin";
  if (n >= 4 && std::memcmp(buf, "dem/", 4) == 0)
    return "its contact-history record of a pre-1.0 development version of lammps-dem-plugin";
  return "a record without the marks of restart format 1 and later: a pre-1.0 development version of "
         "lammps-dem-plugin wrote it, or another program";
}

}    // namespace

const char *plugin_version()
{
  return DEM_PLUGIN_VERSION;
}

std::string Record::writer() const
{
  return "lammps-dem-plugin " + version + " (restart format " + std::to_string(format) + ")";
}

void RecordWriter::put(const std::string &name, const double *values, int n)
{
  append_text(items_, name);
  append_int(items_, n);
  append(items_, values, sizeof(double) * n);
}

void RecordWriter::put(const std::string &name, const std::string &text)
{
  append_text(items_, name);
  append_int(items_, TEXT);
  append_text(items_, text);
}

std::vector<char> RecordWriter::bytes() const
{
  std::vector<char> out;
  std::string mark = mark_;
  mark.resize(RECORD_MARK_SIZE, ' ');
  append(out, mark.data(), RECORD_MARK_SIZE);
  append_int(out, RESTART_FORMAT);
  append_text(out, plugin_version());
  append_int(out, static_cast<int>(items_.size()));
  append(out, items_.data(), items_.size());
  return out;
}

void RecordWriter::write(FILE *fp) const
{
  const std::vector<char> b = bytes();
  fwrite(b.data(), 1, b.size(), fp);
}

void RecordWriter::write_sized(FILE *fp, int extra) const
{
  const std::vector<char> b = bytes();
  const int n = static_cast<int>(b.size()) + extra;
  fwrite(&n, sizeof n, 1, fp);
  fwrite(b.data(), 1, b.size(), fp);
}

std::string parse_record(const char *buf, size_t n, const char *mark, Record &out, size_t *used)
{
  out = Record{};
  if (n < RECORD_MARK_SIZE || std::memcmp(buf, mark, RECORD_MARK_SIZE) != 0) return foreign_record(buf, n);
  Cursor c{buf + RECORD_MARK_SIZE, n - RECORD_MARK_SIZE};
  out.format = c.next_int();
  out.version = c.text();
  const int size = c.next_int();
  if (!c.ok || size < 0 || static_cast<size_t>(size) > c.left) return "a truncated record";
  if (out.format < 1 || out.format > RESTART_FORMAT)
    return "its record of " + out.writer() + ", a format newer than this version's (" +
        std::to_string(RESTART_FORMAT) + ")";
  Cursor items{c.p, static_cast<size_t>(size)};
  while (items.ok && items.left > 0) {
    RecordItem item;
    item.name = items.text();
    const int count = items.next_int();
    if (count == TEXT) {
      item.is_text = true;
      item.text = items.text();
    } else if (count >= 0 && static_cast<size_t>(count) <= items.left / sizeof(double)) {
      item.values.resize(count);
      items.take(item.values.data(), sizeof(double) * count);
    } else {
      items.ok = false;
    }
    if (items.ok) out.items.push_back(std::move(item));
  }
  if (!items.ok) return "a damaged record of " + out.writer();
  if (used) *used = RECORD_MARK_SIZE + (c.p - (buf + RECORD_MARK_SIZE)) + size;
  return {};
}

void read_record(LAMMPS *lmp, FILE *fp, const char *mark, const std::string &who, Record &out)
{
  // rank 0 reads the record (its size follows the mark, format and version) and broadcasts it
  std::vector<char> buf(RECORD_MARK_SIZE + sizeof(int));
  int n = 0;
  if (lmp->comm->me == 0) {
    utils::sfread(FLERR, buf.data(), 1, buf.size(), fp, nullptr, lmp->error);
    if (std::memcmp(buf.data(), mark, RECORD_MARK_SIZE) == 0) {
      int len = 0;
      utils::sfread(FLERR, &len, sizeof len, 1, fp, nullptr, lmp->error);
      buf.resize(buf.size() + sizeof len + (len > 0 ? len : 0));
      std::memcpy(&buf[RECORD_MARK_SIZE + sizeof(int)], &len, sizeof len);
      if (len > 0) utils::sfread(FLERR, &buf[RECORD_MARK_SIZE + 2 * sizeof(int)], 1, len, fp, nullptr, lmp->error);
      int size = 0;
      const size_t at = RECORD_MARK_SIZE + 2 * sizeof(int) + (len > 0 ? len : 0);
      utils::sfread(FLERR, &size, sizeof size, 1, fp, nullptr, lmp->error);
      buf.resize(at + sizeof size + (size > 0 ? size : 0));
      std::memcpy(&buf[at], &size, sizeof size);
      if (size > 0) utils::sfread(FLERR, &buf[at + sizeof size], 1, size, fp, nullptr, lmp->error);
    }
    n = static_cast<int>(buf.size());
  }
  MPI_Bcast(&n, 1, MPI_INT, 0, lmp->world);
  buf.resize(n);
  MPI_Bcast(buf.data(), n, MPI_CHAR, 0, lmp->world);
  const std::string err = parse_record(buf.data(), buf.size(), mark, out);
  if (!err.empty()) refuse_record(lmp, who, err);
}

void refuse_record(LAMMPS *lmp, const std::string &who, const std::string &what)
{
  lmp->error->all(FLERR, "{}: the restart file holds {}. lammps-dem-plugin {} reads restart formats 1 to {} "
                  "(written by version 1.0.0 and later): rerun the input that wrote the file with this version",
                  who, what, plugin_version(), RESTART_FORMAT);
  std::abort();    // not reached: error->all does not return
}

void unknown_item(LAMMPS *lmp, const std::string &who, const Record &r, const std::string &name)
{
  lmp->error->all(FLERR, "{}: the restart file's record of {} holds '{}', which lammps-dem-plugin {} does "
                  "not know", who, r.writer(), name, plugin_version());
  std::abort();
}

void put_atom_record_keys(double *buf, double mark, const char *fix_id, const char *fix_style)
{
  buf[1] = mark + RESTART_FORMAT;
  buf[2] = text_key(fix_id);
  buf[3] = text_key(fix_style);
}

PeratomSource find_peratom_record(LAMMPS *lmp, const char *fix_id, const char *fix_style, double mark, bool any_id,
                                  int nheader, const std::string &who)
{
  PeratomSource src;
  const int nrec = lmp->modify->nfix_restart_peratom;
  if (nrec <= 0) return src;
  // every atom holds the records of the same fixes in the same order: one atom tells which record
  // is which (format, ID key, style key); ranks without atoms learn it from the others
  const int width = 3 + nheader;
  std::vector<double> mine(static_cast<size_t>(nrec) * width, -1.0), all(mine.size());
  if (lmp->atom->nlocal > 0 && lmp->atom->extra) {
    const double *rec = lmp->atom->extra[0];
    for (int k = 0; k < nrec; k++) {
      const int len = static_cast<int>(rec[0]);
      double *row = &mine[static_cast<size_t>(k) * width];
      const double format = rec[1] - mark;
      if (len >= std::max(ATOM_RECORD_KEYS, nheader) && format >= 1 && format <= 999 && format == static_cast<int>(format)) {
        row[0] = format;
        std::copy(rec + 2, rec + 4, row + 1);
        std::copy(rec, rec + nheader, row + 3);
      }
      if (len < 1) break;
      rec += len;
    }
  }
  MPI_Allreduce(mine.data(), all.data(), static_cast<int>(mine.size()), MPI_DOUBLE, MPI_MAX, lmp->world);
  const int own = text_key(fix_id);
  int found = -1, others = 0, other = -1;
  for (int k = 0; k < nrec; k++) {
    const double *row = &all[static_cast<size_t>(k) * width];
    if (row[0] < 1) continue;
    if (row[0] > RESTART_FORMAT)
      lmp->error->all(FLERR, "{}: the restart file's per-atom record was written in restart format {}, newer than "
                      "lammps-dem-plugin {} reads ({})", who, row[0], plugin_version(), RESTART_FORMAT);
    if (row[1] == own) found = k;
    else {
      others++;
      other = k;
    }
  }
  if (found < 0 && any_id && others == 1) found = other;
  if (found < 0) return src;
  const double *row = &all[static_cast<size_t>(found) * width];
  src.nth = found;
  src.header.assign(row + 3, row + 3 + nheader);
  src.lammps_hands = row[1] == own && row[2] == text_key(fix_style);
  return src;
}

int text_key(const std::string &text)
{
  unsigned h = 2166136261u;    // FNV-1a
  for (unsigned char c : text) h = (h ^ c) * 16777619u;
  return static_cast<int>(h & 0x7fffffffu);
}

}    // namespace DEM_NS
