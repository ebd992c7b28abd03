/* uidrive.h — driving meeple-gtk as a person would, for the UI tests:
 * real pointer and key events through the X server (XTest, under Xvfb),
 * and what the window shows read back from the X server (XGetImage),
 * saved as PNG when asked.  Nothing here calls the client library. */
#ifndef UIDRIVE_H
#define UIDRIVE_H

#include <gtk/gtk.h>

/* Binds to @window (shown, on the X11 backend).  FALSE when XTest is
 * missing. */
gboolean ui_init(GtkWindow *window);
/* Drives (and reads) @window from now on: another top-level window, such
 * as a dialog, once it is shown; the main window again after. */
void ui_use_window(GtkWindow *window);
/* Runs the main context for @ms milliseconds. */
void ui_iterate(guint ms);
/* Runs the main context until @cond(@data) or @timeout_ms passed;
 * returns what @cond said last. */
gboolean ui_wait(gboolean (*cond)(gpointer data), gpointer data,
                 guint timeout_ms);
/* The point (@x, @y) of @widget on the screen. */
void ui_screen_point(GtkWidget *widget, double x, double y, int *sx, int *sy);
/* Moves the pointer there and clicks with the first button. */
void ui_click_at(GtkWidget *widget, double x, double y);
/* Clicks the middle of @widget. */
void ui_click(GtkWidget *widget);
/* Moves the pointer without clicking. */
void ui_move_to(GtkWidget *widget, double x, double y);
/* Presses and releases the key of @keysym (with Shift or Control). */
void ui_key(guint keysym, gboolean shift, gboolean control);
/* Types @text (ASCII) into the focused widget. */
void ui_type(const char *text);
/* Clicks @editable and replaces its text by typing. */
void ui_fill(GtkEditable *editable, const char *text);
/* The colour of pixel (@x, @y) of @widget as the screen shows it. */
void ui_pixel(GtkWidget *widget, double x, double y, GdkRGBA *out);
/* Whether a pixel within @radius of (@x, @y) of @widget is within @tol
 * (per channel, 0..1) of @colour. */
gboolean ui_find_colour(GtkWidget *widget, double x, double y, int radius,
                        const GdkRGBA *colour, double tol);
/* Saves the window as the screen shows it to @path (PNG). */
gboolean ui_screenshot(const char *path);

#endif
