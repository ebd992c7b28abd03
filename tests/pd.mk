# The Princess & the Dragon (RULES §3): scenario tests of its tile set and
# plugin skeleton (PD-01..PD-04), registered like test-rules-abbot in
# tests/local.mk.
check_PROGRAMS += tests/test-rules-pd-tiles
TESTS += tests/test-rules-pd-tiles
tests_test_rules_pd_tiles_SOURCES = tests/test-rules-pd-tiles.c
tests_test_rules_pd_tiles_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_pd_tiles_LDADD = $(TEST_LDADD)
