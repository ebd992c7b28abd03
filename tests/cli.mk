# meeple, the command-line client, end to end (shell): a private bus that
# activates the built meepled, golden files of `meeple show` in
# tests/data/cli (regenerate: MEEPLE_UPDATE_GOLDEN=1, see the script).
# The script finds meeple as $(abs_top_builddir)/clients/cli/meeple from
# TEST_BUILDDIR (TESTS_ENVIRONMENT, tests/local.mk); the programs it runs
# are all part of `all`, which `make check` builds first.
TESTS += tests/test-cli.sh tests/test-cli-pd.sh tests/test-cli-resume.sh \
	tests/test-cli-pty.sh \
	tests/test-quickstart.sh tests/test-cli-completion.sh
EXTRA_DIST += tests/test-cli.sh tests/test-cli-pd.sh tests/test-cli-resume.sh \
	tests/test-cli-pty.sh tests/cli-pty-player.py \
	tests/test-quickstart.sh tests/test-cli-completion.sh \
	tests/data/cli
