/* uidrive.c — XTest input and XGetImage output (see uidrive.h). */
#include "config.h"

#include <X11/Xlib.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XTest.h>
#include <gdk/x11/gdkx.h>
#include <math.h>

#include "uidrive.h"

static GtkWindow *window;
static Display *dpy;
static guint painted; /* frames the window has painted */

static void
on_after_paint(GdkFrameClock *clock, gpointer data)
{
  (void)clock;
  (void)data;
  painted++;
}

static gboolean
frame_done(gpointer data)
{
  return painted != GPOINTER_TO_UINT(data);
}

static Window
xid(void)
{
  GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
  return gdk_x11_surface_get_xid(surface);
}

void
ui_iterate(guint ms)
{
  gint64 end = g_get_monotonic_time() + (gint64)ms * 1000;
  do {
    while (g_main_context_pending(NULL))
      g_main_context_iteration(NULL, FALSE);
    if (g_get_monotonic_time() >= end)
      break;
    g_usleep(2000);
  } while (TRUE);
}

gboolean
ui_wait(gboolean (*cond)(gpointer), gpointer data, guint timeout_ms)
{
  gint64 end = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
  while (!cond(data)) {
    if (g_get_monotonic_time() >= end)
      return cond(data);
    ui_iterate(10);
  }
  return TRUE;
}

/* Counts @w's painted frames (once per window). */
static void
follow_paints(GtkWindow *w)
{
  if (g_object_get_data(G_OBJECT(w), "ui-paints"))
    return;
  g_object_set_data(G_OBJECT(w), "ui-paints", GINT_TO_POINTER(1));
  g_signal_connect(gtk_widget_get_frame_clock(GTK_WIDGET(w)), "after-paint",
                   G_CALLBACK(on_after_paint), NULL);
}

gboolean
ui_init(GtkWindow *w)
{
  window = w;
  GdkDisplay *display = gtk_widget_get_display(GTK_WIDGET(w));
  if (!GDK_IS_X11_DISPLAY(display))
    return FALSE;
  dpy = gdk_x11_display_get_xdisplay(display);
  int ev, err, major, minor;
  if (!XTestQueryExtension(dpy, &ev, &err, &major, &minor))
    return FALSE;
  ui_iterate(200);
  ui_use_window(w);
  return TRUE;
}

void
ui_use_window(GtkWindow *w)
{
  window = w;
  follow_paints(w);
  /* no window manager gives the focus: take it, as a click would */
  XSetInputFocus(dpy, xid(), RevertToParent, CurrentTime);
  XSync(dpy, False);
  ui_iterate(100);
}

/* Window-relative surface coordinates of (@x, @y) of @widget. */
static void
surface_point(GtkWidget *widget, double x, double y, double *wx, double *wy)
{
  graphene_point_t in = GRAPHENE_POINT_INIT((float)x, (float)y), out;
  if (!gtk_widget_compute_point(widget, GTK_WIDGET(window), &in, &out))
    out = in;
  double sx, sy;
  gtk_native_get_surface_transform(GTK_NATIVE(window), &sx, &sy);
  *wx = out.x + sx;
  *wy = out.y + sy;
}

void
ui_screen_point(GtkWidget *widget, double x, double y, int *sx, int *sy)
{
  double wx, wy;
  surface_point(widget, x, y, &wx, &wy);
  Window child;
  int rx, ry;
  XTranslateCoordinates(dpy, xid(), DefaultRootWindow(dpy), 0, 0, &rx, &ry,
                        &child);
  *sx = rx + (int)lround(wx);
  *sy = ry + (int)lround(wy);
}

void
ui_move_to(GtkWidget *widget, double x, double y)
{
  int sx, sy;
  ui_screen_point(widget, x, y, &sx, &sy);
  XTestFakeMotionEvent(dpy, -1, sx, sy, CurrentTime);
  XSync(dpy, False);
  ui_iterate(20);
}

void
ui_click_at(GtkWidget *widget, double x, double y)
{
  ui_move_to(widget, x, y);
  XTestFakeButtonEvent(dpy, 1, True, CurrentTime);
  XSync(dpy, False);
  ui_iterate(10);
  XTestFakeButtonEvent(dpy, 1, False, CurrentTime);
  XSync(dpy, False);
  ui_iterate(30);
}

void
ui_click(GtkWidget *widget)
{
  ui_click_at(widget, gtk_widget_get_width(widget) / 2.0,
              gtk_widget_get_height(widget) / 2.0);
}

static void
press(KeyCode code, gboolean down)
{
  XTestFakeKeyEvent(dpy, code, down, CurrentTime);
}

void
ui_key(guint keysym, gboolean shift, gboolean control)
{
  XSetInputFocus(dpy, xid(), RevertToParent, CurrentTime);
  KeyCode code = XKeysymToKeycode(dpy, keysym);
  KeyCode shift_code = XKeysymToKeycode(dpy, XK_Shift_L);
  KeyCode control_code = XKeysymToKeycode(dpy, XK_Control_L);
  if (shift)
    press(shift_code, True);
  if (control)
    press(control_code, True);
  press(code, True);
  press(code, False);
  if (control)
    press(control_code, False);
  if (shift)
    press(shift_code, False);
  XSync(dpy, False);
  ui_iterate(15);
}

void
ui_type(const char *text)
{
  for (const char *p = text; *p; p++) {
    KeySym sym = (KeySym)(unsigned char)*p;
    if (*p == ' ')
      sym = XK_space;
    KeyCode code = XKeysymToKeycode(dpy, sym);
    /* the shifted level of the key, for capitals and '_' */
    gboolean shift = XkbKeycodeToKeysym(dpy, code, 0, 0) != sym;
    ui_key((guint)sym, shift, FALSE);
  }
}

void
ui_fill(GtkEditable *editable, const char *text)
{
  ui_click(GTK_WIDGET(editable));
  ui_key(XK_a, FALSE, TRUE);
  ui_key(XK_BackSpace, FALSE, FALSE);
  ui_type(text);
}

/* The window's pixels now (XGetImage of its X window). */
static XImage *
grab(void)
{
  /* what was changed is painted: wait for a whole new frame (however
   * loaded the machine is), then for the X server to have it */
  ui_iterate(10);
  guint before = painted;
  gtk_widget_queue_draw(GTK_WIDGET(window));
  ui_wait(frame_done, GUINT_TO_POINTER(before), 5000);
  XSync(dpy, False);
  XWindowAttributes attrs;
  XGetWindowAttributes(dpy, xid(), &attrs);
  return XGetImage(dpy, xid(), 0, 0, (unsigned)attrs.width,
                   (unsigned)attrs.height, AllPlanes, ZPixmap);
}

static void
image_pixel(XImage *image, int x, int y, GdkRGBA *out)
{
  if (x < 0 || y < 0 || x >= image->width || y >= image->height) {
    *out = (GdkRGBA){ 0, 0, 0, 0 };
    return;
  }
  unsigned long p = XGetPixel(image, x, y);
  out->red = (float)((p >> 16) & 0xff) / 255.f;
  out->green = (float)((p >> 8) & 0xff) / 255.f;
  out->blue = (float)(p & 0xff) / 255.f;
  out->alpha = 1;
}

void
ui_pixel(GtkWidget *widget, double x, double y, GdkRGBA *out)
{
  double wx, wy;
  surface_point(widget, x, y, &wx, &wy);
  XImage *image = grab();
  image_pixel(image, (int)lround(wx), (int)lround(wy), out);
  XDestroyImage(image);
}

gboolean
ui_find_colour(GtkWidget *widget, double x, double y, int radius,
               const GdkRGBA *colour, double tol)
{
  double wx, wy;
  surface_point(widget, x, y, &wx, &wy);
  XImage *image = grab();
  gboolean found = FALSE;
  for (int dy = -radius; dy <= radius && !found; dy++)
    for (int dx = -radius; dx <= radius && !found; dx++) {
      GdkRGBA c;
      image_pixel(image, (int)lround(wx) + dx, (int)lround(wy) + dy, &c);
      found = fabs(c.red - colour->red) <= tol &&
              fabs(c.green - colour->green) <= tol &&
              fabs(c.blue - colour->blue) <= tol;
    }
  XDestroyImage(image);
  return found;
}

gboolean
ui_screenshot(const char *path)
{
  XImage *image = grab();
  int w = image->width, h = image->height;
  gsize stride = (gsize)w * 4;
  guint8 *data = g_malloc(stride * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      unsigned long p = XGetPixel(image, x, y);
      guint8 *d = data + y * stride + x * 4;
      d[0] = (p >> 16) & 0xff;
      d[1] = (p >> 8) & 0xff;
      d[2] = p & 0xff;
      d[3] = 0xff;
    }
  XDestroyImage(image);
  GBytes *bytes = g_bytes_new_take(data, stride * h);
  GdkTexture *texture = gdk_memory_texture_new(w, h, GDK_MEMORY_R8G8B8A8,
                                               bytes, stride);
  g_bytes_unref(bytes);
  gboolean ok = gdk_texture_save_to_png(texture, path);
  g_object_unref(texture);
  return ok;
}
