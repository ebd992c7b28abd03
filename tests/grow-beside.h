/* grow-beside.h — the move the FILTER scope tests make in their games
 * played side by side (tests/test-plugins.c, tests/lua-rulesets/
 * filter-options.c): a tile goes into column 0 or 1 when it can, so the
 * board grows beside the struck cell (1, 0) and the cells that share only
 * its column or only its row are asked about too; anything else takes
 * the last action.  Header-only: the two are different kinds of test
 * program. */
#ifndef MEEPLE_TEST_GROW_BESIDE_H
#define MEEPLE_TEST_GROW_BESIDE_H

#include <meeple.h>

static inline MeepleAction
grow_beside_column_1(const MeepleDecision *d)
{
  if (d->kind == MEEPLE_DECISION_PLACE_TILE)
    for (gsize i = 0; i < d->n_actions; i++)
      if (d->actions[i].x == 0 || d->actions[i].x == 1)
        return d->actions[i];
  return d->actions[d->n_actions - 1];
}

#endif
