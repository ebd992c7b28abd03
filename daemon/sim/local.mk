# meeple-sim: headless games, replays, benchmarks, tile-set checks and the
# list of rule sets (base game and plugins).
bin_PROGRAMS += daemon/sim/meeple-sim

daemon_sim_meeple_sim_SOURCES = \
	daemon/sim/main.c \
	daemon/sim/match.c \
	daemon/sim/match.h \
	daemon/sim/render.c \
	daemon/sim/render.h \
	daemon/sim/cmd-play.c \
	daemon/sim/cmd-replay.c \
	daemon/sim/cmd-bench.c \
	daemon/sim/bench-playouts.c \
	daemon/sim/bench-playouts.h \
	daemon/sim/cmd-tournament.c \
	daemon/sim/tournament.c \
	daemon/sim/tournament.h \
	daemon/sim/tournament-log.c \
	daemon/sim/tournament-log.h \
	daemon/sim/cmd-tiles.c \
	daemon/sim/cmd-rules.c \
	daemon/sim/plugins.c \
	daemon/sim/sim.h \
	daemon/paths.c \
	daemon/paths.h
daemon_sim_meeple_sim_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/clients/common \
	-I$(top_srcdir)/clients/bot -I$(top_srcdir)/daemon
daemon_sim_meeple_sim_CFLAGS = $(AM_CFLAGS) $(JSON_CFLAGS)
# The board is drawn by libmeeple-render (clients/common/render.mk).
daemon_sim_meeple_sim_LDADD = clients/common/libmeeple-render.la \
	clients/bot/libmeeple-strategy.la \
	daemon/engine/libmeeple.la $(GLIB_LIBS) $(JSON_LIBS)

dist_man_MANS += doc/meeple-sim.1
