// The keywords of a law or a contact part: each one's name and the values it allows (a range
// kind), so that the pair styles and the wall fix read and check them from the law's and its
// parts' tables (the message of a value out of range names the keyword and key_range_text).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <cmath>

namespace dem {

enum KeyRange {
  KEY_NONNEGATIVE,       // [0, inf)
  KEY_POSITIVE,          // (0, inf)
  KEY_RATIO,             // [0, 1]
  KEY_FRACTION,          // (0, 1]
  KEY_FLAG,              // 0 or 1
  KEY_FINITE,            // any finite number
  KEY_ANGLE,             // [0, 90) degrees
  KEY_POISSON,           // (-1, 0.5]
  KEY_DP_MODE,           // PFC's dashpot modes 0-3
  KEY_TAN_MODE,          // 0, 1 (2 needs a Hertz normal force)
  KEY_TAN_MODE_HERTZ,    // 0, 1, 2
  KEY_RR_MODEL,          // 0, 1, 3
  KEY_ADH_MODEL,         // 0-3
  KEY_ELEMENTS           // whole numbers 1-16 (a flat joint's element counts)
};

struct Keyword {
  const char *name;
  int range;                // KeyRange
  double fallback = 0.0;    // a type's value when the keyword is not given (PFC's defaults are 0)
  bool per_type = false;    // a property of a type only (pair_coeff I I), not of a pair of types
};

inline bool key_allows(int range, double v)
{
  const bool whole = v == std::floor(v);
  switch (range) {
    case KEY_NONNEGATIVE:
      return v >= 0.0 && !std::isinf(v);
    case KEY_POSITIVE:
      return v > 0.0 && !std::isinf(v);
    case KEY_RATIO:
      return v >= 0.0 && v <= 1.0;
    case KEY_FRACTION:
      return v > 0.0 && v <= 1.0;
    case KEY_FLAG:
      return v == 0.0 || v == 1.0;
    case KEY_FINITE:
      return std::isfinite(v);
    case KEY_ANGLE:
      return v >= 0.0 && v < 90.0;
    case KEY_POISSON:
      return v > -1.0 && v <= 0.5;
    case KEY_DP_MODE:
      return v >= 0.0 && v <= 3.0 && whole;
    case KEY_TAN_MODE:
      return v == 0.0 || v == 1.0;
    case KEY_TAN_MODE_HERTZ:
      return v == 0.0 || v == 1.0 || v == 2.0;
    case KEY_RR_MODEL:
      return v == 0.0 || v == 1.0 || v == 3.0;
    case KEY_ADH_MODEL:
      return v >= 0.0 && v <= 3.0 && whole;
    case KEY_ELEMENTS:
      return v >= 1.0 && v <= 16.0 && whole;
  }
  return false;
}

inline const char *key_range_text(int range)
{
  switch (range) {
    case KEY_NONNEGATIVE:
      return "[0, inf)";
    case KEY_POSITIVE:
      return "(0, inf)";
    case KEY_RATIO:
      return "[0, 1]";
    case KEY_FRACTION:
      return "(0, 1]";
    case KEY_FLAG:
      return "0 or 1";
    case KEY_FINITE:
      return "finite real numbers";
    case KEY_ANGLE:
      return "[0, 90) degrees";
    case KEY_POISSON:
      return "(-1, 0.5]";
    case KEY_DP_MODE:
      return "0, 1, 2 or 3";
    case KEY_TAN_MODE:
      return "0 (linear spring Coulomb limit) or 1 (Coulomb limit); 2 (Mindlin-Deresiewicz) needs "
             "a Hertz normal force (dem/hertz)";
    case KEY_TAN_MODE_HERTZ:
      return "0 (linear spring Coulomb limit), 1 (Coulomb limit) or 2 (Mindlin-Deresiewicz)";
    case KEY_RR_MODEL:
      return "0 (PFC rrlinear), 1 (Rocky type A) or 3 (Rocky type C)";
    case KEY_ADH_MODEL:
      return "0 (none), 1 (Rocky constant), 2 (Rocky linear) or 3 (JKR, dem/hertz)";
    case KEY_ELEMENTS:
      return "whole numbers 1 to 16";
  }
  return "";
}

}    // namespace dem
