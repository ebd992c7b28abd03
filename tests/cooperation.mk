# Rule sets meet only through the engine (plugin ABI 2.0):
#   test-rules-cooperation  a fixture that knows no expansion is kept off
#                           the dragon's tile (PD-12, X-05); figure and
#                           symbol traits; the mist's interface refuses
#                           another version; no plugin names another
#                           rule set's figures, kinds or symbols.
# It loads plugins/.libs and the fixtures of tests/plugins/local.mk.
COOPERATION_TESTS = tests/test-rules-cooperation
check_PROGRAMS += $(COOPERATION_TESTS)
TESTS += $(COOPERATION_TESTS)
tests_test_rules_cooperation_SOURCES = tests/test-rules-cooperation.c
tests_test_rules_cooperation_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_cooperation_LDADD = $(TEST_LDADD)

# Typed events (meeple/events.h): every event type of every rule set
# declares its fields and sentence; the template language.
EVENTS_TESTS = tests/test-events
check_PROGRAMS += $(EVENTS_TESTS)
TESTS += $(EVENTS_TESTS)
tests_test_events_SOURCES = tests/test-events.c tests/test-events-expect.h
tests_test_events_CFLAGS = $(TEST_CFLAGS)
tests_test_events_LDADD = $(TEST_LDADD)

# Looks (meeple/looks.h): every figure type, kind and symbol style of
# every rule set; defaults; refusals.
LOOKS_TESTS = tests/test-looks
check_PROGRAMS += $(LOOKS_TESTS)
TESTS += $(LOOKS_TESTS)
tests_test_looks_SOURCES = tests/test-looks.c
tests_test_looks_CFLAGS = $(TEST_CFLAGS)
tests_test_looks_LDADD = $(TEST_LDADD)
