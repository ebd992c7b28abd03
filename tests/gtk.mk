# meeple-gtk: the desktop files' validators, and the client itself under
# Xvfb against the built meepled on a private bus (tests/gtk/).
TESTS += tests/gtk/test-desktop-files.sh
EXTRA_DIST += tests/gtk/test-desktop-files.sh
