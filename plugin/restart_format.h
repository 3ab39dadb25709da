// The plugin's restart records (doc/restart.rst): versioned, named values instead of raw structs,
// so that a record is read field by field whatever the order of the fields or the layout of the
// structs that hold them, and a file that this version cannot read is refused with an error that
// names the version that wrote it.
//
// A record: an 8-character mark (which record it is), the restart format (RESTART_FORMAT), the
// plugin version that wrote it ("1.0.0"), the number of bytes of its items, then the items. An
// item is a name and either a list of numbers (doubles: integers are exact up to 2^53) or a text.
// Integers are 4-byte ints of the machine's byte order, as in LAMMPS's own restart files. A fix's
// global record starts its items with TOTAL_ITEM, the size of the fix's data: LAMMPS does not hand
// that size to the fix, and the record's lengths and counts are checked against it.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <cstdio>
#include <functional>
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
  // A fix's global restart data (on rank 0): its size (int), as LAMMPS reads it, then the record
  // with the item TOTAL_ITEM first, the same size (LAMMPS hands Fix::restart the data without it),
  // then `extra` more bytes that the caller writes.
  void write_sized(FILE *fp, int extra = 0) const;

 private:
  std::string mark_;
  std::vector<char> items_;
};

// The first item of a fix's global restart record: the bytes of the fix's data (the record and
// what follows it).
constexpr const char *TOTAL_ITEM = "bytes";
// The longest version text a record may hold.
constexpr int MAX_VERSION_TEXT = 32;
// Records of version 1.0.0 have no TOTAL_ITEM: their items are read up to this size.
constexpr int MAX_UNSIZED_ITEMS = 1 << 16;

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

// Why a record cannot be read: "" if it can. damaged: the file is damaged (a length, count or value
// that does not fit); otherwise the record is of a kind this version does not read (another mark,
// of a pre-1.0 development version or another program, or a newer format).
struct RecordError {
  bool damaged = false;
  std::string what;
  explicit operator bool() const { return !what.empty(); }
};

// Parses the record of the given mark in buf[0..n). `used`: the bytes the record took. Texts must
// be printable, so that a message never shows the file's raw bytes.
RecordError parse_record(const char *buf, size_t n, const char *mark, Record &out,
                         size_t *used = nullptr);

// Parses the record that heads a fix's global restart data (RecordWriter::write_sized), whose size
// is not known before its first item (TOTAL_ITEM) is read. `used`: the bytes the record took;
// `total`: the bytes of the fix's data (0 for a record of 1.0.0, which does not say).
RecordError parse_sized_record(const char *buf, const char *mark, Record &out, size_t &used,
                               size_t &total);

// Reads a record of the given mark from a restart file on rank 0 and broadcasts it; a record
// that cannot be read is an error->all that names `who` and the version that wrote the file.
void read_record(LAMMPS_NS::LAMMPS *lmp, FILE *fp, const char *mark, const std::string &who,
                 Record &out);

// The error for a record whose parse failed, for a damaged record (`what` says which record and
// what is wrong), or for an item of it that this version does not know (the item's name): names
// `who`, the file's version and this version.
[[noreturn]] void refuse_record(LAMMPS_NS::LAMMPS *lmp, const std::string &who,
                                const RecordError &e);
[[noreturn]] void refuse_damaged(LAMMPS_NS::LAMMPS *lmp, const std::string &who, const char *mark,
                                 const std::string &what);
[[noreturn]] void unknown_item(LAMMPS_NS::LAMMPS *lmp, const std::string &who, const Record &r,
                               const std::string &name);

// A record's item as the reader expects it, else an error->all (refuse_damaged) naming the record
// `mark`, the item and what it should hold: n finite numbers; one number from lo to hi (whole: a
// whole number); a text.
const std::vector<double> &item_numbers(LAMMPS_NS::LAMMPS *lmp, const std::string &who,
                                        const char *mark, const RecordItem &item, int n);
double item_number(LAMMPS_NS::LAMMPS *lmp, const std::string &who, const char *mark,
                   const RecordItem &item, double lo, double hi, bool whole = false);
const std::string &item_text(LAMMPS_NS::LAMMPS *lmp, const std::string &who, const char *mark,
                             const RecordItem &item);

// Collective: an error->all on every rank if `problem` is not empty on any rank (the message of
// the lowest such rank).
void refuse_if_any(LAMMPS_NS::LAMMPS *lmp, const std::string &problem);

// Per-atom restart records (Fix::pack_restart) start, after LAMMPS's length, with a mark (which
// record and its format: the base mark + the format), the keys (text_key) of the fix ID and fix
// style that wrote it, then the fix's own header values. LAMMPS hands a fix only the per-atom data
// written under its ID and exact style; these records let the CPU and Kokkos variants of a fix,
// and a pair style's history fix whose ID numbers pair instances, find their data themselves.
constexpr double HISTORY_ATOM_MARK = 0x44454D48p20;    // "DEMH" * 2^20, + the format
constexpr double WALL_ATOM_MARK = 0x44454D57p20;       // "DEMW" * 2^20, + the format
constexpr int ATOM_RECORD_KEYS = 4;                    // length, mark, ID key, style key

struct PeratomSource {
  int nth = -1;                  // the record's position in each atom's records (-1: none)
  std::vector<double> header;    // its first values (the same for every atom's record)
  bool lammps_hands = false;     // written under the fix's ID and style: LAMMPS unpacks it itself
};

// Finds the per-atom record of base mark `mark` that `fix` reads: written under its ID, else, with
// any_id, the only one of that mark under another ID. Collective (from post_constructor): every
// rank gets the same answer, also ranks without atoms. `nheader` values of the record's start (of
// the first atom whose record carries the mark) are returned. Checks first that the lengths of
// every local atom's records fit the values LAMMPS keeps per atom (atom->nextra_store): a damaged
// length is an error naming `who`. A record of a newer format is an error naming `who`.
PeratomSource find_peratom_record(LAMMPS_NS::LAMMPS *lmp, const char *fix_id, const char *fix_style,
                                  double mark, bool any_id, int nheader, const std::string &who);
// Where record nth of atom i's per-atom data starts (its lengths checked by find_peratom_record).
const double *atom_record(LAMMPS_NS::LAMMPS *lmp, int i, int nth);
// Collective (from post_constructor, after find_peratom_record): record nth (-1: none) of every
// local atom goes through `problem` ("" if it fits); every atom's must carry `mark`. An error->all
// naming `who` and the first atom whose record does not fit.
void check_atom_records(LAMMPS_NS::LAMMPS *lmp, int nth, double mark, const std::string &who,
                        const std::function<std::string(const double *rec)> &problem);
// Writes the mark and the keys of a per-atom record into buf[1..3].
void put_atom_record_keys(double *buf, double mark, const char *fix_id, const char *fix_style);
// true if record `rec` (an atom's record, from its length) has base mark `mark` of this format
inline bool is_atom_record(const double *rec, double mark)
{
  return rec[0] >= ATOM_RECORD_KEYS && rec[1] == mark + RESTART_FORMAT;
}
// true if v is a whole number from lo to hi
inline bool whole_in(double v, double lo, double hi)
{
  return v >= lo && v <= hi && v == static_cast<long long>(v);
}

// A 31-bit hash of a text (a fix ID in the per-atom records): a non-negative int, exact as a double.
int text_key(const std::string &text);

}    // namespace DEM_NS
