/* main.c — meeple-gtk, the desktop client of meepled (app.h). */
#include "config.h"

#include "app.h"

int
main(int argc, char **argv)
{
  MgApp *app = mg_app_new(G_APPLICATION_DEFAULT_FLAGS);
  int status = g_application_run(mg_app_application(app), argc, argv);
  mg_app_free(app);
  return status;
}
