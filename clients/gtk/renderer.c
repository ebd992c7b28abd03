/* renderer.c — meeple-gtk asks for GTK's cairo renderer where GL would be
 * drawn by the CPU anyway (renderer.h). */
#include "config.h"

#include "renderer.h"

const char *
mg_renderer_choice(const char *gsk_renderer, const char *always_software,
                   gboolean render_node)
{
  if (gsk_renderer && *gsk_renderer)
    return NULL;
  if ((always_software && *always_software &&
       g_strcmp0(always_software, "0") != 0) ||
      !render_node)
    return "cairo";
  return NULL;
}

/* Whether /dev/dri has a render node: the GPU a GL context would use. */
static gboolean
has_render_node(void)
{
  GDir *dir = g_dir_open("/dev/dri", 0, NULL);
  if (!dir)
    return FALSE;
  gboolean found = FALSE;
  for (const char *name; !found && (name = g_dir_read_name(dir));)
    found = g_str_has_prefix(name, "renderD");
  g_dir_close(dir);
  return found;
}

const char *
mg_renderer_choose(void)
{
  const char *choice = mg_renderer_choice(g_getenv("GSK_RENDERER"),
                                          g_getenv("LIBGL_ALWAYS_SOFTWARE"),
                                          has_render_node());
  if (choice)
    g_setenv("GSK_RENDERER", choice, TRUE);
  return choice;
}
