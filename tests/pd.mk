# The Princess & the Dragon (RULES §3), registered like test-rules-abbot in
# tests/local.mk:
#   test-rules-pd-tiles    its tiles (PD-01..PD-04)
#   test-rules-pd-dragon   volcano, set-aside tiles, the dragon (PD-05..PD-12,
#                          PD-23, X-04, X-05, AMB-07)
#   test-rules-pd-figures  princess, portal, fairy (PD-13..PD-24, X-12, X-26)
#   test-properties-pd     invariants over many seeded random games
PD_TESTS = \
	tests/test-rules-pd-tiles \
	tests/test-rules-pd-dragon \
	tests/test-rules-pd-figures \
	tests/test-properties-pd
check_PROGRAMS += $(PD_TESTS)
TESTS += $(PD_TESTS)
tests_test_rules_pd_tiles_SOURCES = tests/test-rules-pd-tiles.c
tests_test_rules_pd_tiles_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_pd_tiles_LDADD = $(TEST_LDADD)
tests_test_rules_pd_dragon_SOURCES = tests/test-rules-pd-dragon.c
tests_test_rules_pd_dragon_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_pd_dragon_LDADD = $(TEST_LDADD)
tests_test_rules_pd_figures_SOURCES = tests/test-rules-pd-figures.c
tests_test_rules_pd_figures_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_pd_figures_LDADD = $(TEST_LDADD)
tests_test_properties_pd_SOURCES = tests/test-properties-pd.c
tests_test_properties_pd_CFLAGS = $(TEST_CFLAGS)
tests_test_properties_pd_LDADD = $(TEST_LDADD)
