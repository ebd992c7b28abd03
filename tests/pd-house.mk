# The house rules of The Princess & the Dragon (RULES PD-25): four Lua
# rule sets (plugins/lua/rulesets/pd-house-*.lua) on the Lua host, so only
# with Lua (HAVE_LUA):
#   test-rules-pd-house   scenarios with exact numbers, requirements,
#                         random games with every rule set
#   test-pd-house-sim.sh  meeple-sim lists them and plays whole games
#                         with every rule set
EXTRA_DIST += tests/test-pd-house-sim.sh
if HAVE_LUA
PD_HOUSE_TESTS = tests/test-rules-pd-house
check_PROGRAMS += $(PD_HOUSE_TESTS)
TESTS += $(PD_HOUSE_TESTS) tests/test-pd-house-sim.sh
tests_test_rules_pd_house_SOURCES = tests/test-rules-pd-house.c
tests_test_rules_pd_house_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_pd_house_LDADD = $(TEST_LDADD)
endif
