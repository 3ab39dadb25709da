#!/bin/bash
# Runs a command inside the project's sid userland (tools/common.sh's in_sid), in bench/simd (paths
# relative to this folder), e.g. bench/simd/sid.sh build/proto_simd steps=5 repeat=40 scalar stdx-flat@v3
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../tools/common.sh"
cd "$here"
in_sid "$@"
