# The Lua module (lua/) against the built meepled on a private bus: each
# suite is a shell wrapper (tests/test-lua-*.sh, so that its log lands
# beside the others for tools/test-summary) that starts the bus
# (tests/lua/setup.sh) and runs a Lua script of tests/lua/ with
# meeple-lua and the harness tests/lua/harness.lua.
LUA_TESTS = \
	tests/test-lua-api.sh \
	tests/test-lua-errors.sh \
	tests/test-lua-bots.sh \
	tests/test-lua-restart.sh \
	tests/test-lua-memory.sh \
	tests/test-lua-examples.sh \
	tests/test-lua-plain.sh
EXTRA_DIST += $(LUA_TESTS) tests/lua
if HAVE_LUA
TESTS += $(LUA_TESTS)
endif
if SANITIZERS
LUA_TEST_SANITIZERS = yes
else
LUA_TEST_SANITIZERS = no
endif
TESTS_ENVIRONMENT += LUA_TEST_SANITIZERS=$(LUA_TEST_SANITIZERS) \
	LUA54="$(LUA54)"; export LUA_TEST_SANITIZERS LUA54;
