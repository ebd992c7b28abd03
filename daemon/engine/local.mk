# libmeeple: the rules engine (pure, deterministic; DESIGN invariant 1).
lib_LTLIBRARIES += daemon/engine/libmeeple.la

daemon_engine_libmeeple_la_SOURCES = \
	daemon/engine/internal.h \
	daemon/engine/error.c \
	daemon/engine/prng.c \
	daemon/engine/prng.h \
	daemon/engine/rules.c \
	daemon/engine/tilefile.c \
	daemon/engine/board.c \
	daemon/engine/features.c \
	daemon/engine/figures.c \
	daemon/engine/scoring.c \
	daemon/engine/game.c \
	daemon/engine/queries.c \
	daemon/engine/notation.c \
	daemon/engine/record.c \
	daemon/engine/registry.c \
	daemon/engine/events.c \
	daemon/engine/looks.c \
	daemon/engine/slots.c \
	daemon/engine/hookapi.c \
	daemon/engine/effects.c \
	daemon/engine/apis.c \
	daemon/engine/notes.c \
	daemon/engine/hookfail.c \
	daemon/engine/loader.c
daemon_engine_libmeeple_la_LIBADD = $(GLIB_LIBS)
# The engine calls its own exported functions on hot paths (the rule
# sets' queries, meeple_rules_figure_type() inside the trait checks):
# nobody may interpose them, so GCC may call them directly and inline them.
daemon_engine_libmeeple_la_CFLAGS = $(AM_CFLAGS) -fno-semantic-interposition \
	$(LTO_CFLAGS)
# Only the documented API leaves the library.
daemon_engine_libmeeple_la_LDFLAGS = $(AM_LDFLAGS) $(LTO_CFLAGS) \
	-version-info $(LIBMEEPLE_LT_VERSION) \
	-export-symbols-regex '^meeple_'

meeple_includedir = $(includedir)/meeple-1
meeple_include_HEADERS = daemon/engine/meeple.h
meeple_subincludedir = $(includedir)/meeple-1/meeple
meeple_subinclude_HEADERS = \
	daemon/engine/meeple/error.h \
	daemon/engine/meeple/rules.h \
	daemon/engine/meeple/game.h \
	daemon/engine/meeple/events.h \
	daemon/engine/meeple/looks.h \
	daemon/engine/meeple/notation.h \
	daemon/engine/meeple/record.h \
	daemon/engine/meeple/plugin.h \
	daemon/engine/meeple/loader.h
