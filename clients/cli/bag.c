/* bag.c — the tiles still in the bag, by kind, as a player counts them:
 * every copy of every tile type the catalog lists, less those on the
 * board, set aside, in hand and discarded.  The daemon publishes only
 * how many are left (TilesLeft), never the order; the count by kind is
 * public knowledge any player could keep, so the client derives it.
 * When the sum does not match TilesLeft (a game made with an explicit
 * --tiles supply, or a rule set that takes tiles out some other way),
 * nothing is claimed. */
#include "config.h"

#include <string.h>

#include "cli.h"

/* Index of tile type @id in @catalog, or -1. */
static int
type_index(const MeepleClientCatalog *catalog, const char *id)
{
  return id && *id ? meeple_client_catalog_find_tile(catalog, id) : -1;
}

/* Takes one copy of @id out of @left (when the catalog has it). */
static void
take(int *left, const MeepleClientCatalog *catalog, const char *id)
{
  int t = type_index(catalog, id);
  if (t >= 0)
    left[t]--;
}

/* Whether the last tile drawn is still in hand: drawn after the last
 * tile placed, discarded or set aside. */
static gboolean
drawn_in_hand(const GPtrArray *events)
{
  for (guint i = events ? events->len : 0; i-- > 0;) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (g_strcmp0(e->type, "tile-drawn") == 0)
      return TRUE;
    if (g_strcmp0(e->type, "tile-placed") == 0 ||
        g_strcmp0(e->type, "tile-discarded") == 0 ||
        g_strcmp0(e->type, "tile-set-aside") == 0)
      return FALSE;
  }
  return FALSE;
}

GArray *
cli_bag_count(const MeepleClientCatalog *catalog,
              const MeepleClientState *state, const GPtrArray *events)
{
  guint n = catalog->tiles->len;
  int *left = g_new0(int, MAX(n, 1));
  for (guint t = 0; t < n; t++)
    left[t] = (int)g_array_index(catalog->tiles, MeepleTileType, t).count;
  for (guint i = 0; i < state->board->len; i++)
    take(left, catalog,
         ((const MeepleClientTile *)g_ptr_array_index(state->board, i))->tile);
  for (guint i = 0; state->set_aside && state->set_aside[i]; i++)
    take(left, catalog, state->set_aside[i]);
  for (guint i = 0; events && i < events->len; i++) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (g_strcmp0(e->type, "tile-discarded") == 0)
      take(left, catalog, e->tile);
  }
  if (state->drawn_tile && *state->drawn_tile && drawn_in_hand(events))
    take(left, catalog, state->drawn_tile);
  GArray *bag = g_array_new(FALSE, FALSE, sizeof(CliBagEntry));
  int sum = 0;
  gboolean sane = TRUE;
  for (guint t = 0; t < n; t++) {
    sane &= left[t] >= 0;
    sum += left[t];
    if (left[t] > 0) {
      CliBagEntry entry = {
        g_array_index(catalog->tiles, MeepleTileType, t).id, (guint)left[t]
      };
      g_array_append_val(bag, entry);
    }
  }
  g_free(left);
  if (!sane || sum != (int)state->tiles_left) {
    g_array_free(bag, TRUE);
    return NULL;
  }
  return bag;
}

void
cli_append_bag(GString *out, const MeepleClientCatalog *catalog,
               const MeepleClientState *state, const GPtrArray *events)
{
  GArray *bag = cli_bag_count(catalog, state, events);
  if (!bag)
    return;
  GString *line = g_string_new(NULL);
  g_string_append_printf(line, "In the bag (%u tile%s, kind x copies):",
                         state->tiles_left,
                         state->tiles_left == 1 ? "" : "s");
  for (guint i = 0; i < bag->len; i++) {
    const CliBagEntry *e = &g_array_index(bag, CliBagEntry, i);
    g_string_append_printf(line, " %sx%u", e->id, e->count);
  }
  if (bag->len == 0)
    g_string_append(line, " none");
  cli_append_wrapped(out, line->str, CLI_TEXT_WIDTH, "  ");
  g_string_free(line, TRUE);
  g_array_free(bag, TRUE);
}
