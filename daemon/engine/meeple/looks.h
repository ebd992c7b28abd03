/* meeple/looks.h — how figure types, segment kinds and symbols look, so
 * that a client draws any rule set from the rules (or from GetCatalog)
 * alone, without a table of names.  ABI 2.1.
 *
 * A look is a glyph in two alphabets (one printable ASCII character; one
 * Unicode character that takes one terminal cell), a colour role from a
 * fixed set that each client maps to its palette, and a shape hint for
 * graphical clients (a word such as "meeple" or "triangle"; a client
 * that does not know the word draws its default).
 */
#ifndef MEEPLE_LOOKS_H
#define MEEPLE_LOOKS_H

#include <glib.h>
#include "meeple/rules.h"

G_BEGIN_DECLS

/** What a glyph is coloured as.  The set is fixed: clients map each role
 * to a colour of their own (doc/plugins.md, "Looks").  ABI 2.1. */
typedef enum {
  MEEPLE_COLOUR_NONE = 0,   /**< the default foreground */
  MEEPLE_COLOUR_ROAD,       /**< roads */
  MEEPLE_COLOUR_CITY,       /**< cities */
  MEEPLE_COLOUR_FIELD,      /**< fields and what grows on them */
  MEEPLE_COLOUR_MONASTERY,  /**< buildings that stand alone */
  MEEPLE_COLOUR_OTHER,      /**< a rule set's own spots (a ring ...) */
  MEEPLE_COLOUR_SEAT,       /**< the owning seat's colour */
  MEEPLE_COLOUR_NEUTRAL,    /**< figures owned by nobody */
  MEEPLE_COLOUR_COUNT,
} MeepleColourRole;

/** Name of a colour role ("road", "seat" ...), or NULL. */
const char *meeple_colour_role_name(MeepleColourRole role);

/** How one figure type, segment kind or symbol looks. */
typedef struct {
  /** Printable ASCII (0x21..0x7e). */
  char ascii;
  /** One Unicode character of one terminal cell, UTF-8. */
  const char *unicode;
  MeepleColourRole colour;
  /** Hint for graphical clients: [a-z-]+ ("meeple", "triangle", "star",
   * "disc", "circle", "tent", "building", "tree", "band", "area", "fog",
   * "spot"). */
  const char *shape;
} MeepleLook;

/** Gives figure type @figure, segment kind @kind or symbol @symbol its
 * look (copied).  FALSE, and nothing changes, when the index is unknown
 * or @look is incomplete (ascii not printable, unicode empty or wider
 * than one character, colour out of range, shape not [a-z-]+). */
gboolean meeple_rules_set_figure_look(MeepleRules *rules, guint figure,
                                      const MeepleLook *look);
gboolean meeple_rules_set_kind_look(MeepleRules *rules, guint kind,
                                    const MeepleLook *look);
gboolean meeple_rules_set_symbol_style(MeepleRules *rules, guint symbol,
                                       const MeepleLook *look);

/** The look of figure type @figure: its own, else its name's capital
 * initial in both alphabets, colour NEUTRAL for a neutral type and SEAT
 * for an owned one, shape "meeple".  FALSE for an unknown index. */
gboolean meeple_rules_figure_look(const MeepleRules *rules, guint figure,
                                  MeepleLook *out);
/** The look of segment kind @kind: its own, else its code's small first
 * letter in both alphabets, colour OTHER, shape "spot". */
gboolean meeple_rules_kind_look(const MeepleRules *rules, guint kind,
                                MeepleLook *out);
/** The look of symbol @symbol, or FALSE when it has none: set with
 * meeple_rules_set_symbol_style(), or from meeple_rules_set_symbol_look()
 * (glyphs; colour FIELD, shape "area"). */
gboolean meeple_rules_symbol_style(const MeepleRules *rules, guint symbol,
                                   MeepleLook *out);

G_END_DECLS

#endif
