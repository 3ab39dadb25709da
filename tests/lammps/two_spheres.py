"""Decks of two spheres on the x axis, the pieces the tests of contacts that hold and of bonds share."""
# SPDX-License-Identifier: GPL-2.0-or-later


def setup(x2, x0=0.0, r=0.01, density=2500.0, box=0.1):
    """A box of edge 2 box, sphere 1 at (x0, 0, 0) and sphere 2 at (x0 + x2, 0, 0), both of radius r."""
    return f"""
units si
atom_style sphere
atom_modify map array
comm_modify vel yes
region box block -{box} {box} -{box} {box} -{box} {box}
create_box 1 box
create_atoms 1 single {x0} 0 0
create_atoms 1 single {x0 + x2} 0 0
set type 1 diameter {2 * r} density {density}
"""


def contact_frame(r=0.01):
    """Variables of the pair in the xy plane: gap, and the normal (tension > 0) and shear force on sphere 1."""
    return f"""
variable dx equal x[2]-x[1]
variable dy equal y[2]-y[1]
variable d equal sqrt(v_dx^2+v_dy^2)
variable gap equal v_d-{2 * r}
variable fn equal (fx[1]*v_dx+fy[1]*v_dy)/v_d
variable fs equal sqrt(abs(fx[1]^2+fy[1]^2+fz[1]^2-v_fn^2))
"""


def error_deck(lines):
    """Two overlapping spheres, `lines` (the pair style and what is being refused), and run 0."""
    return setup(0.019) + f"{lines}\nfix 1 all nve/sphere\nrun 0\n"
