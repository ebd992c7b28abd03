# Mist and ghosts (RULES §6) and Spell Circles (§7):
#   test-rules-mist              the mist model and the ghosts
#                                (MIST-01..17), the tile notation, X-06,
#                                X-12..X-15, X-17..X-19, X-22
#   test-rules-spell-circles     SC-01..11, X-23, X-24
#   test-properties-mist         invariants over many seeded random games
#                                (the 15 ghosts conserved, never 3 on a
#                                follower, scores never negative, replays)
#   test-cli-mist.sh             a game with every rule set through
#                                meepled and meeple
MIST_TESTS = \
	tests/test-rules-mist \
	tests/test-rules-spell-circles \
	tests/test-properties-mist
check_PROGRAMS += $(MIST_TESTS)
TESTS += $(MIST_TESTS) tests/test-cli-mist.sh
EXTRA_DIST += tests/test-cli-mist.sh
tests_test_rules_mist_SOURCES = tests/test-rules-mist.c
tests_test_rules_mist_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_mist_LDADD = $(TEST_LDADD)
tests_test_rules_spell_circles_SOURCES = tests/test-rules-spell-circles.c
tests_test_rules_spell_circles_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_spell_circles_LDADD = $(TEST_LDADD)
tests_test_properties_mist_SOURCES = tests/test-properties-mist.c
tests_test_properties_mist_CFLAGS = $(TEST_CFLAGS)
tests_test_properties_mist_LDADD = $(TEST_LDADD)
