// SPDX-License-Identifier: GPL-2.0-or-later
#include "stl_file.h"

#include "mesh_build.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace DEM_NS {
namespace {

constexpr size_t HEADER = 80;        // a binary file: an 80-byte header, then the triangle count
constexpr size_t RECORD = 50;        // per triangle: normal and 3 vertices (12 floats), 2 spare bytes

std::string whole_file(const std::string &path)
{
  std::FILE *fp = std::fopen(path.c_str(), "rb");
  if (!fp) throw StlError(std::string("Cannot open the file: ") + std::strerror(errno));
  std::string data;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, fp)) > 0) data.append(buf, n);
  const bool failed = std::ferror(fp);
  const int why = errno;
  std::fclose(fp);
  if (failed) throw StlError(std::string("Cannot read the file: ") + std::strerror(why));
  return data;
}

uint32_t little_u32(const char *p)
{
  const auto *b = reinterpret_cast<const unsigned char *>(p);
  return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
}

float little_float(const char *p)
{
  const uint32_t bits = little_u32(p);
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

std::string name_of(double v)
{
  return std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf";
}

// the n coordinates p of triangle t; where: "" or "line N: "
void check_finite(const double *p, int n, size_t t, const std::string &where)
{
  for (int k = 0; k < n; k++)
    if (!std::isfinite(p[k]))
      throw StlError(where + file_triangle(static_cast<int>(t)) + " has a non-finite vertex coordinate (" +
                     name_of(p[k]) + ") in the file: repair the mesh");
}

// the first 512 bytes have no control characters but white space (a binary header and count
// almost always do: a count below 2^24 has a zero byte)
bool looks_like_text(const std::string &data)
{
  for (size_t k = 0; k < std::min<size_t>(data.size(), 512); k++) {
    const auto c = static_cast<unsigned char>(data[k]);
    if (c < 32 && !std::isspace(c)) return false;
  }
  return true;
}

bool binary_size_fits(const std::string &data)
{
  return data.size() >= HEADER + 4 && data.size() == HEADER + 4 + RECORD * uint64_t(little_u32(&data[HEADER]));
}

std::vector<double> parse_binary(const std::string &data)
{
  if (data.size() < HEADER + 4)
    throw StlError("the file has " + std::to_string(data.size()) + " bytes and does not start with 'solid': not "
                   "ASCII STL, and too short for binary STL (an 80-byte header and a 4-byte triangle count)");
  const uint64_t n = little_u32(&data[HEADER]);
  const uint64_t need = HEADER + 4 + RECORD * n;
  // text that is not ASCII STL would otherwise get the message below on its nonsense count
  const std::string text = looks_like_text(data) ? "the file is text that does not start with 'solid' (not ASCII "
                                                   "STL); read as " : "";
  if (data.size() != need)
    throw StlError(text + "binary STL whose header gives " + std::to_string(n) + " triangles, which take " +
                   std::to_string(need) + " bytes, but the file has " + std::to_string(data.size()) +
                   (data.size() < need ? " (truncated)" : " (bytes beyond the last triangle)"));
  std::vector<double> xyz(9 * n);
  for (uint64_t t = 0; t < n; t++) {
    const char *vert = &data[HEADER + 4 + RECORD * t + 12];    // past the normal
    for (int k = 0; k < 9; k++) xyz[9 * t + k] = little_float(vert + 4 * k);
    check_finite(&xyz[9 * t], 9, t, "");
  }
  return xyz;
}

bool starts_with_solid(const std::string &data)
{
  const size_t at = data.find_first_not_of(" \t\r\n");
  if (at == std::string::npos || data.size() < at + 5) return false;
  std::string word = data.substr(at, 5);
  for (char &c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return word == "solid" && looks_like_text(data);    // a binary header may start with "solid" too
}

// An ASCII file, line by line:
//   solid [name] / facet normal nx ny nz / outer loop / vertex x y z (3 times) / endloop /
//   endfacet / ... / endsolid [name]
// Keywords in any case; several solids in a row; the last endsolid may be missing. A normal may
// be nan (some exporters write that for tiny facets): it is not used.
class AsciiParser {
 public:
  explicit AsciiParser(const std::string &data) : in(data) {}

  std::vector<double> parse()
  {
    enum { OUTSIDE, SOLID, FACET, LOOP, LOOP_DONE } state = OUTSIDE;
    int nvert = 0;
    while (next_line()) {
      if (words.empty()) continue;
      const std::string &key = words[0];
      switch (state) {
        case OUTSIDE:
          if (key != "solid") fail("expected 'solid'");
          state = SOLID;
          break;
        case SOLID:
          if (key == "endsolid") state = OUTSIDE;
          else if (key == "facet" && words.size() == 5 && lower(words[1]) == "normal") {
            for (int k = 2; k < 5; k++) number(k);    // a normal must be numbers too, although unused
            state = FACET;
          } else
            fail("expected 'facet normal nx ny nz' or 'endsolid'");
          break;
        case FACET:
          if (key != "outer" || words.size() != 2 || lower(words[1]) != "loop") fail("expected 'outer loop'");
          state = LOOP;
          nvert = 0;
          break;
        case LOOP:
          if (nvert == 3) {
            if (key != "endloop" || words.size() != 1) fail("expected 'endloop' after three vertices");
            state = LOOP_DONE;
          } else {
            if (key != "vertex" || words.size() != 4) fail("expected 'vertex x y z' (vertex " + std::to_string(nvert + 1) + " of 3)");
            for (int k = 1; k < 4; k++) xyz.push_back(number(k));
            check_finite(&xyz[xyz.size() - 3], 3, (xyz.size() - 1) / 9, where());
            nvert++;
          }
          break;
        case LOOP_DONE:
          if (key != "endfacet" || words.size() != 1) fail("expected 'endfacet'");
          state = SOLID;
          break;
      }
    }
    if (state != OUTSIDE && state != SOLID) throw StlError(where() + "the file ends inside a facet");
    return xyz;
  }

 private:
  std::istringstream in;
  std::string text;    // the line as read
  std::vector<std::string> words;    // its words, the first in lower case
  int line = 0;
  std::vector<double> xyz;

  static std::string lower(std::string s)
  {
    for (char &c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  }

  bool next_line()
  {
    if (!std::getline(in, text)) return false;
    line++;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    words.clear();
    std::istringstream split(text);
    for (std::string w; split >> w;) words.push_back(w);
    if (!words.empty()) words[0] = lower(words[0]);
    return true;
  }

  std::string where() const { return "line " + std::to_string(line) + ": "; }

  [[noreturn]] void fail(const std::string &what) const
  {
    const size_t at = text.find_first_not_of(" \t");
    throw StlError(where() + what + ", found '" + text.substr(at, 80) + "'");    // a line with words
  }

  double number(int k)
  {
    const std::string &w = words[k];
    char *end = nullptr;
    errno = 0;
    const double v = std::strtod(w.c_str(), &end);
    if (end != w.c_str() + w.size()) throw StlError(where() + "'" + w + "' is not a number");
    if (errno == ERANGE && std::isinf(v)) throw StlError(where() + "'" + w + "' is beyond double precision");
    return v;
  }
};

}    // namespace

std::vector<double> read_stl(const std::string &path)
{
  const std::string data = whole_file(path);
  std::vector<double> xyz;
  if (!binary_size_fits(data) && starts_with_solid(data))
    xyz = AsciiParser(data).parse();
  else
    xyz = parse_binary(data);
  if (xyz.empty()) throw StlError("the file has no triangles");
  return xyz;
}

}    // namespace DEM_NS
