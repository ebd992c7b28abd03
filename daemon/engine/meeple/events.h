/* meeple/events.h — typed events: which fields each event type has, and
 * the sentence that tells a person what happened.
 *
 * Every event type (the core's and each rule set's) declares the fields of
 * MeepleEvent it sets (MeepleEventField) and a sentence template.  Hosts
 * show only the declared fields that an event actually has
 * (meeple_event_fields()), so no client prints a field a rule set left at
 * zero; and they can print the sentence without knowing the rule set
 * (meeple_event_text()).  ABI 2.1.
 *
 * The template language (doc/plugins.md, "Typed events"):
 *
 *   {field}        the field's value: seat, tile, cell, segment, figure,
 *                  kind, points, count, rule
 *   {field:form}   points and count only: nth (3rd), s ("" for 1 or -1,
 *                  else "s"), abs (|value|), deg (quarter turns in
 *                  degrees: 0, 90, 180, 270)
 *   [ ... ]        shown only when the event has every field named
 *                  inside (groups do not nest)
 *   {{ }} [[ ]]    a literal brace or bracket
 *
 * A template may name only fields its type declares; registration checks
 * it.  "{seat}'s" is the seat's name followed by 's; {segment} is the
 * segment's kind ("road"), as a sentence wants it, {kind} the kind of the
 * feature concerned.
 */
#ifndef MEEPLE_EVENTS_H
#define MEEPLE_EVENTS_H

#include <glib.h>
#include "meeple/game.h"

G_BEGIN_DECLS

/** The fields of a MeepleEvent an event type may declare.  ABI 2.1. */
typedef enum {
  MEEPLE_EVENT_FIELD_SEAT = 1u << 0,    /**< player: seat (owner of a figure) */
  MEEPLE_EVENT_FIELD_TILE = 1u << 1,    /**< tile: tile type */
  MEEPLE_EVENT_FIELD_CELL = 1u << 2,    /**< x, y */
  MEEPLE_EVENT_FIELD_SEGMENT = 1u << 3, /**< segment on the tile at x, y */
  MEEPLE_EVENT_FIELD_FIGURE = 1u << 4,  /**< figure: figure type */
  MEEPLE_EVENT_FIELD_KIND = 1u << 5,    /**< kind: segment kind of the feature */
  MEEPLE_EVENT_FIELD_POINTS = 1u << 6,  /**< points */
  MEEPLE_EVENT_FIELD_COUNT = 1u << 7,   /**< arg: a number, named by the type */
  MEEPLE_EVENT_FIELD_RULE = 1u << 8,    /**< rule: the rule it cites */
} MeepleEventField;
/** Every field: what a type registered without a spec is taken to have. */
#define MEEPLE_EVENT_FIELDS_ALL 0x1ffu

/** The x of an event that names no cell (a points event for ghosts on
 * several followers, MIST-16).  Coordinates of a real board never come
 * near it. */
#define MEEPLE_EVENT_NO_CELL INT16_MIN

/** What an event type declares.  The strings are copied at registration. */
typedef struct {
  /** MeepleEventField bits. */
  guint32 fields;
  /** What the count (arg) is: "turn", "ghosts" ...; NULL when the type
   * has no count, "count" when it has one and says nothing. */
  const char *count_name;
  /** Sentence template (see above), or NULL: a generic sentence. */
  const char *text;
} MeepleEventSpec;

/** The spec of event type @type (core or a rule set's); never NULL: an
 * unknown type, or one registered with meeple_rules_add_event_type() only,
 * declares every field and no template. */
const MeepleEventSpec *meeple_rules_event_spec(const MeepleRules *rules,
                                               guint type);

/** The declared fields that @e has: a seat >= 0, a cell other than
 * MEEPLE_EVENT_NO_CELL, a segment other than MEEPLE_SEGMENT_NONE (a
 * figure on the tile itself), a kind only together with its segment when
 * the type declares both, a rule that is not NULL. */
guint32 meeple_event_fields(const MeepleRules *rules, const MeepleEvent *e);

/** The sentence for @e (free with g_free()).  @seat_names: @n_names names
 * by seat, or NULL; a seat without a name is "seat N" (from 1).  @game
 * gives the segments' kinds and may be NULL (then {segment} is the
 * segment's index).  A type without a template gets a generic sentence
 * of its name and fields. */
char *meeple_event_text(const MeepleRules *rules, const MeepleGame *game,
                        const MeepleEvent *e, const char *const *seat_names,
                        guint n_names);

/** Checks @text as a template for an event type declaring @fields; FALSE
 * with @error set (MEEPLE_ERROR_REGISTRY) when it names an unknown or
 * undeclared field or form, or a bracket or brace is unbalanced. */
gboolean meeple_event_template_check(const char *text, guint32 fields,
                                     GError **error);

/** Name of a MeepleEventField bit ("seat", "cell" ...), or NULL. */
const char *meeple_event_field_name(guint32 field);

G_END_DECLS

#endif
