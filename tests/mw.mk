# Mage & Witch (RULES §4):
#   test-rules-mw   scenario tests of MW-01..MW-12 and X-02, X-05
MW_TESTS = tests/test-rules-mw
check_PROGRAMS += $(MW_TESTS)
TESTS += $(MW_TESTS)
tests_test_rules_mw_SOURCES = tests/test-rules-mw.c
tests_test_rules_mw_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_mw_LDADD = $(TEST_LDADD)
