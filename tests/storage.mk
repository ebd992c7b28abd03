# Persistence (doc/storage.md):
#   test-storage.sh       resume after a restart (same paths, state and
#                         decision; tokens reclaim the seats; bots play
#                         on), a missing rule set (suspended, then
#                         resumed), history, export and import, a damaged
#                         store, a full or unusable state directory
#   test-crash-resume     bots play many games while meepled is killed
#                         with SIGKILL at random moments; every game
#                         equals the replay of the acknowledged actions
#                         (make stress runs it longer)
check_PROGRAMS += tests/test-crash-resume
TESTS += tests/test-storage.sh tests/test-crash-resume
EXTRA_DIST += tests/test-storage.sh
tests_test_crash_resume_SOURCES = tests/test-crash-resume.c
tests_test_crash_resume_CFLAGS = $(TEST_CFLAGS) $(GIO_CFLAGS)
tests_test_crash_resume_LDADD = tests/libdbusfixture.la $(TEST_LDADD) $(GIO_LIBS)
EXTRA_tests_test_crash_resume_DEPENDENCIES = daemon/meepled$(EXEEXT)

# make stress: the crash test with many more kills (not part of check).
stress: tests/test-crash-resume$(EXEEXT) daemon/meepled$(EXEEXT)
	$(TESTS_ENVIRONMENT) MEEPLE_CRASH_KILLS=500 MEEPLE_CRASH_GAMES=32 \
	  $(top_builddir)/tests/test-crash-resume
.PHONY: stress
