// What a contact-history restart record holds, so that a run can only continue from history it
// understands: the law that wrote it, its optional parts (dem::HistoryParts), its values per
// contact and which of them are vector components. Host code, no LAMMPS types.
//
// Restart files keep the history in one canonical form, whichever backend wrote it: vectors as
// seen from the atom that holds the record, scalars without sign. In memory a record that the
// partner took over has every value negated, its scalars included (dem::ContactHistory::orientation);
// both history fixes take the sign off on the way out.
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <cstring>
#include <string>

namespace DEM_NS {

struct HistoryLayout {
  char law[32] = {};           // the pair style's name without suffix, e.g. "dem/hertz"
  int parts = 0;               // dem::HistoryParts kept
  int size = 0;                // values per contact
  unsigned vector_mask = 0;    // bit k: value k is a vector component

  HistoryLayout() = default;
  HistoryLayout(const std::string &name, int parts_, int size_, unsigned mask) :
      parts(parts_), size(size_), vector_mask(mask)
  {
    std::strncpy(law, name.c_str(), sizeof(law) - 1);
  }
  bool is_vector(int k) const { return (vector_mask >> k) & 1u; }
  bool same_as(const HistoryLayout &o) const
  {
    return std::strcmp(law, o.law) == 0 && parts == o.parts && size == o.size &&
        vector_mask == o.vector_mask;
  }
};

// The laws' codes in per-atom restart records (1, 2, 3; 0 for a name not in the table), and back.
int law_code(const char *law);
const char *law_of_code(int code);    // "" for an unknown code

// "" if history written in layout `from` converts exactly into layout `to` (the same law and
// values, the per-contact energies kept or not); else what differs, for an error message.
std::string history_mismatch(const HistoryLayout &from, const HistoryLayout &to);

// The record `in` of layout `from` in layout `to` (history_mismatch is ""): the PFC values, the
// per-contact energies (0 where `from` had none), the law's own values, the rolling moment.
void convert_record(const double *in, const HistoryLayout &from, const HistoryLayout &to,
                    double *out);

}    // namespace DEM_NS
