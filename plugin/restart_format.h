// The plugin's restart records (doc/restart.md): versioned, named values instead of raw structs,
// so that a record is read field by field whatever the order of the fields or the layout of the
// structs that hold them, and a file that this version cannot read is refused with an error that
// names the version that wrote it.
//
// A record: an 8-character mark (which record it is), the restart format (RESTART_FORMAT), the
// plugin version that wrote it ("1.0.0"), the number of bytes of its items, then the items. An
// item is a name and either a list of numbers (doubles: integers are exact up to 2^53) or a text.
// Integers are 4-byte ints of the machine's byte order, as in LAMMPS's own restart files.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <cstdio>
#include <string>
#include <vector>

namespace LAMMPS_NS {
class LAMMPS;
}

namespace DEM_NS {

// The restart format this version writes; it reads formats 1 to RESTART_FORMAT.
constexpr int RESTART_FORMAT = 1;
constexpr int RECORD_MARK_SIZE = 8;

// the plugin's version, as CMake's project version ("1.0.0")
const char *plugin_version();

class RecordWriter {
 public:
  explicit RecordWriter(const char *mark) : mark_(mark) {}
  void put(const std::string &name, double value) { put(name, &value, 1); }
  void put(const std::string &name, const double *values, int n);
  void put(const std::string &name, const std::string &text);
  std::vector<char> bytes() const;    // the whole record
  void write(FILE *fp) const;         // the record, on rank 0
  // the record preceded by its size (int), as a fix's global restart data starts
  void write_sized(FILE *fp, int extra = 0) const;

 private:
  std::string mark_;
  std::vector<char> items_;
};

struct RecordItem {
  std::string name;
  std::vector<double> values;
  std::string text;
  bool is_text = false;
  double value(int k = 0) const { return k < static_cast<int>(values.size()) ? values[k] : 0.0; }
};

struct Record {
  int format = 0;
  std::string version;    // the plugin version that wrote it
  std::vector<RecordItem> items;
  // "lammps-dem-plugin 1.0.0 (restart format 1)", for messages
  std::string writer() const;
};

// Parses the record of the given mark in buf[0..n). Returns "" or what is wrong: another mark
// (records of the development versions before 1.0.0 had none, or another), a newer format, a
// truncated record. `used`: the bytes the record took.
std::string parse_record(const char *buf, size_t n, const char *mark, Record &out, size_t *used = nullptr);

// Reads a record of the given mark from a restart file on rank 0 and broadcasts it; a record
// that cannot be read is an error->all that names `who` and the version that wrote the file.
void read_record(LAMMPS_NS::LAMMPS *lmp, FILE *fp, const char *mark, const std::string &who, Record &out);

// The error for a record whose parse_record failed (what), or for an item of it that this version
// does not know (the item's name): names `who`, the file's version and this version.
[[noreturn]] void refuse_record(LAMMPS_NS::LAMMPS *lmp, const std::string &who, const std::string &what);
[[noreturn]] void unknown_item(LAMMPS_NS::LAMMPS *lmp, const std::string &who, const Record &r, const std::string &name);

// Per-atom restart records (Fix::pack_restart) start, after LAMMPS's length, with a mark (which
// record and its format: the base mark + the format), the keys (text_key) of the fix ID and fix
// style that wrote it, then the fix's own header values. LAMMPS hands a fix only the per-atom data
// written under its ID and exact style; these records let the CPU and Kokkos variants of a fix,
// and a pair style's history fix whose ID numbers pair instances, find their data themselves.
constexpr double HISTORY_ATOM_MARK = 0x44454D48p20;    // "DEMH" * 2^20, + the format
constexpr double WALL_ATOM_MARK = 0x44454D57p20;       // "DEMW" * 2^20, + the format
constexpr int ATOM_RECORD_KEYS = 4;                     // length, mark, ID key, style key

struct PeratomSource {
  int nth = -1;                  // the record's position in each atom's records (-1: none)
  std::vector<double> header;    // its first values (the same for every atom's record)
  bool lammps_hands = false;     // written under the fix's ID and style: LAMMPS unpacks it itself
};

// Finds the per-atom record of base mark `mark` that `fix` reads: written under its ID, else, with
// any_id, the only one of that mark under another ID. Collective (from post_constructor): every
// rank gets the same answer, also ranks without atoms. `nheader` values of the record's start are
// returned. A record of a newer format is an error naming `who`.
PeratomSource find_peratom_record(LAMMPS_NS::LAMMPS *lmp, const char *fix_id, const char *fix_style, double mark,
                                  bool any_id, int nheader, const std::string &who);
// Writes the mark and the keys of a per-atom record into buf[1..3].
void put_atom_record_keys(double *buf, double mark, const char *fix_id, const char *fix_style);
// true if record `rec` (an atom's record, from its length) has base mark `mark` of this format
inline bool is_atom_record(const double *rec, double mark) { return rec[1] == mark + RESTART_FORMAT; }

// A 31-bit hash of a text (a fix ID in the per-atom records): a non-negative int, exact as a double.
int text_key(const std::string &text);

}    // namespace DEM_NS
