/* event-text.c — sentences for events (see event-text.h). */
#include "config.h"

#include <string.h>

#include "event-text.h"
#include "turn.h"

const char *
mg_seat_name(const MeepleClientState *state, int seat, char buffer[32])
{
  if (state && seat >= 0 && (guint)seat < state->seats->len) {
    const MeepleClientSeat *s = g_ptr_array_index(state->seats, seat);
    if (s->name && *s->name)
      return s->name;
  }
  g_snprintf(buffer, 32, "Seat %d", seat + 1);
  return buffer;
}

gboolean
mg_event_is_news(const MeepleClientEvent *e)
{
  return strcmp(e->type, "tile-drawn") != 0;
}

static const char *
a_or_an(const char *word)
{
  return word && strchr("aeiouAEIOU", word[0]) ? "an" : "a";
}

/* "the city (C1)", "segment C1", or "the tile" for a figure on no
 * segment. */
static char *
where(const MeepleClientEvent *e, const MeepleClientState *state,
      const MeepleClientCatalog *catalog)
{
  if (!e->segment)
    return g_strdup("the tile");
  const char *kind = state ? mg_turn_segment_kind(state, catalog, e->x, e->y,
                                                  e->segment) : NULL;
  return kind ? g_strdup_printf("the %s (%s)", kind, e->segment)
              : g_strdup_printf("segment %s", e->segment);
}

char *
mg_event_text(const MeepleClientEvent *e, const MeepleClientState *state,
              const MeepleClientCatalog *catalog)
{
  char buf[32];
  const char *who = e->seat >= 0 ? mg_seat_name(state, e->seat, buf)
                                 : NULL;
  const char *t = e->type;
  const char *fig = e->figure ? e->figure : "figure";
  if (strcmp(t, "turn-started") == 0)
    return g_strdup_printf("Turn %d: %s's turn", e->arg, who ? who : "?");
  if (strcmp(t, "tile-drawn") == 0)
    return g_strdup_printf("%s drew tile %s", who ? who : "Someone",
                           e->tile ? e->tile : "?");
  if (strcmp(t, "tile-placed") == 0)
    return who ? g_strdup_printf("%s placed tile %s at %d,%d", who, e->tile,
                                 e->x, e->y)
               : g_strdup_printf("The start tile %s lies at %d,%d", e->tile,
                                 e->x, e->y);
  if (strcmp(t, "tile-discarded") == 0)
    return g_strdup_printf("Tile %s fitted nowhere and was discarded",
                           e->tile ? e->tile : "?");
  if (strcmp(t, "figure-placed") == 0) {
    g_autofree char *on = where(e, state, catalog);
    return who ? g_strdup_printf("%s put %s %s on %s at %d,%d", who,
                                 a_or_an(fig), fig, on, e->x, e->y)
               : g_strdup_printf("The %s arrived at %d,%d", fig, e->x, e->y);
  }
  if (strcmp(t, "figure-moved") == 0)
    return g_strdup_printf("The %s moved to %d,%d", fig, e->x, e->y);
  if (strcmp(t, "figure-returned") == 0) {
    g_autofree char *on = where(e, state, catalog);
    return g_strdup_printf("%s's %s on %s at %d,%d went back to the supply",
                           who ? who : "A", fig, on, e->x, e->y);
  }
  if (strcmp(t, "feature-completed") == 0)
    return g_strdup_printf("%s %s of %d tile%s was completed at %d,%d",
                           e->kind && strchr("aeiou", e->kind[0]) ? "An" : "A",
                           e->kind ? e->kind : "feature", e->arg,
                           e->arg == 1 ? "" : "s", e->x, e->y);
  if (strcmp(t, "points-scored") == 0)
    return g_strdup_printf("%s scored %d point%s for %s %s%s%s%s",
                           who ? who : "Someone", e->points,
                           e->points == 1 ? "" : "s",
                           e->kind ? a_or_an(e->kind) : "the",
                           e->kind ? e->kind : "rule",
                           e->rule ? " (" : "", e->rule ? e->rule : "",
                           e->rule ? ")" : "");
  if (strcmp(t, "tile-set-aside") == 0)
    return g_strdup_printf("%s set tile %s aside and draws again",
                           who ? who : "Someone", e->tile ? e->tile : "?");
  if (strcmp(t, "tiles-returned") == 0)
    return g_strdup_printf("%d set-aside tile%s went back into the supply",
                           e->arg, e->arg == 1 ? "" : "s");
  if (strcmp(t, "game-over") == 0)
    return g_strdup("The game is over: final scoring is done");
  if (strcmp(t, "winner") == 0)
    return g_strdup_printf("%s wins with %d points", who ? who : "?",
                           e->points);
  /* a rule set's event: its name in words and its fields */
  GString *s = g_string_new(NULL);
  if (who)
    g_string_append_printf(s, "%s: ", who);
  char *name = g_strdup(t);
  for (char *p = name; *p; p++)
    if (*p == '-')
      *p = ' ';
  name[0] = g_ascii_toupper(name[0]);
  g_string_append(s, name);
  g_free(name);
  if (e->figure)
    g_string_append_printf(s, ", %s", e->figure);
  if (e->tile)
    g_string_append_printf(s, ", tile %s", e->tile);
  if (e->has_xy)
    g_string_append_printf(s, " at %d,%d", e->x, e->y);
  if (e->has_points)
    g_string_append_printf(s, ", %d points", e->points);
  if (e->has_arg)
    g_string_append_printf(s, " (%d)", e->arg);
  if (e->rule)
    g_string_append_printf(s, " [%s]", e->rule);
  return g_string_free(s, FALSE);
}
