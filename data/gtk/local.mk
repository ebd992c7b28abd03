# The desktop files of meeple-gtk: .desktop entry, AppStream metainfo,
# the icon, the GSettings schema.  Installed with the program; make check
# validates them (tests/gtk.mk).  The schema is also compiled here, into
# the build tree, so the program and its tests run uninstalled.
if HAVE_GTK
desktopdir = $(datadir)/applications
dist_desktop_DATA = data/gtk/org.meepled.Meeple.desktop
metainfodir = $(datadir)/metainfo
dist_metainfo_DATA = data/gtk/org.meepled.Meeple.metainfo.xml
iconscalabledir = $(datadir)/icons/hicolor/scalable/apps
dist_iconscalable_DATA = data/gtk/org.meepled.Meeple.svg
noinst_DATA += data/gtk/schemas/gschemas.compiled
data/gtk/schemas/gschemas.compiled: data/gtk/org.meepled.Meeple.gschema.xml
	$(AM_V_GEN)$(MKDIR_P) data/gtk/schemas && \
	cp $(srcdir)/data/gtk/org.meepled.Meeple.gschema.xml data/gtk/schemas/ && \
	$(GLIB_COMPILE_SCHEMAS) --strict data/gtk/schemas
CLEANFILES += data/gtk/schemas/gschemas.compiled \
	data/gtk/schemas/org.meepled.Meeple.gschema.xml

# The schema is installed by hand so that the cache is compiled right
# after it, as a distribution's trigger would (not when staging with
# DESTDIR: the package manager does it then).
install-data-local:
	$(MKDIR_P) "$(DESTDIR)$(gsettingsschemadir)"
	$(INSTALL_DATA) $(srcdir)/data/gtk/org.meepled.Meeple.gschema.xml \
	  "$(DESTDIR)$(gsettingsschemadir)/"
	test -n "$(DESTDIR)" || \
	  $(GLIB_COMPILE_SCHEMAS) "$(gsettingsschemadir)"
# The compiled cache is shared with every other schema of the directory:
# compiled again without ours, or removed once no schema is left there.
uninstall-local:
	rm -f "$(DESTDIR)$(gsettingsschemadir)/org.meepled.Meeple.gschema.xml"
	test -n "$(DESTDIR)" || { \
	  if ls "$(gsettingsschemadir)"/*.gschema.xml >/dev/null 2>&1; then \
	    $(GLIB_COMPILE_SCHEMAS) "$(gsettingsschemadir)"; \
	  else rm -f "$(gsettingsschemadir)/gschemas.compiled"; fi; }
endif
EXTRA_DIST += data/gtk/org.meepled.Meeple.gschema.xml
