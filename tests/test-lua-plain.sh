#!/bin/sh
# The Lua module against meepled on a private bus: tests/lua/plain.lua
# (tests/lua/setup.sh runs it with meeple-lua and the harness).
set -eu
HARNESS_NAME=test-lua-plain
: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$TEST_SRCDIR/tests/lua/setup.sh"
lua_suite plain.lua
