# D-Bus data: the interface XML (the API's source of truth, installed for
# introspection tools and validated by tests/test-dbus-introspect.sh), the
# session bus activation file and the systemd user unit, both generated
# from .in files with the installation's @bindir@.
dbusinterfaces_DATA = \
	data/org.meepled.Meepled1.Manager.xml \
	data/org.meepled.Meepled1.Game.xml
dbusservice_DATA = data/org.meepled.Meepled1.service
systemduserunit_DATA = data/meepled.service

EXTRA_DIST += \
	$(dbusinterfaces_DATA) \
	data/org.meepled.Meepled1.service.in \
	data/meepled.service.in
CLEANFILES += $(dbusservice_DATA) $(systemduserunit_DATA)

data/org.meepled.Meepled1.service: $(srcdir)/data/org.meepled.Meepled1.service.in Makefile
	$(AM_V_GEN)$(MKDIR_P) data && \
		sed -e 's|@bindir[@]|$(bindir)|g' $(srcdir)/data/org.meepled.Meepled1.service.in > $@
data/meepled.service: $(srcdir)/data/meepled.service.in Makefile
	$(AM_V_GEN)$(MKDIR_P) data && \
		sed -e 's|@bindir[@]|$(bindir)|g' $(srcdir)/data/meepled.service.in > $@
