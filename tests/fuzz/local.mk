# make fuzz: the libFuzzer targets of tests/fuzz (README.md there), built
# with clang and -fsanitize=fuzzer,address,undefined whatever compiler
# builds the rest, their corpora seeded in the build directory, then each
# target run for FUZZ_SECONDS seconds.  It prints how many inputs each
# target ran and fails on any finding (crash, sanitizer report, leak,
# timeout, broken contract), kept as tests/fuzz/findings/TARGET-*.
#
#   make fuzz                          # 60 s per target
#   make fuzz FUZZ_SECONDS=3600 FUZZ_TARGETS=fuzz-act
#
# Nothing here is part of `all` or `check`: tests/test-act-decode and
# tests/test-record's mutations_never_crash are the stand-ins `make check`
# runs.  configure looks for clang and libFuzzer's runtime (FUZZ_MISSING).
FUZZ_SECONDS = 60
FUZZ_TARGETS = fuzz-record fuzz-act fuzz-tiles fuzz-tournament-log
# More libFuzzer options for every target (e.g. -jobs=2).
FUZZ_FLAGS =

FUZZ_DIR = tests/fuzz
FUZZ_PLUGIN_OUT = $(FUZZ_DIR)/plugins
FUZZ_SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all
# The build's own warnings (without -Werror: clang's set differs from
# gcc's, and a new clang warning must not stop a fuzz run).
FUZZ_CFLAGS = -std=gnu11 -g -O1 -fno-omit-frame-pointer $(FUZZ_SANITIZE) \
	$(filter-out -Werror,$(WARN_CFLAGS))
FUZZ_CPPFLAGS = -I$(top_builddir) -I$(top_srcdir)/daemon/engine \
	-I$(top_srcdir)/daemon -I$(top_srcdir)/tests -I$(top_srcdir)/tests/fuzz \
	-DMEEPLE_TILES_DIR=\"$(abs_top_srcdir)/data/tiles\" \
	-DMEEPLE_SOURCE_TILES_DIR=\"$(abs_top_srcdir)/data/tiles\" \
	-DMEEPLE_PLUGIN_DIR=\"$(abs_top_builddir)/$(FUZZ_PLUGIN_OUT)\" \
	-DMEEPLE_BUILD_PLUGIN_DIR=\"$(abs_top_builddir)/$(FUZZ_PLUGIN_OUT)\" \
	-DFUZZ_PLUGIN_DIR=\"$(abs_top_builddir)/$(FUZZ_PLUGIN_OUT)\" \
	-DFUZZ_TILES_DIR=\"$(abs_top_srcdir)/data/tiles\" \
	-DG_LOG_DOMAIN=\"meeple\" $(GLIB_CFLAGS) $(DBUS_CFLAGS)
# Every header of the engine: a change to one rebuilds the targets.
FUZZ_H_FILES = $(filter %.h,$(daemon_engine_libmeeple_la_SOURCES)) \
	$(meeple_include_HEADERS) $(meeple_subinclude_HEADERS)
FUZZ_ENGINE = $(filter %.c,$(daemon_engine_libmeeple_la_SOURCES))

# The plugins, compiled again with the sanitizers and coverage (so that
# libFuzzer is guided by their code too) into tests/fuzz/plugins, where
# the targets' loader dlopens them.  They link no libmeeple: their
# meeple_* calls bind to the engine inside the target, which exports it
# (-rdynamic), so there is one engine, instrumented, and not a second
# uninstrumented copy from libmeeple.so.
FUZZ_PLUGINS = $(FUZZ_PLUGIN_OUT)/abbot.so \
	$(FUZZ_PLUGIN_OUT)/princess-dragon.so $(FUZZ_PLUGIN_OUT)/mage-witch.so \
	$(FUZZ_PLUGIN_OUT)/circus.so $(FUZZ_PLUGIN_OUT)/mist.so \
	$(FUZZ_PLUGIN_OUT)/spell-circles.so
$(FUZZ_PLUGIN_OUT)/abbot.so: $(plugins_abbot_la_SOURCES)
$(FUZZ_PLUGIN_OUT)/princess-dragon.so: \
	$(plugins_princess_dragon_la_SOURCES)
$(FUZZ_PLUGIN_OUT)/mage-witch.so: $(plugins_mage_witch_la_SOURCES)
$(FUZZ_PLUGIN_OUT)/circus.so: $(plugins_circus_la_SOURCES)
$(FUZZ_PLUGIN_OUT)/mist.so: $(plugins_mist_la_SOURCES)
$(FUZZ_PLUGIN_OUT)/spell-circles.so: $(plugins_spell_circles_la_SOURCES)
$(FUZZ_PLUGINS): $(FUZZ_H_FILES) | fuzz-tools
	@$(MKDIR_P) $(FUZZ_PLUGIN_OUT)
	$(AM_V_CC)$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -fPIC \
	  -shared $(FUZZ_CPPFLAGS) $(filter %.c,$^) -o $@

FUZZ_LINK = $(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer -rdynamic \
	$(FUZZ_CPPFLAGS)
$(FUZZ_DIR)/fuzz-record: $(FUZZ_DIR)/fuzz-record.c $(FUZZ_DIR)/fuzz-rules.c \
	$(FUZZ_DIR)/fuzz-rules.h $(FUZZ_ENGINE) $(FUZZ_H_FILES) | fuzz-tools
	$(AM_V_CCLD)$(FUZZ_LINK) $(filter %.c,$^) $(GLIB_LIBS) -o $@
$(FUZZ_DIR)/fuzz-act: $(FUZZ_DIR)/fuzz-act.c $(FUZZ_DIR)/fuzz-rules.c \
	$(FUZZ_DIR)/fuzz-rules.h tests/act-fuzz.c tests/act-fuzz.h \
	$(filter %.c,$(tests_test_act_decode_SOURCES)) \
	$(filter %.c,$(daemon_dbus_libmeeple_dbus_la_SOURCES)) \
	$(FUZZ_ENGINE) $(FUZZ_H_FILES) | fuzz-tools
	$(AM_V_CCLD)$(FUZZ_LINK) \
	  $(filter-out %/test-act-decode.c,$(sort $(filter %.c,$^))) \
	  $(GLIB_LIBS) $(DBUS_LIBS) -o $@
$(FUZZ_DIR)/fuzz-tiles: $(FUZZ_DIR)/fuzz-tiles.c $(FUZZ_ENGINE) \
	$(FUZZ_H_FILES) | fuzz-tools
	$(AM_V_CCLD)$(FUZZ_LINK) $(filter %.c,$^) $(GLIB_LIBS) -o $@

$(FUZZ_DIR)/fuzz-tournament-log: $(FUZZ_DIR)/fuzz-tournament-log.c \
	daemon/sim/tournament-log.c daemon/sim/tournament-log.h \
	daemon/sim/tournament.h | fuzz-tools
	$(AM_V_CCLD)$(FUZZ_LINK) -I$(top_srcdir)/daemon/sim \
	  $(filter %.c,$^) $(GLIB_LIBS) -o $@

# A clear message instead of a compiler error when clang or libFuzzer's
# runtime is missing (configure found out which).
fuzz-tools:
	@if test -n "$(FUZZ_MISSING)"; then \
	  echo "make fuzz: $(FUZZ_MISSING)."; \
	  echo "  On Debian 12: apt-get install clang-14 libclang-rt-14-dev," \
	    "then run configure again."; \
	  exit 1; \
	fi
	@$(MKDIR_P) $(FUZZ_DIR)

# Seed corpora, in the build directory: records of games with every rule
# set (base, each plugin, all) played by meeple-sim and the example
# records; the tile files; for fuzz-act one session per rule set whose
# calls, all zero bytes, play the first legal action again and again.
FUZZ_SIM_RULES = base abbot princess-dragon mage-witch circus mist \
	spell-circles abbot,princess-dragon,mage-witch,circus,mist,spell-circles
$(FUZZ_DIR)/corpora.stamp: daemon/sim/meeple-sim$(EXEEXT) \
	$(meepleplugins_LTLIBRARIES)
	@$(MKDIR_P) $(FUZZ_DIR)/corpus-record $(FUZZ_DIR)/corpus-tiles \
	  $(FUZZ_DIR)/corpus-act $(FUZZ_DIR)/corpus-tournament-log
	cp $(srcdir)/tests/data/*.rec $(FUZZ_DIR)/corpus-record/
	rm -f $(FUZZ_DIR)/corpus-tournament-log/greedy-random.log
	MEEPLE_TILES_DIR=$(abs_top_srcdir)/data/tiles \
	  daemon/sim/meeple-sim tournament --games 8 \
	  --strategies greedy,random \
	  --resume $(FUZZ_DIR)/corpus-tournament-log/greedy-random.log \
	  >/dev/null
	cp $(srcdir)/data/tiles/*.tiles $(FUZZ_DIR)/corpus-tiles/
	n=0; for rules in $(FUZZ_SIM_RULES); do \
	  n=$$((n + 1)); \
	  opt=--rules=$$rules; test $$rules = base && opt=; \
	  for players in 2 4; do \
	    MEEPLE_PLUGIN_PATH=$(abs_top_builddir)/plugins/.libs \
	    MEEPLE_TILES_DIR=$(abs_top_srcdir)/data/tiles \
	    daemon/sim/meeple-sim play $$opt --seed $$n$$players \
	      --players $$players -q \
	      -o $(FUZZ_DIR)/corpus-record/sim-$$n-$$players.rec || exit 1; \
	  done; \
	done
	for i in 0 1 2 3 4 5 6 7; do \
	  { printf "\\$$(printf %o $$i)\\001\\000"; \
	    head -c 2000 /dev/zero; } > $(FUZZ_DIR)/corpus-act/zeros-$$i; \
	  { printf "\\$$(printf %o $$i)\\002\\060"; \
	    head -c 1000 /dev/zero; } > $(FUZZ_DIR)/corpus-act/ahead-$$i; \
	done
	touch $@

fuzz: $(addprefix $(FUZZ_DIR)/,$(FUZZ_TARGETS)) $(FUZZ_PLUGINS) \
	$(FUZZ_DIR)/corpora.stamp
	@status=0; for t in $(FUZZ_TARGETS); do \
	  case $$t in \
	    fuzz-record) opts="-dict=$(srcdir)/tests/fuzz/record.dict -max_len=40000";; \
	    fuzz-act) opts="-max_len=8192";; \
	    *) opts=;; \
	  esac; \
	  $(SHELL) $(srcdir)/tests/fuzz/run-fuzz.sh $(FUZZ_DIR)/$$t \
	    $(FUZZ_SECONDS) $(FUZZ_DIR)/corpus-$${t#fuzz-} $$opts \
	    $(FUZZ_FLAGS) || status=1; \
	done; exit $$status
.PHONY: fuzz fuzz-tools

CLEANFILES += $(FUZZ_DIR)/fuzz-record $(FUZZ_DIR)/fuzz-act \
	$(FUZZ_DIR)/fuzz-tiles $(FUZZ_DIR)/fuzz-tournament-log $(FUZZ_PLUGINS) $(FUZZ_DIR)/corpora.stamp
clean-local: clean-fuzz
clean-fuzz:
	rm -rf $(FUZZ_DIR)/corpus-record $(FUZZ_DIR)/corpus-act \
	  $(FUZZ_DIR)/corpus-tiles $(FUZZ_DIR)/corpus-tournament-log \
	  $(FUZZ_DIR)/*.log
.PHONY: clean-fuzz
