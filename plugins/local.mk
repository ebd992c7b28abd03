# Expansion plugins (doc/plugins.md).  Every plugin is a libtool module
# named after its rule-set id; all of them land in plugins/.libs in the
# build tree, which uninstalled programs use as their plugin directory.
meeplepluginsdir = $(libdir)/meepled/plugins
meepleplugins_LTLIBRARIES =

# Each plugin is optimised as a whole at link time (configure.ac, LTO).
PLUGIN_CFLAGS = $(AM_CFLAGS) $(LTO_CFLAGS)
# Only the descriptor leaves a plugin (DESIGN: plugins export nothing else).
PLUGIN_LDFLAGS = $(AM_LDFLAGS) $(LTO_CFLAGS) -module -avoid-version -shared \
	-export-symbols-regex '^meeple_plugin_descriptor$$'
PLUGIN_LIBADD = daemon/engine/libmeeple.la $(GLIB_LIBS)

meepleplugins_LTLIBRARIES += plugins/abbot.la
plugins_abbot_la_SOURCES = plugins/abbot/abbot.c
plugins_abbot_la_CFLAGS = $(PLUGIN_CFLAGS)
plugins_abbot_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_abbot_la_LIBADD = $(PLUGIN_LIBADD)

# The loader reads *.so only; libtool's .la files are of no use there.
install-data-hook:
	rm -f $(DESTDIR)$(meeplepluginsdir)/*.la
# Without its .la, libtool's uninstall no longer knows a plugin's .so
# (make distcheck found them left behind): remove them by name.
uninstall-hook:
	for la in $(meepleplugins_LTLIBRARIES); do \
	  rm -f "$(DESTDIR)$(meeplepluginsdir)/`basename $$la .la`.so"; \
	done
include plugins/princess-dragon/local.mk
include plugins/mage-witch/local.mk
include plugins/circus/local.mk
include plugins/mist/local.mk
include plugins/spell-circles/local.mk
include plugins/lua/local.mk
