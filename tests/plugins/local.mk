# Fixture plugins for tests/test-plugins: one small libtool module per
# case the loader or the hook machinery must handle (tests/plugins/*.c say
# which).  They are built by `make check` only, as real shared objects
# (-rpath makes libtool build one), into tests/plugins/.libs/NAME.so;
# the tests link the ones each case needs into a directory of its own.
FIXTURE_LDFLAGS = $(AM_LDFLAGS) -module -avoid-version -shared -rpath /nowhere
FIXTURE_LIBADD = daemon/engine/libmeeple.la $(GLIB_LIBS)

FIXTURE_PLUGINS = \
	tests/plugins/abi-major.la \
	tests/plugins/abi-one.la \
	tests/plugins/abi-minor.la \
	tests/plugins/actions.la \
	tests/plugins/bad-id.la \
	tests/plugins/bad-tiles.la \
	tests/plugins/behind-cycle.la \
	tests/plugins/conflict-x.la \
	tests/plugins/conflict-y.la \
	tests/plugins/council.la \
	tests/plugins/cycle-a.la \
	tests/plugins/cycle-b.la \
	tests/plugins/draw-taker.la \
	tests/plugins/dup-one.la \
	tests/plugins/dup-two.la \
	tests/plugins/filter.la \
	tests/plugins/filter-figures.la \
	tests/plugins/filter-memo.la \
	tests/plugins/filter-scope.la \
	tests/plugins/good.la \
	tests/plugins/hook-stop.la \
	tests/plugins/hook-x.la \
	tests/plugins/hook-y.la \
	tests/plugins/init-fails.la \
	tests/plugins/missing-tiles.la \
	tests/plugins/needs-base.la \
	tests/plugins/needs-both.la \
	tests/plugins/needs-missing.la \
	tests/plugins/needs-needs-skipped.la \
	tests/plugins/needs-skipped.la \
	tests/plugins/no-descriptor.la \
	tests/plugins/no-setup.la \
	tests/plugins/no-version.la \
	tests/plugins/order-a.la \
	tests/plugins/order-b.la \
	tests/plugins/order-c.la \
	tests/plugins/order-dep.la \
	tests/plugins/order-high.la \
	tests/plugins/order-low.la \
	tests/plugins/own-tiles.la \
	tests/plugins/placer.la \
	tests/plugins/mist-next-major.la \
	tests/plugins/mist-next-minor.la \
	tests/plugins/self-conflict.la \
	tests/plugins/setup-fails.la \
	tests/plugins/slots.la \
	tests/plugins/undefined-symbol.la \
	tests/plugins/veto-yes.la

check_LTLIBRARIES += $(FIXTURE_PLUGINS)

tests_plugins_abi_major_la_SOURCES = tests/plugins/abi-major.c
tests_plugins_abi_major_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_abi_major_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_abi_one_la_SOURCES = tests/plugins/abi-one.c
tests_plugins_abi_one_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_abi_one_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_abi_minor_la_SOURCES = tests/plugins/abi-minor.c
tests_plugins_abi_minor_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_abi_minor_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_actions_la_SOURCES = tests/plugins/actions.c
tests_plugins_actions_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_actions_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_bad_id_la_SOURCES = tests/plugins/bad-id.c
tests_plugins_bad_id_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_bad_id_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_bad_tiles_la_SOURCES = tests/plugins/bad-tiles.c
tests_plugins_bad_tiles_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_bad_tiles_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_behind_cycle_la_SOURCES = tests/plugins/behind-cycle.c
tests_plugins_behind_cycle_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_behind_cycle_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_conflict_x_la_SOURCES = tests/plugins/conflict-x.c
tests_plugins_conflict_x_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_conflict_x_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_conflict_y_la_SOURCES = tests/plugins/conflict-y.c
tests_plugins_conflict_y_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_conflict_y_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_council_la_SOURCES = tests/plugins/council.c
tests_plugins_council_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_council_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_cycle_a_la_SOURCES = tests/plugins/cycle-a.c
tests_plugins_cycle_a_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_cycle_a_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_cycle_b_la_SOURCES = tests/plugins/cycle-b.c
tests_plugins_cycle_b_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_cycle_b_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_draw_taker_la_SOURCES = tests/plugins/draw-taker.c
tests_plugins_draw_taker_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_draw_taker_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_dup_one_la_SOURCES = tests/plugins/dup-one.c
tests_plugins_dup_one_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_dup_one_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_dup_two_la_SOURCES = tests/plugins/dup-two.c
tests_plugins_dup_two_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_dup_two_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_filter_la_SOURCES = tests/plugins/filter.c
tests_plugins_filter_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_filter_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_filter_figures_la_SOURCES = tests/plugins/filter-figures.c
tests_plugins_filter_figures_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_filter_figures_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_filter_memo_la_SOURCES = tests/plugins/filter-memo.c
tests_plugins_filter_memo_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_filter_memo_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_filter_scope_la_SOURCES = tests/plugins/filter-scope.c
tests_plugins_filter_scope_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_filter_scope_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_good_la_SOURCES = tests/plugins/good.c
tests_plugins_good_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_good_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_hook_stop_la_SOURCES = tests/plugins/hook-stop.c
tests_plugins_hook_stop_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_hook_stop_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_hook_x_la_SOURCES = tests/plugins/hook-x.c
tests_plugins_hook_x_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_hook_x_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_hook_y_la_SOURCES = tests/plugins/hook-y.c
tests_plugins_hook_y_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_hook_y_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_init_fails_la_SOURCES = tests/plugins/init-fails.c
tests_plugins_init_fails_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_init_fails_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_missing_tiles_la_SOURCES = tests/plugins/missing-tiles.c
tests_plugins_missing_tiles_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_missing_tiles_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_needs_base_la_SOURCES = tests/plugins/needs-base.c
tests_plugins_needs_base_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_needs_base_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_needs_both_la_SOURCES = tests/plugins/needs-both.c
tests_plugins_needs_both_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_needs_both_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_needs_missing_la_SOURCES = tests/plugins/needs-missing.c
tests_plugins_needs_missing_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_needs_missing_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_needs_needs_skipped_la_SOURCES = tests/plugins/needs-needs-skipped.c
tests_plugins_needs_needs_skipped_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_needs_needs_skipped_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_needs_skipped_la_SOURCES = tests/plugins/needs-skipped.c
tests_plugins_needs_skipped_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_needs_skipped_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_no_descriptor_la_SOURCES = tests/plugins/no-descriptor.c
tests_plugins_no_descriptor_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_no_descriptor_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_no_setup_la_SOURCES = tests/plugins/no-setup.c
tests_plugins_no_setup_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_no_setup_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_no_version_la_SOURCES = tests/plugins/no-version.c
tests_plugins_no_version_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_no_version_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_order_a_la_SOURCES = tests/plugins/order-a.c
tests_plugins_order_a_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_order_a_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_order_b_la_SOURCES = tests/plugins/order-b.c
tests_plugins_order_b_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_order_b_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_order_c_la_SOURCES = tests/plugins/order-c.c
tests_plugins_order_c_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_order_c_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_order_dep_la_SOURCES = tests/plugins/order-dep.c
tests_plugins_order_dep_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_order_dep_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_order_high_la_SOURCES = tests/plugins/order-high.c
tests_plugins_order_high_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_order_high_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_order_low_la_SOURCES = tests/plugins/order-low.c
tests_plugins_order_low_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_order_low_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_own_tiles_la_SOURCES = tests/plugins/own-tiles.c
tests_plugins_own_tiles_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_own_tiles_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_placer_la_SOURCES = tests/plugins/placer.c
tests_plugins_placer_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_placer_la_LIBADD = $(FIXTURE_LIBADD)
# One source, two builds: a dependant of the mist built for the next
# major, and for a newer minor, of the mist's interface (mist-api.h).
tests_plugins_mist_next_major_la_SOURCES = tests/plugins/mist-user.c
tests_plugins_mist_next_major_la_CPPFLAGS = $(AM_CPPFLAGS) \
	-DMIST_USER_ID='"mist-next-major"' \
	-DMIST_USER_MAJOR='(MIST_API_MAJOR + 1)' -DMIST_USER_MINOR=0
tests_plugins_mist_next_major_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_mist_next_major_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_mist_next_minor_la_SOURCES = tests/plugins/mist-user.c
tests_plugins_mist_next_minor_la_CPPFLAGS = $(AM_CPPFLAGS) \
	-DMIST_USER_ID='"mist-next-minor"' \
	-DMIST_USER_MAJOR=MIST_API_MAJOR -DMIST_USER_MINOR='(MIST_API_MINOR + 1)'
tests_plugins_mist_next_minor_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_mist_next_minor_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_self_conflict_la_SOURCES = tests/plugins/self-conflict.c
tests_plugins_self_conflict_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_self_conflict_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_setup_fails_la_SOURCES = tests/plugins/setup-fails.c
tests_plugins_setup_fails_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_setup_fails_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_slots_la_SOURCES = tests/plugins/slots.c
tests_plugins_slots_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_slots_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_veto_yes_la_SOURCES = tests/plugins/veto-yes.c
tests_plugins_veto_yes_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_veto_yes_la_LIBADD = $(FIXTURE_LIBADD)
tests_plugins_undefined_symbol_la_SOURCES = tests/plugins/undefined-symbol.c
tests_plugins_undefined_symbol_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_plugins_undefined_symbol_la_LIBADD = $(FIXTURE_LIBADD)

# Headers and tile files the fixtures share.
EXTRA_DIST += \
	tests/plugins/fixture.h \
	tests/plugins/recorder.h \
	tests/plugins/slots.h \
	tests/plugins/fixture-own.tiles \
	tests/plugins/fixture-bad.tiles

# The example plugin of doc/plugins.md built the way a third party builds
# one (plain cc, outside the tree, against the public headers and
# libmeeple), then played with meeple-sim; and the symbols plugins and
# libmeeple export.
TESTS += tests/test-external-plugin.sh
EXTRA_DIST += tests/test-external-plugin.sh doc/examples/hello-plugin.c
