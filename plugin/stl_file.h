// Reading the triangles of an STL file, ASCII or binary, for mesh walls. The plugin's own reader:
// LAMMPS has one only since 2026, and the plugin builds against older releases too. No LAMMPS
// here (the unit tests use it too).
// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace DEM_NS {

// what is wrong with an STL file, naming the file (and, in an ASCII file, the line)
struct StlError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The triangles of the STL file at path, 9 doubles each (three vertices x, y, z; the file's
// normals are not used), in file order. A file whose size is exactly that of a binary STL with
// the triangle count its header gives (84 + 50 n bytes) is binary, whatever its header says;
// otherwise one starting with "solid" is ASCII: after a UTF-8 byte-order mark, with LF, CRLF or
// CR line ends, NUL bytes in a solid's name, and a trailing ^Z (0x1A). The file is read in
// pieces: the reader holds the coordinates only.
// Throws StlError when the file cannot be read, a binary file's size does not match its
// triangle count, an ASCII file breaks the grammar (with the line), a coordinate is not a finite
// number, or there are no triangles; a file that starts with "solid" but holds bytes that text
// does not have gets the reasons it is neither.
std::vector<double> read_stl(const std::string &path);

}    // namespace DEM_NS
