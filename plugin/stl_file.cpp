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

namespace DEM_NS {
namespace {

  constexpr uint64_t HEADER = 80;    // a binary file: an 80-byte header, then the triangle count
  constexpr uint64_t COUNT = 4;
  constexpr uint64_t RECORD =
      50;                         // per triangle: normal and 3 vertices (12 floats), 2 spare bytes
  constexpr int CTRL_Z = 0x1A;    // DOS's end of text, which some exporters append
  const char BOM[] = "\xEF\xBB\xBF";    // UTF-8 byte-order mark

  [[noreturn]] void cannot_read()
  {
    throw StlError(std::string("Cannot read the file: ") + std::strerror(errno));
  }

  // the file, read in pieces (the reader never holds all of it)
  class File {
   public:
    explicit File(const std::string &path) : fp(std::fopen(path.c_str(), "rb"))
    {
      if (!fp) throw StlError(std::string("Cannot open the file: ") + std::strerror(errno));
    }
    ~File() { std::fclose(fp); }
    File(const File &) = delete;
    File &operator=(const File &) = delete;

    // up to n bytes from the current position; the count read (n but at the end)
    size_t read(char *buf, size_t n)
    {
      const size_t got = std::fread(buf, 1, n, fp);
      if (got < n && std::ferror(fp)) cannot_read();
      return got;
    }
    void seek(long at)
    {
      if (std::fseek(fp, at, SEEK_SET) != 0) cannot_read();
    }
    uint64_t size()
    {
      const long here = std::ftell(fp);
      if (here < 0 || std::fseek(fp, 0, SEEK_END) != 0) cannot_read();
      const long end = std::ftell(fp);
      if (end < 0) cannot_read();
      seek(here);
      return static_cast<uint64_t>(end);
    }

   private:
    std::FILE *fp;
  };

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
        throw StlError(where + file_triangle(static_cast<int>(t)) +
                       " has a non-finite vertex coordinate (" + name_of(p[k]) +
                       ") in the file: repair the mesh");
  }

  bool is_blank(int c)
  {
    return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n';
  }

  // a control character that text does not have (NUL and ^Z are judged where they stand)
  bool is_binary_byte(int c)
  {
    return c < 32 && !is_blank(c) && c != 0 && c != CTRL_Z;
  }

  // the head of the file has no control characters but white space (a binary header and count
  // almost always do: a count below 2^24 has a zero byte)
  bool looks_like_text(const std::string &head)
  {
    for (unsigned char c : head)
      if (c < 32 && !is_blank(c)) return false;
    return true;
  }

  // the head of the file is "solid" in any case, after a byte-order mark and white space
  bool starts_with_solid(const std::string &head)
  {
    size_t at = head.compare(0, 3, BOM) == 0 ? 3 : 0;
    while (at < head.size() && is_blank(static_cast<unsigned char>(head[at]))) at++;
    if (head.size() < at + 5) return false;
    std::string word = head.substr(at, 5);
    for (char &c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return word == "solid";
  }

  // how the size of a file of `size` bytes (at least a header and a count) misfits the count
  std::string size_misfit(const std::string &head, uint64_t size)
  {
    const uint64_t n = little_u32(&head[HEADER]);
    const uint64_t need = HEADER + COUNT + RECORD * n;
    return "header gives " + std::to_string(n) + " triangles, which take " + std::to_string(need) +
        " bytes, but the file has " + std::to_string(size) +
        (size < need ? " (truncated)" : " (bytes beyond the last triangle)");
  }

  // why a file of `size` bytes with this head is not binary STL
  std::string not_binary(const std::string &head, uint64_t size)
  {
    if (size < HEADER + COUNT)
      return "the file has " + std::to_string(size) +
          " bytes: too short for an 80-byte header and a 4-byte triangle count";
    return "its " + size_misfit(head, size);
  }

  std::vector<double> read_binary(File &f, uint64_t n)
  {
    std::vector<double> xyz;
    xyz.reserve(9 * n);
    f.seek(HEADER + COUNT);
    std::vector<char> buf(RECORD * 4096);
    for (uint64_t t = 0; t < n;) {
      const uint64_t batch = std::min<uint64_t>(4096, n - t);
      if (f.read(buf.data(), RECORD * batch) != RECORD * batch)
        throw StlError("the file ended early (it shrank while it was read)");
      for (uint64_t b = 0; b < batch; b++, t++) {
        const char *vert = &buf[RECORD * b + 12];    // past the normal
        for (int k = 0; k < 9; k++) xyz.push_back(little_float(vert + 4 * k));
        check_finite(&xyz[9 * t], 9, t, "");
      }
    }
    return xyz;
  }

  // The lines of an ASCII file: a byte-order mark at the start is skipped; a line ends at LF, CR
  // or CRLF; a ^Z followed by nothing but white space and ^Z ends the file.
  class Lines {
   public:
    explicit Lines(File &f) : file(f)
    {
      if (fill() && end >= 3 && std::memcmp(buf.data(), BOM, 3) == 0) at = 3;
    }

    // the next line into text; false at the end of the file
    bool next(std::string &text)
    {
      text.clear();
      if (done) return false;
      number++;
      for (bool any = false;; any = true) {
        const int c = get();
        if (c == EOF) {
          done = true;
          if (!any) number--;
          return any;
        }
        if (c == '\n') return true;
        if (c == '\r') {
          if (peek() == '\n') get();
          return true;
        }
        if (c == CTRL_Z) {
          check_rest_is_blank();
          done = true;
          return true;
        }
        if (is_binary_byte(c)) binary_bytes = true;
        text += static_cast<char>(c);
      }
    }

    int line() const { return number; }
    // a control character that text does not have was read
    bool saw_binary_bytes() const { return binary_bytes; }

   private:
    File &file;
    std::vector<char> buf = std::vector<char>(1 << 16);
    size_t at = 0, end = 0;
    bool done = false, binary_bytes = false;
    int number = 0;

    bool fill()
    {
      at = 0;
      end = file.read(buf.data(), buf.size());
      return end > 0;
    }
    int get() { return at < end || fill() ? static_cast<unsigned char>(buf[at++]) : EOF; }
    int peek() { return at < end || fill() ? static_cast<unsigned char>(buf[at]) : EOF; }

    void check_rest_is_blank()
    {
      for (int c = get(); c != EOF; c = get())
        if (!is_blank(c) && c != CTRL_Z)
          throw StlError("line " + std::to_string(number) +
                         ": a ^Z (0x1A) byte before the end of the file (text follows it)");
    }
  };

  // An ASCII file, line by line:
  //   solid [name] / facet normal nx ny nz / outer loop / vertex x y z (3 times) / endloop /
  //   endfacet / ... / endsolid [name]
  // Keywords in any case; several solids in a row; the last endsolid may be missing. A normal may
  // be nan (some exporters write that for tiny facets): it is not used. NUL bytes may pad the name
  // of a solid (they separate words there); on other lines they are an error.
  class AsciiParser {
   public:
    explicit AsciiParser(File &f) : lines(f) {}

    std::vector<double> parse()
    {
      enum { OUTSIDE, SOLID, FACET, LOOP, LOOP_DONE } state = OUTSIDE;
      int nvert = 0;
      while (next_line()) {
        if (words.empty()) continue;
        const std::string &key = words[0];
        if (has_nul && key != "solid" && key != "endsolid") fail("a NUL byte in the line");
        switch (state) {
          case OUTSIDE:
            if (key != "solid") fail("expected 'solid'");
            state = SOLID;
            break;
          case SOLID:
            if (key == "endsolid")
              state = OUTSIDE;
            else if (key == "facet" && words.size() == 5 && lower(words[1]) == "normal") {
              for (int k = 2; k < 5; k++)
                number(k);    // a normal must be numbers too, although unused
              state = FACET;
            } else
              fail("expected 'facet normal nx ny nz' or 'endsolid'");
            break;
          case FACET:
            if (key != "outer" || words.size() != 2 || lower(words[1]) != "loop")
              fail("expected 'outer loop'");
            state = LOOP;
            nvert = 0;
            break;
          case LOOP:
            if (nvert == 3) {
              if (key != "endloop" || words.size() != 1)
                fail("expected 'endloop' after three vertices");
              state = LOOP_DONE;
            } else {
              if (key != "vertex" || words.size() != 4)
                fail("expected 'vertex x y z' (vertex " + std::to_string(nvert + 1) + " of 3)");
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
      if (state != OUTSIDE && state != SOLID)
        throw StlError(where() + "the file ends inside a facet");
      return std::move(xyz);
    }

    bool saw_binary_bytes() const { return lines.saw_binary_bytes(); }

   private:
    Lines lines;
    std::string text;                  // the line as read
    std::vector<std::string> words;    // its words, the first in lower case
    bool has_nul = false;
    std::vector<double> xyz;

    static std::string lower(std::string s)
    {
      for (char &c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return s;
    }

    bool next_line()
    {
      if (!lines.next(text)) return false;
      words.clear();
      has_nul = false;
      size_t k = 0;
      auto separates = [&](size_t i) {
        const char c = text[i];
        if (c == '\0') has_nul = true;
        return c == '\0' || is_blank(static_cast<unsigned char>(c));
      };
      while (k < text.size()) {
        while (k < text.size() && separates(k)) k++;
        const size_t from = k;
        while (k < text.size() && !separates(k)) k++;
        if (k > from) words.emplace_back(text, from, k - from);
      }
      if (!words.empty()) words[0] = lower(words[0]);
      return true;
    }

    std::string where() const { return "line " + std::to_string(lines.line()) + ": "; }

    // the line, as far as it is printable, for a message
    std::string excerpt() const
    {
      const size_t at = text.find_first_not_of(" \t");    // a line with words
      std::string shown = text.substr(at, 80);
      for (char &c : shown)
        if (static_cast<unsigned char>(c) < 32 || c == 127) c = '?';
      return shown;
    }

    [[noreturn]] void fail(const std::string &what) const
    {
      throw StlError(where() + what + ", found '" + excerpt() + "'");
    }

    double number(int k)
    {
      const std::string &w = words[k];
      char *end = nullptr;
      errno = 0;
      const double v = std::strtod(w.c_str(), &end);
      if (end != w.c_str() + w.size()) throw StlError(where() + "'" + w + "' is not a number");
      if (errno == ERANGE && std::isinf(v))
        throw StlError(where() + "'" + w + "' is beyond double precision");
      return v;
    }
  };

  // An ASCII file; when it fails and holds bytes that text does not have, the reasons it is
  // neither ASCII nor binary STL.
  std::vector<double> read_ascii(File &f, const std::string &head, uint64_t size)
  {
    f.seek(0);
    AsciiParser parser(f);
    std::string why;
    try {
      std::vector<double> xyz = parser.parse();
      if (!xyz.empty()) return xyz;
      why = "the file has no triangles";
    } catch (const StlError &e) {
      why = e.what();
    }
    if (!parser.saw_binary_bytes()) throw StlError(why);
    throw StlError("the file starts with 'solid' but is neither ASCII STL (" + why +
                   ") nor binary STL (" + not_binary(head, size) + ")");
  }

}    // namespace

std::vector<double> read_stl(const std::string &path)
{
  File f(path);
  std::string head(512, '\0');
  head.resize(f.read(&head[0], head.size()));
  const uint64_t size = f.size();
  std::vector<double> xyz;
  // binary when the size fits the count: an ASCII file's bytes 80-83 are text, a count of at
  // least 0x09090909, whose size (7.6 GB and more) a text file does not hit by chance
  if (size >= HEADER + COUNT && size == HEADER + COUNT + RECORD * little_u32(&head[HEADER]))
    xyz = read_binary(f, little_u32(&head[HEADER]));
  else if (starts_with_solid(head))
    xyz = read_ascii(f, head, size);
  else if (size < HEADER + COUNT)
    throw StlError(
        "the file has " + std::to_string(size) +
        " bytes and does not start with 'solid': not ASCII STL, and too short for binary STL (an "
        "80-byte header and a 4-byte triangle count)");
  else    // text that is not ASCII STL would otherwise get only the message on its nonsense count
    throw StlError(std::string(looks_like_text(head)
                                   ? "the file is text that does not start with 'solid' (not "
                                     "ASCII STL); read as "
                                   : "") +
                   "binary STL whose " + size_misfit(head, size));
  if (xyz.empty()) throw StlError("the file has no triangles");
  return xyz;
}

}    // namespace DEM_NS
