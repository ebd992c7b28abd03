/* renderer.h — which of GTK's renderers meeple-gtk asks for. */
#ifndef MG_RENDERER_H
#define MG_RENDERER_H

#include <glib.h>

/* "cairo" when meeple-gtk should ask GTK for its software renderer, NULL
 * to leave GTK's choice alone.  @gsk_renderer is $GSK_RENDERER (a choice
 * the user made wins), @always_software $LIBGL_ALWAYS_SOFTWARE, and
 * @render_node whether the machine offers a GPU render node
 * (/dev/dri/renderD*).  Without a GPU, GL is Mesa's llvmpipe, which
 * misses 60 Hz while zooming a large board where the cairo renderer
 * does not (doc/gtk.md, "Speed"). */
const char *mg_renderer_choice(const char *gsk_renderer,
                               const char *always_software,
                               gboolean render_node);

/* Applies mg_renderer_choice() to this process: sets GSK_RENDERER before
 * GTK creates its first renderer.  Returns what it set, or NULL. */
const char *mg_renderer_choose(void);

#endif
