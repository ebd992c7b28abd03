# libmeeple-render: the board as text for a terminal, drawn from a neutral
# view of the board (clients/common/board-render.h); shared by meeple-sim
# (which describes the engine's game) and the meeple CLI (which describes
# a client's mirror of a remote game).  It uses only GLib and the types of
# meeple/rules.h, no libmeeple function.
noinst_LTLIBRARIES += clients/common/libmeeple-render.la
clients_common_libmeeple_render_la_SOURCES = \
	clients/common/board-render.c \
	clients/common/board-render.h \
	clients/common/board-block.c \
	clients/common/board-block.h
clients_common_libmeeple_render_la_LIBADD = $(GLIB_LIBS)
