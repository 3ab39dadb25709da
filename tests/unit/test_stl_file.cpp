// The plugin's STL reader (plugin/stl_file.cpp): ASCII and binary files, and the errors that
// bad files give.
// SPDX-License-Identifier: GPL-2.0-or-later
#include "stl_file.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <string>
#include <unistd.h>
#include <vector>

using DEM_NS::read_stl;
using DEM_NS::StlError;

namespace {

// two triangles of the unit square at z = 0.5
const std::vector<double> SQUARE = {0, 0, 0.5, 1, 0, 0.5, 1, 1, 0.5,
                                    0, 0, 0.5, 1, 1, 0.5, 0, 1, 0.5};

// a file in a fresh temporary folder, removed with the fixture
class StlFile : public ::testing::Test {
 protected:
  std::string dir;
  std::vector<std::string> made;

  void SetUp() override
  {
    char tmpl[] = "/tmp/dem-stl-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir = tmpl;
  }
  void TearDown() override
  {
    for (const auto &p : made) std::remove(p.c_str());
    rmdir(dir.c_str());
  }

  std::string write(const std::string &name, const std::string &bytes)
  {
    const std::string path = dir + "/" + name;
    std::ofstream(path, std::ios::binary) << bytes;
    made.push_back(path);
    return path;
  }

  // the message of the StlError reading path throws ("" when it reads)
  static std::string error_of(const std::string &path)
  {
    try {
      read_stl(path);
    } catch (const StlError &e) {
      return e.what();
    }
    return "";
  }
};

std::string ascii(const std::vector<double> &xyz, const char *end = "endsolid sq\n")
{
  std::string s = "solid sq\n";
  char line[200];
  for (size_t t = 0; t < xyz.size() / 9; t++) {
    s += "  facet normal 0 0 1\n    outer loop\n";
    for (int v = 0; v < 3; v++) {
      std::snprintf(line, sizeof line, "      vertex %.17g %.17g %.17g\n", xyz[9 * t + 3 * v],
                    xyz[9 * t + 3 * v + 1], xyz[9 * t + 3 * v + 2]);
      s += line;
    }
    s += "    endloop\n  endfacet\n";
  }
  return s + end;
}

void put_u32(std::string &s, uint32_t v)
{
  for (int k = 0; k < 4; k++) s += static_cast<char>((v >> (8 * k)) & 0xff);
}

void put_float(std::string &s, float f)
{
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof f);
  put_u32(s, bits);
}

// count: the triangle count the header gives (default: the true one)
std::string binary(const std::vector<double> &xyz, const std::string &header = "binary square",
                   long count = -1)
{
  std::string s = header;
  s.resize(80, ' ');
  put_u32(s, static_cast<uint32_t>(count < 0 ? xyz.size() / 9 : count));
  for (size_t t = 0; t < xyz.size() / 9; t++) {
    for (int k = 0; k < 3; k++) put_float(s, k == 2 ? 1.0f : 0.0f);
    for (int k = 0; k < 9; k++) put_float(s, static_cast<float>(xyz[9 * t + k]));
    s += std::string(2, '\0');
  }
  return s;
}

}    // namespace

TEST_F(StlFile, AsciiGivesTheVerticesInFileOrder)
{
  EXPECT_EQ(read_stl(write("a.stl", ascii(SQUARE))), SQUARE);
}

TEST_F(StlFile, AsciiAcceptsUpperCaseCrLfBlankLinesAndNoEndsolid)
{
  std::string text = ascii(SQUARE, "");
  for (const char *k : {"solid", "facet normal", "outer loop", "vertex", "endloop", "endfacet"}) {
    std::string up = k;
    for (char &c : up) c = static_cast<char>(std::toupper(c));
    for (size_t at = text.find(k); at != std::string::npos; at = text.find(k, at + up.size()))
      text.replace(at, up.size(), up);
  }
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n\r\n") : std::string(1, c);
  EXPECT_EQ(read_stl(write("upper.stl", crlf)), SQUARE);
}

TEST_F(StlFile, AsciiSeveralSolids)
{
  const std::vector<double> one(SQUARE.begin(), SQUARE.begin() + 9),
      two(SQUARE.begin() + 9, SQUARE.end());
  EXPECT_EQ(read_stl(write("two.stl", ascii(one) + ascii(two))), SQUARE);
}

TEST_F(StlFile, BinaryGivesTheVerticesInFileOrder)
{
  EXPECT_EQ(read_stl(write("b.stl", binary(SQUARE))), SQUARE);
}

TEST_F(StlFile, BinaryWhoseHeaderStartsWithSolid)
{
  EXPECT_EQ(read_stl(write("solid.stl", binary(SQUARE, "solid exported as binary"))), SQUARE);
}

TEST_F(StlFile, MissingFileAndFolder)
{
  EXPECT_NE(error_of(dir + "/none.stl").find("Cannot open the file: No such file"),
            std::string::npos);
  EXPECT_NE(error_of(dir).find("Cannot read the file"), std::string::npos) << error_of(dir);
}

TEST_F(StlFile, TruncatedAndOverlongBinary)
{
  const std::string whole = binary(SQUARE);
  auto msg = error_of(write("cut.stl", whole.substr(0, whole.size() - 7)));
  EXPECT_NE(
      msg.find("header gives 2 triangles, which take 184 bytes, but the file has 177 (truncated)"),
      std::string::npos)
      << msg;
  msg = error_of(write("long.stl", whole + "xyz"));
  EXPECT_NE(msg.find("the file has 187 (bytes beyond the last triangle)"), std::string::npos)
      << msg;
  msg = error_of(write("count.stl", binary(SQUARE, "x", 1000)));
  EXPECT_NE(msg.find("header gives 1000 triangles, which take 50084 bytes"), std::string::npos)
      << msg;
  msg = error_of(write("short.stl", "tiny"));
  EXPECT_NE(msg.find("has 4 bytes and does not start with 'solid'"), std::string::npos) << msg;
}

TEST_F(StlFile, NonFiniteCoordinates)
{
  auto odd = SQUARE;
  odd[13] = std::numeric_limits<double>::quiet_NaN();
  auto msg = error_of(write("nan.stl", binary(odd)));
  EXPECT_EQ(
      msg,
      "triangle 2 (counting from 1 in file order) has a non-finite vertex coordinate (nan) in the "
      "file: repair the mesh");
  odd[13] = -std::numeric_limits<double>::infinity();
  msg = error_of(write("inf.stl", ascii(odd)));
  EXPECT_EQ(msg.rfind("line 12: triangle 2 (counting from 1 in file order) has a non-finite vertex "
                      "coordinate (-inf)",
                      0),
            0u)
      << msg;
  std::string text = ascii(SQUARE);
  text.replace(text.find("0.5"), 3, "1e400");
  msg = error_of(write("big.stl", text));
  EXPECT_EQ(msg, "line 4: '1e400' is beyond double precision");
}

TEST_F(StlFile, EmptyMeshes)
{
  EXPECT_EQ(error_of(write("e1.stl", "solid empty\nendsolid empty\n")),
            "the file has no triangles");
  EXPECT_EQ(error_of(write("e2.stl", binary({}))), "the file has no triangles");
}

TEST_F(StlFile, AsciiErrorsNameTheLine)
{
  std::string text = ascii(SQUARE);
  const struct {
    std::string from, to, message;
  } cases[] = {
      {"vertex 1 0 0.5", "vertex 1 zero 0.5", "line 5: 'zero' is not a number"},
      {"vertex 1 0 0.5", "vertex 1 0",
       "line 5: expected 'vertex x y z' (vertex 2 of 3), found 'vertex 1 0'"},
      {"outer loop", "outer", "line 3: expected 'outer loop', found 'outer'"},
      {"facet normal 0 0 1", "facet normal 0 0",
       "line 2: expected 'facet normal nx ny nz' or 'endsolid', found 'facet normal 0 0'"},
      {"endloop", "endfacet", "line 7: expected 'endloop' after three vertices, found 'endfacet'"},
  };
  for (const auto &c : cases) {
    std::string bad = text;
    bad.replace(bad.find(c.from), c.from.size(), c.to);
    EXPECT_EQ(error_of(write("bad.stl", bad)), c.message);
  }
  // a misspelt first word: not ASCII STL, and said so rather than only a binary count that misfits
  std::string sold = text;
  sold.replace(0, 5, "sold ");
  const auto msg = error_of(write("sold.stl", sold));
  EXPECT_EQ(msg.rfind("the file is text that does not start with 'solid' (not ASCII STL); read as "
                      "binary STL whose header gives ",
                      0),
            0u)
      << msg;
  EXPECT_EQ(error_of(write("cut.stl", text.substr(0, text.rfind('\n', text.find("endloop")) + 1))),
            "line 6: the file ends inside a facet");
}

// ASCII files as exporters write them: each must read as the plain file does

TEST_F(StlFile, AsciiWithByteOrderMark)
{
  EXPECT_EQ(read_stl(write("bom.stl", "\xEF\xBB\xBF" + ascii(SQUARE))), SQUARE);
}

TEST_F(StlFile, AsciiWithCrOnlyLineEnds)
{
  std::string cr = ascii(SQUARE);
  for (char &c : cr)
    if (c == '\n') c = '\r';
  EXPECT_EQ(read_stl(write("cr.stl", cr)), SQUARE);
  // the line numbers of errors count CR, CRLF and LF alike
  cr.replace(cr.find("outer loop"), 10, "outer");
  EXPECT_EQ(error_of(write("cr_bad.stl", "\r\n" + cr)),
            "line 4: expected 'outer loop', found 'outer'");
}

TEST_F(StlFile, AsciiWithTrailingCtrlZ)
{
  EXPECT_EQ(read_stl(write("z.stl", ascii(SQUARE) + "\x1A")), SQUARE);
  EXPECT_EQ(read_stl(write("z2.stl", ascii(SQUARE, "endsolid sq") + "\x1A\x1A\r\n \n")), SQUARE);
  // a ^Z before the end would drop what follows it
  std::string early = ascii(SQUARE);
  early.insert(early.find("  facet", 10), "\x1A");
  EXPECT_EQ(error_of(write("z3.stl", early)),
            "line 9: a ^Z (0x1A) byte before the end of the file (text follows it)");
}

TEST_F(StlFile, AsciiWithNulInTheName)
{
  std::string padded = ascii(SQUARE);
  padded.replace(0, 8, std::string("solid sq\0\0\0", 11));
  EXPECT_EQ(read_stl(write("nul.stl", padded)), SQUARE);
  std::string inside = ascii(SQUARE);
  inside.replace(0, 8, std::string("solid s\0q", 9));
  EXPECT_EQ(read_stl(write("nul2.stl", inside)), SQUARE);
  // elsewhere a NUL is not text
  std::string vertex = ascii(SQUARE);
  vertex.replace(vertex.find("vertex 1 0 0.5"), 6, std::string("vert\0x", 6));
  EXPECT_EQ(error_of(write("nul3.stl", vertex)),
            "line 5: a NUL byte in the line, found 'vert?x 1 0 0.5'");
}

TEST_F(StlFile, AsciiWithAllVariantsAtOnce)
{
  std::string text = ascii(SQUARE);
  text.replace(0, 8, std::string("solid sq\0", 9));
  for (char &c : text)
    if (c == '\n') c = '\r';
  EXPECT_EQ(read_stl(write("all.stl", "\xEF\xBB\xBF" + text + "\x1A")), SQUARE);
}

// The size rule first: a file of exactly 84 + 50 n bytes, n the count at bytes 80-83, is binary,
// even when its header reads like ASCII STL; the grammar decides only the other files.
TEST_F(StlFile, BinaryWhoseHeaderReadsLikeAscii)
{
  const std::string header =
      "solid sq\nfacet normal 0 0 1\nouter loop\nvertex 9 9 9\nvertex 9 9 9\n";
  EXPECT_EQ(read_stl(write("looks_ascii.stl", binary(SQUARE, header))), SQUARE);
}

TEST_F(StlFile, NeitherAsciiNorBinary)
{
  // a truncated binary file whose header starts with "solid": both reasons
  const std::string whole = binary(SQUARE, "solid exported as binary");
  const auto msg = error_of(write("cut_solid.stl", whole.substr(0, whole.size() - 7)));
  EXPECT_EQ(msg.rfind("the file starts with 'solid' but is neither ASCII STL (", 0), 0u) << msg;
  EXPECT_NE(msg.find(") nor binary STL (its header gives 2 triangles, which take 184 bytes, but "
                     "the file has 177 (truncated))"),
            std::string::npos)
      << msg;
  // a short one without a line end after its header
  const auto tiny = error_of(write("tiny_solid.stl", std::string("solid \x01\x02", 8)));
  EXPECT_EQ(
      tiny,
      "the file starts with 'solid' but is neither ASCII STL (the file has no triangles) nor "
      "binary "
      "STL (the file has 8 bytes: too short for an 80-byte header and a 4-byte triangle count)");
}
