# The house rules of The Princess & the Dragon (RULES PD-25): four Lua
# rule sets (plugins/lua/rulesets/pd-house-*.lua) on the Lua host, so only
# with Lua (HAVE_LUA):
#   test-rules-pd-house   scenarios with exact numbers, requirements,
#                         random games with every rule set
#   test-pd-house-sim.sh  meeple-sim lists them and plays whole games
#                         with every rule set
#   test-api-methods      the interface they use, described as methods
#                         (ABI 2.3): checked calls, the Lua binding
EXTRA_DIST += tests/test-pd-house-sim.sh
if HAVE_LUA
PD_HOUSE_TESTS = tests/test-rules-pd-house tests/test-api-methods
check_PROGRAMS += $(PD_HOUSE_TESTS)
TESTS += $(PD_HOUSE_TESTS) tests/test-pd-house-sim.sh
tests_test_rules_pd_house_SOURCES = tests/test-rules-pd-house.c
tests_test_rules_pd_house_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_pd_house_LDADD = $(TEST_LDADD)
tests_test_api_methods_SOURCES = tests/test-api-methods.c
tests_test_api_methods_CFLAGS = $(TEST_CFLAGS)
tests_test_api_methods_LDADD = $(TEST_LDADD)
endif
