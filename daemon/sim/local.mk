# meeple-sim: headless games, replays, benchmarks, tile-set checks and the
# list of rule sets (base game and plugins).
bin_PROGRAMS += daemon/sim/meeple-sim

daemon_sim_meeple_sim_SOURCES = \
	daemon/sim/main.c \
	daemon/sim/players.c \
	daemon/sim/players.h \
	daemon/sim/render.c \
	daemon/sim/render.h \
	daemon/sim/cmd-play.c \
	daemon/sim/cmd-replay.c \
	daemon/sim/cmd-bench.c \
	daemon/sim/cmd-tiles.c \
	daemon/sim/cmd-rules.c \
	daemon/sim/plugins.c \
	daemon/sim/sim.h
daemon_sim_meeple_sim_CFLAGS = $(AM_CFLAGS) $(JSON_CFLAGS)
daemon_sim_meeple_sim_LDADD = daemon/engine/libmeeple.la $(GLIB_LIBS) $(JSON_LIBS)

dist_man_MANS += doc/meeple-sim.1
