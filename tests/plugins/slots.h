/* tests/plugins/slots.h — the per-game state of the slots fixture, shared
 * with tests/test-plugins.c, which reads and changes it directly. */
#ifndef MEEPLE_TEST_SLOTS_H
#define MEEPLE_TEST_SLOTS_H

#include <glib.h>

/* Slot 0: a deep state (init, copy and clear callbacks). */
typedef struct {
  guint magic;     /* SLOTS_MAGIC once init() ran */
  int *turns;      /* heap: turns started in this game */
} SlotsDeep;

/* Slot 1: a flat state (no callbacks: zeroed, then byte-copied). */
typedef struct {
  int turns;
  int scratch[3];
} SlotsFlat;

#define SLOTS_MAGIC 0x5107u

/* Exported by the fixture: how often each callback of slot 0 ran. */
typedef void (*SlotsCountsFunc)(guint *init, guint *copy, guint *clear);
#define SLOTS_COUNTS_SYMBOL "fixture_slots_counts"

#endif
