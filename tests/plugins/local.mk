# Fixture plugins for tests/test-plugins (filled in by the loader tests).
