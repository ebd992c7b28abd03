# lua tests
