// SPDX-License-Identifier: GPL-2.0-or-later
#include "restart_format.h"
#include "plugin_version.h"

#include "atom.h"
#include "comm.h"
#include "error.h"
#include "lammps.h"
#include "modify.h"
#include "utils.h"

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdlib>
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
  void append_int(std::vector<char> &out, int v)
  {
    append(out, &v, sizeof v);
  }
  void append_text(std::vector<char> &out, const std::string &s)
  {
    append_int(out, static_cast<int>(s.size()));
    append(out, s.data(), s.size());
  }

  bool printable(const std::string &s)
  {
    return std::all_of(s.begin(), s.end(), [](char c) {
      return c >= 0x20 && c < 0x7f;
    });
  }

  // Reads buf[0..n) from the front; `error` says what did not fit at the first read that failed.
  struct Cursor {
    const char *p = nullptr;
    size_t left = 0;
    std::string error;
    bool ok() const { return error.empty(); }
    void fail(const std::string &why)
    {
      if (ok()) error = why;
    }
    void take(void *out, size_t n, const std::string &field)
    {
      if (!ok()) return;
      if (n > left) return fail(fmt::format("{} needs {} bytes, {} are left", field, n, left));
      std::memcpy(out, p, n);
      p += n;
      left -= n;
    }
    int next_int(const std::string &field)
    {
      int v = 0;
      take(&v, sizeof v, field);
      return v;
    }
    // a text of at most `most` printable characters
    std::string text(const std::string &field, size_t most = SIZE_MAX)
    {
      const int n = next_int("the length of " + field);
      if (!ok()) return {};
      const size_t limit = std::min(left, most);
      if (n < 0 || static_cast<size_t>(n) > limit) {
        fail(fmt::format("the length of {} is {}, outside 0 to {}", field, n, limit));
        return {};
      }
      std::string s(p, n);
      p += n;
      left -= n;
      if (!printable(s)) fail(field + " holds characters that are not printable");
      return s;
    }
  };

  RecordError damaged(const char *mark, const std::string &what)
  {
    return {true, fmt::format("its record {} is damaged: {}", mark, what)};
  }

  // What a record without the expected mark is: a record of the development versions before 1.0.0
  // that the plugin can name, the expected record with a damaged mark, else a record of no known kind.
  RecordError foreign_record(const char *buf, size_t n, const char *mark)
  {
    if (n < RECORD_MARK_SIZE)
      return damaged(mark, fmt::format("it has {} bytes, fewer than its mark", n));
    if (std::memcmp(buf, "DEMWALL", 7) == 0 && buf[7] >= '0' && buf[7] <= '9')
      return {false,
              std::string("its wall record DEMWALL") + buf[7] +
                  " of a pre-1.0 development version of lammps-dem-plugin"};
    int first = 0;
    std::memcpy(&first, buf, sizeof first);
    if (first == 0x44454d33 || first == 0x44454d32)
      return {false,
              std::string("its pair record DEM") + (first == 0x44454d33 ? "3" : "2") +
                  " of a pre-1.0 development version of lammps-dem-plugin"};
    if (std::memcmp(buf, "dem/", 4) == 0)
      return {false,
              "its contact-history record of a pre-1.0 development version of lammps-dem-plugin"};
    int differ = 0;
    for (int k = 0; k < RECORD_MARK_SIZE; k++) differ += buf[k] != mark[k];
    if (differ <= 2)
      return damaged(mark,
                     fmt::format("its mark differs from {} in {} of its {} characters", mark,
                                 differ, RECORD_MARK_SIZE));
    return {
        false,
        fmt::format(
            "a record without the marks of restart format 1 and later where its record {} belongs "
            "(the file is damaged, or a pre-1.0 development version of lammps-dem-plugin or "
            "another "
            "program wrote it)",
            mark)};
  }

  // The record's mark, format, version and the size of its items (not yet checked against what is
  // left); `c` is left at its first item.
  RecordError read_head(const char *buf, size_t n, const char *mark, Record &out, Cursor &c,
                        int &size)
  {
    out = Record{};
    if (n < RECORD_MARK_SIZE || std::memcmp(buf, mark, RECORD_MARK_SIZE) != 0)
      return foreign_record(buf, n, mark);
    c = Cursor{buf + RECORD_MARK_SIZE, n - RECORD_MARK_SIZE};
    out.format = c.next_int("its restart format");
    if (c.ok() && out.format < 1)
      return damaged(mark,
                     fmt::format("its restart format is {}, and formats start at 1", out.format));
    out.version = c.text("its version text", MAX_VERSION_TEXT);
    if (out.format > RESTART_FORMAT) {    // (its version, where it can be read)
      const std::string which = c.ok() ? out.writer()
                                       : fmt::format("restart format {}", out.format);
      return {false,
              fmt::format("its record of {}, a format newer than this version's ({})", which,
                          RESTART_FORMAT)};
    }
    size = c.next_int("the size of its items");
    if (!c.ok()) return damaged(mark, c.error);
    if (size < 0) return damaged(mark, fmt::format("the size of its items is {} bytes", size));
    return {};
  }

  RecordError read_items(Cursor items, const char *mark, Record &out)
  {
    while (items.ok() && items.left > 0) {
      RecordItem item;
      const std::string where =
          out.items.empty() ? "its first item" : "the item after '" + out.items.back().name + "'";
      item.name = items.text("the name of " + where);
      if (items.ok() && item.name.empty()) items.fail("the name of " + where + " is empty");
      const int count = items.next_int(fmt::format("the count of item '{}'", item.name));
      if (!items.ok()) break;
      if (count == TEXT) {
        item.is_text = true;
        item.text = items.text(fmt::format("the text of item '{}'", item.name));
      } else if (count >= 0 && static_cast<size_t>(count) <= items.left / sizeof(double)) {
        item.values.resize(count);
        items.take(item.values.data(), sizeof(double) * count,
                   fmt::format("the numbers of item '{}'", item.name));
      } else {
        items.fail(fmt::format(
            "the count of item '{}' is {}, outside -1 (a text) to {} (the numbers left in the "
            "record)",
            item.name, count, items.left / sizeof(double)));
      }
      if (items.ok()) out.items.push_back(std::move(item));
    }
    if (!items.ok()) return damaged(mark, items.error);
    return {};
  }

  // Rank 0: the bytes from the file position to the file's end.
  long bytes_left(FILE *fp)
  {
    const long here = std::ftell(fp);
    std::fseek(fp, 0, SEEK_END);
    const long end = std::ftell(fp);
    std::fseek(fp, here, SEEK_SET);
    return end - here;
  }

  // Rank 0: the record at the file position into buf, as far as its lengths fit the file (of a
  // record with another mark, its mark and format; of a newer format, up to its version). "" or
  // what does not fit.
  std::string read_record_bytes(LAMMPS *lmp, FILE *fp, const char *mark, std::vector<char> &buf)
  {
    long left = bytes_left(fp);
    auto read = [&](size_t n) {
      const size_t at = buf.size();
      buf.resize(at + n);
      utils::sfread(FLERR, buf.data() + at, 1, n, fp, nullptr, lmp->error);
      left -= static_cast<long>(n);
    };
    auto read_int = [&]() {
      int v = 0;
      read(sizeof v);
      std::memcpy(&v, buf.data() + buf.size() - sizeof v, sizeof v);
      return v;
    };
    if (left < RECORD_MARK_SIZE + 2 * static_cast<long>(sizeof(int)))
      return fmt::format("the file ends {} bytes after its start", left);
    read(RECORD_MARK_SIZE);
    const int format = read_int();
    if (std::memcmp(buf.data(), mark, RECORD_MARK_SIZE) != 0 || format < 1) return {};
    const int vlen = read_int();
    const long most = std::min<long>(MAX_VERSION_TEXT, left - static_cast<long>(sizeof(int)));
    const bool newer = format > RESTART_FORMAT;    // (its layout may differ after its version)
    if (vlen < 0 || vlen > most)
      return newer
          ? std::string()
          : fmt::format("the length of its version text is {}, outside 0 to {}", vlen, most);
    read(vlen);
    if (newer) return {};
    const int size = read_int();
    if (size < 0 || size > left)
      return fmt::format(
          "the size of its items is {} bytes, outside 0 to {} (the bytes left in the file)", size,
          left);
    read(size);
    return {};
  }

  void bcast_text(LAMMPS *lmp, std::string &text, int root)
  {
    int n = static_cast<int>(text.size());
    MPI_Bcast(&n, 1, MPI_INT, root, lmp->world);
    text.resize(n);
    MPI_Bcast(&text[0], n, MPI_CHAR, root, lmp->world);
  }

  std::string allowed_range(double lo, double hi, bool whole)
  {
    const std::string what = whole ? "a whole number" : "a finite number";
    if (lo <= -DBL_MAX && hi >= DBL_MAX) return what;
    if (hi >= DBL_MAX) return fmt::format("{} >= {}", what, lo);
    return fmt::format("{} from {} to {}", what, lo, hi);
  }

}    // namespace

const char *plugin_version()
{
  return DEM_PLUGIN_VERSION;
}

std::string Record::writer() const
{
  return fmt::format("lammps-dem-plugin {} (restart format {})", version, format);
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
  RecordWriter sized(mark_.c_str());
  sized.put(TOTAL_ITEM,
            0.0);    // its value, the size, is set below (the size does not depend on it)
  const size_t value_at = sized.items_.size() - sizeof(double);
  sized.items_.insert(sized.items_.end(), items_.begin(), items_.end());
  const int n = static_cast<int>(sized.bytes().size()) + extra;
  const double total = n;
  std::memcpy(&sized.items_[value_at], &total, sizeof total);
  const std::vector<char> b = sized.bytes();
  fwrite(&n, sizeof n, 1, fp);
  fwrite(b.data(), 1, b.size(), fp);
}

RecordError parse_record(const char *buf, size_t n, const char *mark, Record &out, size_t *used)
{
  Cursor c;
  int size = 0;
  RecordError e = read_head(buf, n, mark, out, c, size);
  if (e) return e;
  if (static_cast<size_t>(size) > c.left)
    return damaged(
        mark,
        fmt::format("the size of its items is {} bytes, more than the {} left", size, c.left));
  e = read_items(Cursor{c.p, static_cast<size_t>(size)}, mark, out);
  if (e) return e;
  if (used) *used = static_cast<size_t>(c.p - buf) + size;
  return {};
}

namespace {

  // The value of the item TOTAL_ITEM of the record at buf, whose name c just read: one number, a
  // whole number of bytes, at least those of the record's head and of this item.
  RecordError read_total(Cursor &c, const char *buf, const char *mark, size_t &total)
  {
    const int count = c.next_int(fmt::format("the count of its item '{}'", TOTAL_ITEM));
    if (c.ok() && count != 1)
      c.fail(fmt::format("the count of its item '{}' is {}, not 1", TOTAL_ITEM, count));
    double value = 0.0;
    c.take(&value, sizeof value, fmt::format("the value of its item '{}'", TOTAL_ITEM));
    if (!c.ok()) return damaged(mark, c.error);
    const size_t least = static_cast<size_t>(c.p - buf);
    if (!whole_in(value, static_cast<double>(least), INT_MAX))
      return damaged(
          mark,
          fmt::format("its size (item '{}') is {} bytes, outside {} (its head and that item) to {}",
                      TOTAL_ITEM, value, least, INT_MAX));
    total = static_cast<size_t>(value);
    return {};
  }

}    // namespace

RecordError parse_sized_record(const char *buf, const char *mark, Record &out, size_t &used,
                               size_t &total)
{
  // The record up to the value of its first item is read before its size is known: at most its
  // head with the longest version text and the item TOTAL_ITEM, fewer bytes than any fix writes.
  const size_t head_most = RECORD_MARK_SIZE + 3 * sizeof(int) + MAX_VERSION_TEXT;
  const size_t first_most = 2 * sizeof(int) + std::strlen(TOTAL_ITEM) + sizeof(double);
  Cursor c;
  int size = 0;
  RecordError e = read_head(buf, head_most + first_most, mark, out, c, size);
  if (e) return e;
  const size_t head = static_cast<size_t>(c.p - buf);
  Cursor first{c.p, std::min(c.left, static_cast<size_t>(size))};
  const std::string name = first.text("the name of its first item");
  if (!first.ok()) return damaged(mark, first.error);
  total = 0;
  if (name != TOTAL_ITEM) {    // a record of 1.0.0, which does not give its size
    if (size > MAX_UNSIZED_ITEMS)
      return damaged(
          mark,
          fmt::format("the size of its items is {} bytes, more than the {} of a record without "
                      "the item '{}'",
                      size, MAX_UNSIZED_ITEMS, TOTAL_ITEM));
    return parse_record(buf, head + size, mark, out, &used);
  }
  e = read_total(first, buf, mark, total);
  if (!e) e = parse_record(buf, total, mark, out, &used);
  if (!e) out.items.erase(out.items.begin());    // the size, which the caller has
  return e;
}

void read_record(LAMMPS *lmp, FILE *fp, const char *mark, const std::string &who, Record &out)
{
  // rank 0 reads the record as far as its lengths fit the file and broadcasts it
  std::vector<char> buf;
  std::string problem;
  if (lmp->comm->me == 0) problem = read_record_bytes(lmp, fp, mark, buf);
  bcast_text(lmp, problem, 0);
  int n = static_cast<int>(buf.size());
  MPI_Bcast(&n, 1, MPI_INT, 0, lmp->world);
  buf.resize(n);
  MPI_Bcast(buf.data(), n, MPI_CHAR, 0, lmp->world);
  const RecordError e = parse_record(buf.data(), buf.size(), mark, out);
  if (!problem.empty() && (!e || e.damaged)) refuse_record(lmp, who, damaged(mark, problem));
  if (e) refuse_record(lmp, who, e);
}

void refuse_record(LAMMPS *lmp, const std::string &who, const RecordError &e)
{
  if (e.damaged) lmp->error->all(FLERR, "{}: the restart file cannot be read: {}", who, e.what);
  lmp->error->all(
      FLERR,
      "{}: the restart file holds {}. lammps-dem-plugin {} reads restart formats 1 to {} (written "
      "by version 1.0.0 and later): rerun the input that wrote the file with this version",
      who, e.what, plugin_version(), RESTART_FORMAT);
  std::abort();    // not reached: error->all does not return
}

void refuse_damaged(LAMMPS *lmp, const std::string &who, const char *mark, const std::string &what)
{
  refuse_record(lmp, who, damaged(mark, what));
}

void unknown_item(LAMMPS *lmp, const std::string &who, const Record &r, const std::string &name)
{
  lmp->error->all(FLERR,
                  "{}: the restart file's record of {} holds '{}', which lammps-dem-plugin {} does "
                  "not know",
                  who, r.writer(), name, plugin_version());
  std::abort();
}

const std::vector<double> &item_numbers(LAMMPS *lmp, const std::string &who, const char *mark,
                                        const RecordItem &item, int n)
{
  if (item.is_text)
    refuse_damaged(lmp, who, mark,
                   fmt::format("item '{}' holds a text, not {} number(s)", item.name, n));
  if (static_cast<int>(item.values.size()) != n)
    refuse_damaged(
        lmp, who, mark,
        fmt::format("item '{}' holds {} numbers, not {}", item.name, item.values.size(), n));
  for (double v : item.values)
    if (!std::isfinite(v))
      refuse_damaged(lmp, who, mark,
                     fmt::format("item '{}' holds {}, not a finite number", item.name, v));
  return item.values;
}

double item_number(LAMMPS *lmp, const std::string &who, const char *mark, const RecordItem &item,
                   double lo, double hi, bool whole)
{
  const double v = item_numbers(lmp, who, mark, item, 1)[0];
  if (!(v >= lo && v <= hi) || (whole && v != std::floor(v)))
    refuse_damaged(
        lmp, who, mark,
        fmt::format("item '{}' is {}, allowed {}", item.name, v, allowed_range(lo, hi, whole)));
  return v;
}

const std::string &item_text(LAMMPS *lmp, const std::string &who, const char *mark,
                             const RecordItem &item)
{
  if (!item.is_text)
    refuse_damaged(
        lmp, who, mark,
        fmt::format("item '{}' holds {} numbers, not a text", item.name, item.values.size()));
  return item.text;
}

void refuse_if_any(LAMMPS *lmp, const std::string &problem)
{
  const int nprocs = lmp->comm->nprocs;
  int mine = problem.empty() ? nprocs : lmp->comm->me, first = nprocs;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, lmp->world);
  if (first == nprocs) return;
  std::string message = problem;
  bcast_text(lmp, message, first);
  lmp->error->all(FLERR, "{}", message);
}

void put_atom_record_keys(double *buf, double mark, const char *fix_id, const char *fix_style)
{
  buf[1] = mark + RESTART_FORMAT;
  buf[2] = text_key(fix_id);
  buf[3] = text_key(fix_style);
}

namespace {

  // "" if the lengths of atom i's per-atom records (every fix's starts with its length) fit the values
  // LAMMPS keeps per atom, else which does not
  std::string atom_lengths_problem(LAMMPS *lmp, int i)
  {
    const int nrec = lmp->modify->nfix_restart_peratom, room = lmp->atom->nextra_store;
    const double *rec = lmp->atom->extra[i];
    int at = 0;
    for (int k = 0; k < nrec; k++) {
      if (at >= room)
        return fmt::format(
            "its records fill the {} values LAMMPS keeps per atom after {} of its {} records", room,
            k, nrec);
      const double len = rec[at];
      if (!whole_in(len, 1, room - at))
        return fmt::format("record {} of {} has length {}, outside 1 to {} (the values left of the "
                           "{} LAMMPS keeps per atom)",
                           k + 1, nrec, len, room - at, room);
      at += static_cast<int>(len);
    }
    return {};
  }

  std::string atom_damage(const std::string &who, tagint tag, const std::string &problem)
  {
    return fmt::format(
        "{}: the restart file cannot be read: its per-atom data is damaged: atom {}: {}", who, tag,
        problem);
  }

}    // namespace

PeratomSource find_peratom_record(LAMMPS *lmp, const char *fix_id, const char *fix_style,
                                  double mark, bool any_id, int nheader, const std::string &who)
{
  PeratomSource src;
  const int nrec = lmp->modify->nfix_restart_peratom;
  if (nrec <= 0) return src;
  std::string problem;
  for (int i = 0; i < lmp->atom->nlocal && problem.empty(); i++) {
    const std::string p = atom_lengths_problem(lmp, i);
    if (!p.empty()) problem = atom_damage(who, lmp->atom->tag[i], p);
  }
  refuse_if_any(lmp, problem);
  // every atom holds the records of the same fixes in the same order: one atom tells which record
  // is which (format, ID key, style key), the first whose record carries a mark; ranks without
  // atoms learn it from the others
  const int width = 3 + nheader;
  std::vector<double> mine(static_cast<size_t>(nrec) * width, -1.0), all(mine.size());
  for (int k = 0; k < nrec; k++)
    for (int i = 0; i < lmp->atom->nlocal; i++) {
      const double *rec = atom_record(lmp, i, k);
      if (rec[0] < std::max(ATOM_RECORD_KEYS, nheader) || !whole_in(rec[1] - mark, 1, 999))
        continue;
      double *row = &mine[static_cast<size_t>(k) * width];
      row[0] = rec[1] - mark;
      std::copy(rec + 2, rec + 4, row + 1);
      std::copy(rec, rec + nheader, row + 3);
      break;
    }
  MPI_Allreduce(mine.data(), all.data(), static_cast<int>(mine.size()), MPI_DOUBLE, MPI_MAX,
                lmp->world);
  const int own = text_key(fix_id);
  int found = -1, others = 0, other = -1;
  for (int k = 0; k < nrec; k++) {
    const double *row = &all[static_cast<size_t>(k) * width];
    if (row[0] < 1) continue;
    if (row[0] > RESTART_FORMAT)
      lmp->error->all(
          FLERR,
          "{}: the restart file's per-atom record was written in restart format {}, newer than "
          "lammps-dem-plugin {} reads ({})",
          who, row[0], plugin_version(), RESTART_FORMAT);
    if (row[1] == own)
      found = k;
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

const double *atom_record(LAMMPS *lmp, int i, int nth)
{
  const double *rec = lmp->atom->extra[i];
  for (int k = 0; k < nth; k++) rec += static_cast<int>(rec[0]);
  return rec;
}

void check_atom_records(LAMMPS *lmp, int nth, double mark, const std::string &who,
                        const std::function<std::string(const double *rec)> &problem)
{
  if (nth < 0) return;
  std::string first;
  for (int i = 0; i < lmp->atom->nlocal && first.empty(); i++) {
    const double *rec = atom_record(lmp, i, nth);
    const std::string p = is_atom_record(rec, mark)
        ? problem(rec)
        : fmt::format("its record {} has not the mark of restart format {} that other atoms' have",
                      nth + 1, RESTART_FORMAT);
    if (!p.empty()) first = atom_damage(who, lmp->atom->tag[i], p);
  }
  refuse_if_any(lmp, first);
}

int text_key(const std::string &text)
{
  unsigned h = 2166136261u;    // FNV-1a
  for (unsigned char c : text) h = (h ^ c) * 16777619u;
  return static_cast<int>(h & 0x7fffffffu);
}

}    // namespace DEM_NS
