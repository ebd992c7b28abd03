# meeple: the command-line client (clients/cli).  One file per command
# (cmd-*.c); the board is drawn by libmeeple-render, bots come from
# clients/bot, everything else from libmeeple-client.
bin_PROGRAMS += clients/cli/meeple
clients_cli_meeple_SOURCES = \
	clients/cli/cli.h \
	clients/cli/main.c \
	clients/cli/options.c \
	clients/cli/new-options.c \
	clients/cli/spawn-bots.c \
	clients/cli/session.c \
	clients/cli/tokens.c \
	clients/cli/lobby.c \
	clients/cli/board.c \
	clients/cli/board-window.c \
	clients/cli/term.c \
	clients/cli/text.c \
	clients/cli/bag.c \
	clients/cli/json-out.c \
	clients/cli/prompt.c \
	clients/cli/choice.c \
	clients/cli/describe.c \
	clients/cli/preview.c \
	clients/cli/cmd-rules.c \
	clients/cli/cmd-new.c \
	clients/cli/cmd-list.c \
	clients/cli/cmd-join.c \
	clients/cli/cmd-show.c \
	clients/cli/cmd-watch.c \
	clients/cli/cmd-play.c \
	clients/cli/cmd-bot.c \
	clients/cli/cmd-export.c clients/cli/cmd-delete.c \
	clients/cli/cmd-history.c \
	clients/cli/cmd-import.c
clients_cli_meeple_CPPFLAGS = $(AM_CPPFLAGS) \
	-I$(top_srcdir)/daemon/engine \
	-I$(top_srcdir)/clients/common \
	-I$(top_srcdir)/clients \
	-I$(top_srcdir)/daemon
clients_cli_meeple_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS) $(JSON_CFLAGS)
clients_cli_meeple_LDADD = clients/bot/libmeeple-bot.la \
	clients/common/libmeeple-client.la \
	clients/common/libmeeple-render.la \
	$(DBUS_LIBS) $(JSON_LIBS) $(GLIB_LIBS)

dist_man_MANS += doc/meeple.1

# bash completion (subcommands, options, game ids, rule sets); the file
# is named after the command, as bash-completion looks it up.
dist_bashcompletion_DATA = clients/cli/completion/meeple
