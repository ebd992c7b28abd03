# Under the Big Top (RULES §5):
#   test-rules-circus-bigtop     the tiles, the animal tokens and the big
#                                top (CIRCUS-01..09), ringmaster
#                                (CIRCUS-17..20), X-01, X-03, X-11..X-14,
#                                X-17, X-27
#   test-rules-circus-acrobats   acrobats and pyramids (CIRCUS-10..16),
#                                X-04, X-05, X-07..X-10, X-26
#   test-properties-circus       invariants over many seeded random games
#   test-dbus-circus             no D-Bus method, property or signal shows a
#                                face-down animal token (real private bus)
#   test-cli-circus.sh           a game with every rule set through meepled
#                                and meeple
CIRCUS_TESTS = \
	tests/test-rules-circus-bigtop \
	tests/test-rules-circus-acrobats \
	tests/test-properties-circus
check_PROGRAMS += $(CIRCUS_TESTS) tests/test-dbus-circus
TESTS += $(CIRCUS_TESTS) tests/test-dbus-circus tests/test-cli-circus.sh
EXTRA_DIST += tests/test-cli-circus.sh
tests_test_rules_circus_bigtop_SOURCES = tests/test-rules-circus-bigtop.c
tests_test_rules_circus_bigtop_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_circus_bigtop_LDADD = $(TEST_LDADD)
tests_test_rules_circus_acrobats_SOURCES = tests/test-rules-circus-acrobats.c
tests_test_rules_circus_acrobats_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_circus_acrobats_LDADD = $(TEST_LDADD)
tests_test_properties_circus_SOURCES = tests/test-properties-circus.c
tests_test_properties_circus_CFLAGS = $(TEST_CFLAGS)
tests_test_properties_circus_LDADD = $(TEST_LDADD)
tests_test_dbus_circus_SOURCES = tests/test-dbus-circus.c
tests_test_dbus_circus_CFLAGS = $(TEST_CFLAGS) $(GIO_CFLAGS)
tests_test_dbus_circus_LDADD = tests/libdbusfixture.la $(TEST_LDADD) $(GIO_LIBS)
EXTRA_tests_test_dbus_circus_DEPENDENCIES = daemon/meepled$(EXEEXT)
