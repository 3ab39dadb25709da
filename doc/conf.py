# Sphinx configuration of the lammps-dem-plugin manual (tools/docs builds it; the test docs.sphinx
# fails on any warning). The pages follow LAMMPS's manual: its section titles, index entries,
# citation style and code blocks in a LAMMPS lexer; the settings follow LAMMPS's own where they
# fit a small manual built offline from Debian's packages.
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import re

from pygments.lexer import RegexLexer, bygroups
from pygments.token import Comment, Keyword, Name, Number, Operator, String, Text, Whitespace

_here = os.path.dirname(os.path.abspath(__file__))


def _plugin_version():
    """The version of CMake's project() command, the one the plugin prints when it loads."""
    with open(os.path.join(_here, '..', 'CMakeLists.txt')) as f:
        match = re.search(r'project\(\s*lammps_dem_plugin\s+VERSION\s+([0-9.]+)', f.read())
    return match.group(1) if match else 'unknown'


project = 'lammps-dem-plugin'
author = 'the lammps-dem-plugin authors'
copyright = 'the lammps-dem-plugin authors; GPL-2.0-or-later'
version = release = _plugin_version()

needs_sphinx = '5.3'
extensions = ['sphinx.ext.mathjax', 'sphinx.ext.extlinks', 'sphinxcontrib.spelling']
root_doc = 'index'
source_suffix = {'.rst': 'restructuredtext'}
exclude_patterns = ['_build', 'lammps_defects', 'images']
language = 'en'
pygments_style = 'default'
highlight_language = 'none'    # as LAMMPS: plain literal blocks are not highlighted

# LAMMPS's pages: their commands are linked as :ldoc:`pair_coeff <pair_coeff>` (no network is
# needed to build: the links are only written into the pages)
extlinks = {'ldoc': ('https://docs.lammps.org/%s.html', '%s')}

# inline input-script text as LAMMPS writes it: :lammps:`pair_coeff * * kn 1e5`
rst_prolog = r"""
.. role:: lammps(code)
   :language: LAMMPS
   :class: highlight
"""

html_theme = 'sphinx_rtd_theme'
html_theme_options = {'navigation_depth': 3, 'collapse_navigation': True}
html_title = f'lammps-dem-plugin {version} documentation'
html_show_sourcelink = False
html_permalinks = True
html_math_renderer = 'mathjax'
# the HTML loads MathJax from its CDN when it is read; the build itself needs no network
mathjax_path = 'https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js'

# spelling (sphinx-build -b spelling): British English, as the pages; each misspelling is a warning,
# so that -W fails the build on it
spelling_lang = 'en_GB'
tokenizer_lang = 'en_GB'
spelling_word_list_filename = 'spelling_wordlist.txt'
spelling_show_suggestions = True
spelling_warning = True
spelling_ignore_contributor_names = False
spelling_ignore_pypi_package_names = False


class LammpsInputLexer(RegexLexer):
    """LAMMPS input scripts: a command word at the start of a line, its arguments, comments,
    numbers, quoted strings and references to variables, computes and fixes."""
    name = 'LAMMPS'
    aliases = ['lammps']
    filenames = ['in.*']
    tokens = {
        'root': [
            (r'#.*?$', Comment.Single),
            (r'^(\s*)([A-Za-z_][\w/]*)', bygroups(Whitespace, Keyword)),
            (r'\$\{\w+\}|\$\w|\$\([^)]*\)', Name.Variable),
            (r'\b[vcfi]_\w+(\[\d+\])?', Name.Variable),
            (r'"[^"]*"|\'[^\']*\'', String),
            (r'[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\b', Number),
            (r'[*&]', Operator),
            (r'\s+', Whitespace),
            (r'[^\s#"\'$]+', Text),
            (r'.', Text),
        ],
    }


def setup(app):
    app.add_lexer('LAMMPS', LammpsInputLexer)
