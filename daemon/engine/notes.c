/* notes.c — public notes: lines the rule sets publish about what the
 * board does not show (meeple_game_notes(), MEEPLE_HOOK_NOTES).  Clients
 * print them under the board without knowing any expansion. */
#include "internal.h"

#include <stdarg.h>

struct MeepleNotes {
  GPtrArray *lines; /* MeepleNote * */
};

static void
note_free(gpointer data)
{
  MeepleNote *note = data;
  g_free(note->label);
  g_free(note->text);
  g_free(note);
}

void
meeple_notes_add(MeepleNotes *notes, const char *label, const char *format,
                 ...)
{
  g_return_if_fail(notes && label && format);
  MeepleNote *note = g_new(MeepleNote, 1);
  note->label = g_strdup(label);
  va_list args;
  va_start(args, format);
  note->text = g_strdup_vprintf(format, args);
  va_end(args);
  g_ptr_array_add(notes->lines, note);
}

GPtrArray *
meeple_game_notes(const MeepleGame *game)
{
  g_return_val_if_fail(game, NULL);
  MeepleNotes notes = { g_ptr_array_new_with_free_func(note_free) };
  guint n;
  const HookDef *hooks = rules_hooks(game->rules, MEEPLE_HOOK_NOTES, &n);
  for (guint h = 0; h < n; h++)
    ((MeepleNotesHook)(void (*)(void))hooks[h].func)(game, &notes,
                                                      hooks[h].user_data);
  return notes.lines;
}
