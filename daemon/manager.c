/* manager.c — org.meepled.Meepled1.Manager at /org/meepled/Meepled1:
 * rule sets, creating and finding games. */
#include "config.h"

#include <string.h>

#include "daemon.h"
#include "dbus/names.h"
#include "errors.h"

#define MAX_TILE_ORDER 4096

static gboolean
list_rulesets(gpointer object, const char *sender, GVariant *args,
              GVariant **reply, GError **error)
{
  Daemon *d = object;
  (void)sender;
  (void)args;
  (void)error;
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(sssas)"));
  /* The base game's identity comes from its rules, the plugins' from the
   * loader. */
  MeepleRules *base = daemon_rules_for(d, (const char *const[]){ NULL }, NULL);
  if (base) {
    const MeepleRuleSetInfo *info = meeple_rules_ruleset(base, 0);
    g_variant_builder_add(&b, "(sss@as)", info->id, info->name, info->version,
                          g_variant_new_strv(NULL, 0));
  }
  for (guint i = 0; i < meeple_loader_n_plugins(d->loader); i++) {
    const MeeplePluginInfo *p = meeple_loader_plugin(d->loader, i);
    if (p->loaded)
      g_variant_builder_add(&b, "(sss^as)", p->id, p->name, p->version,
                            p->requires);
  }
  *reply = g_variant_new("(a(sssas))", &b);
  return TRUE;
}

/* One a{sv} of ListRuleSetDetails. */
static GVariant *
ruleset_details(const char *id, const char *name, const char *version,
                const char *const *requires, const char *const *conflicts,
                const char *description, const char *source,
                const char *file)
{
  GVariantDict dict;
  g_variant_dict_init(&dict, NULL);
  g_variant_dict_insert(&dict, "id", "s", id);
  g_variant_dict_insert(&dict, "name", "s", name);
  g_variant_dict_insert(&dict, "version", "s", version);
  g_variant_dict_insert_value(&dict, "requires",
                              g_variant_new_strv(requires, -1));
  g_variant_dict_insert_value(&dict, "conflicts",
                              g_variant_new_strv(conflicts, -1));
  g_variant_dict_insert(&dict, "description", "s",
                        description ? description : "");
  g_variant_dict_insert(&dict, "source", "s", source);
  /* file names are bytes; D-Bus strings must be UTF-8 */
  g_autofree char *shown = file ? g_filename_display_name(file)
                                : g_strdup("");
  g_variant_dict_insert(&dict, "file", "s", shown);
  return g_variant_dict_end(&dict);
}

static gboolean
list_ruleset_details(gpointer object, const char *sender, GVariant *args,
                     GVariant **reply, GError **error)
{
  Daemon *d = object;
  (void)sender;
  (void)args;
  (void)error;
  static const char *const none[] = { NULL };
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("aa{sv}"));
  MeepleRules *base = daemon_rules_for(d, none, NULL);
  if (base) {
    const MeepleRuleSetInfo *info = meeple_rules_ruleset(base, 0);
    const char *file = NULL;
    for (guint i = 0; i < meeple_rules_n_tilesets(base) && !file; i++)
      if (strcmp(meeple_rules_tileset(base, i)->id, "base") == 0)
        file = meeple_rules_tileset(base, i)->file;
    g_variant_builder_add_value(
        &b, ruleset_details(info->id, info->name, info->version, none, none,
                            MEEPLE_BASE_DESCRIPTION, "builtin", file));
  }
  for (guint i = 0; i < meeple_loader_n_plugins(d->loader); i++) {
    const MeeplePluginInfo *p = meeple_loader_plugin(d->loader, i);
    if (p->loaded)
      g_variant_builder_add_value(
          &b, ruleset_details(p->id, p->name, p->version, p->requires,
                              p->conflicts, p->description, p->source,
                              p->file));
  }
  *reply = g_variant_new("(aa{sv})", &b);
  return TRUE;
}

/* ---- CreateGame options --------------------------------------------- */

typedef struct {
  char **rules;
  guint32 seats;
  gboolean has_seed;
  guint64 seed;
  char **tiles;
  char **seat_kinds;
  gboolean farmers;
  char *name;
} CreateOptions;

static void
create_options_clear(CreateOptions *o)
{
  g_strfreev(o->rules);
  g_strfreev(o->tiles);
  g_strfreev(o->seat_kinds);
  g_free(o->name);
}

static gboolean
invalid(GError **error, const char *format, ...) G_GNUC_PRINTF(2, 3);
static gboolean
invalid(GError **error, const char *format, ...)
{
  va_list ap;
  va_start(ap, format);
  char *message = g_strdup_vprintf(format, ap);
  va_end(ap);
  g_set_error_literal(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                      message);
  g_free(message);
  return FALSE;
}

static const struct {
  const char *key;
  const char *type;
} create_keys[] = {
  { "rules", "as" }, { "seats", "u" },      { "seed", "t" }, { "tiles", "as" },
  { "seat-kinds", "as" }, { "farmers", "b" }, { "name", "s" },
};

static gboolean
read_option(CreateOptions *o, const char *key, GVariant *value, GError **error)
{
  const char *type = NULL;
  for (gsize i = 0; i < G_N_ELEMENTS(create_keys); i++)
    if (strcmp(create_keys[i].key, key) == 0)
      type = create_keys[i].type;
  if (!type)
    return invalid(error,
                   "CreateGame has no option \"%s\" (options: rules, seats, "
                   "seed, tiles, seat-kinds, farmers, name).",
                   meepled_q(key));
  if (!g_variant_is_of_type(value, G_VARIANT_TYPE(type)))
    return invalid(error, "CreateGame's \"%s\" must be of type %s, not %s.",
                   key, type, g_variant_get_type_string(value));
  if (strcmp(key, "rules") == 0) {
    g_strfreev(o->rules);
    o->rules = g_variant_dup_strv(value, NULL);
  } else if (strcmp(key, "seats") == 0) {
    o->seats = g_variant_get_uint32(value);
  } else if (strcmp(key, "seed") == 0) {
    o->has_seed = TRUE;
    o->seed = g_variant_get_uint64(value);
  } else if (strcmp(key, "tiles") == 0) {
    g_strfreev(o->tiles);
    o->tiles = g_variant_dup_strv(value, NULL);
  } else if (strcmp(key, "seat-kinds") == 0) {
    g_strfreev(o->seat_kinds);
    o->seat_kinds = g_variant_dup_strv(value, NULL);
  } else if (strcmp(key, "farmers") == 0) {
    o->farmers = g_variant_get_boolean(value);
  } else {
    g_free(o->name);
    o->name = g_variant_dup_string(value, NULL);
  }
  return TRUE;
}

static gboolean
check_options(const CreateOptions *o, GError **error)
{
  if (o->seats < 2 || o->seats > MEEPLE_MAX_PLAYERS)
    return invalid(error, "A game has 2 to %d seats, not %u.",
                   MEEPLE_MAX_PLAYERS, o->seats);
  if (o->seat_kinds) {
    guint n = g_strv_length(o->seat_kinds);
    if (n != o->seats)
      return invalid(error,
                     "\"seat-kinds\" names %u seats but the game has %u.", n,
                     o->seats);
    for (guint i = 0; i < n; i++)
      if (strcmp(o->seat_kinds[i], "human") && strcmp(o->seat_kinds[i], "bot"))
        return invalid(error,
                       "Seat kind \"%s\" is neither \"human\" nor \"bot\".",
                       meepled_q(o->seat_kinds[i]));
  }
  if (o->tiles && g_strv_length(o->tiles) > MAX_TILE_ORDER)
    return invalid(error, "\"tiles\" may list at most %d tiles.",
                   MAX_TILE_ORDER);
  if (o->name && !session_check_name(o->name, "game name", error))
    return FALSE;
  return TRUE;
}

/* The explicit supply as tile type indices. */
static GArray *
tile_order(MeepleRules *rules, char **tiles, GError **error)
{
  GArray *order = g_array_new(FALSE, FALSE, sizeof(guint16));
  for (guint i = 0; tiles[i]; i++) {
    int type = meeple_rules_find_tile_type(rules, tiles[i]);
    if (type < 0) {
      invalid(error, "\"tiles\" entry %u, \"%s\", is not a tile of these "
                     "rules.",
              i + 1, meepled_q(tiles[i]));
      g_array_free(order, TRUE);
      return NULL;
    }
    guint16 t = (guint16)type;
    g_array_append_val(order, t);
  }
  return order;
}

static gboolean
create_game(gpointer object, const char *sender, GVariant *args,
            GVariant **reply, GError **error)
{
  Daemon *d = object;
  CreateOptions o = { .seats = 2, .farmers = TRUE };
  GVariant *options = g_variant_get_child_value(args, 0);
  GVariantIter iter;
  const char *key;
  GVariant *value;
  gboolean ok = TRUE;
  g_variant_iter_init(&iter, options);
  while (ok && g_variant_iter_next(&iter, "{&sv}", &key, &value)) {
    ok = read_option(&o, key, value, error);
    g_variant_unref(value);
  }
  g_variant_unref(options);
  ok = ok && check_options(&o, error);
  gint64 uid = ok ? clients_uid(d, sender) : -1;
  ok = ok && clients_may_add_game(d, sender, uid, error);
  MeepleRules *rules = NULL;
  if (ok) {
    static const char *const none[] = { NULL };
    rules = daemon_rules_for(d, o.rules ? (const char *const *)o.rules : none,
                             error);
    ok = rules != NULL;
  }
  GArray *order = NULL;
  if (ok && o.tiles) {
    order = tile_order(rules, o.tiles, error);
    ok = order != NULL;
  }
  if (ok) {
    /* A seed from the kernel: records of finished games show their
     * seeds, and a seeded generator's outputs would let a client predict
     * the next games' tiles. */
    guint64 seed = o.seed;
    if (!o.has_seed)
      session_random_bytes(&seed, sizeof seed);
    MeepleGameConfig config = {
      .n_players = o.seats,
      .seed = seed,
      /* An empty list is an empty supply, not "no list": never NULL. */
      .tile_order = order ? (const guint16 *)(order->len ? order->data
                                                         : (gpointer)"")
                          : NULL,
      .n_tile_order = order ? order->len : 0,
      .no_farmers = !o.farmers,
    };
    char *id = g_strdup_printf("%" G_GUINT64_FORMAT, d->next_game_id);
    Session *session = session_new(id, o.name, rules, &config,
                                   (const char *const *)o.seat_kinds, error);
    if (session) {
      session->owner_uid = uid;
      session->creator = g_strdup(sender);
      session->supply = o.tiles      ? SESSION_SUPPLY_TILES
                        : o.has_seed ? SESSION_SUPPLY_SEED
                                     : SESSION_SUPPLY_SHUFFLED;
    }
    /* stored before anybody hears of it */
    if (session && !daemon_store_new_game(d, session, error))
      g_clear_pointer(&session, session_free);
    if (session) {
      d->next_game_id++;
      GameObject *g = daemon_publish_game(d, session);
      g_info("game %s created by %s: %u seats, rules %s", id, sender,
             o.seats, o.rules && o.rules[0] ? o.rules[0] : "base");
      *reply = g_variant_new("(os)", g->path, id);
    }
    ok = session != NULL;
    g_free(id);
  }
  if (order)
    g_array_free(order, TRUE);
  create_options_clear(&o);
  return ok;
}

gboolean
daemon_store_new_game(Daemon *d, Session *session, GError **error)
{
  /* The header is the record of the game before its first action: the
   * journal's lines complete it (resume.c). */
  MeepleGameConfig config = *meeple_game_config(session->game);
  MeepleGame *fresh = meeple_game_new(session->rules, &config, NULL);
  const char *names[MEEPLE_MAX_PLAYERS + 1] = { NULL };
  for (guint i = 0; i < session->n_seats; i++)
    names[i] = session->seats[i].name;
  char *header = fresh ? meeple_record_write(fresh, names) : NULL;
  gboolean ok = header && daemon_store_write(d, session->id, error) &&
                store_add_game(d->store, session, header, error);
  if (!header)
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_FAILED,
                "Cannot write the header of game %s.", session->id);
  g_free(header);
  if (fresh)
    meeple_game_free(fresh);
  return ok;
}

GameObject *
daemon_publish_game(Daemon *d, Session *session)
{
  GameObject *g = game_object_new(d, session);
  g_hash_table_insert(d->games, g->session->id, g);
  /* an imported finished game: it expires like any other */
  if (session->started && session_status(session) == SESSION_OVER)
    game_object_mark_ended(g);
  /* after mark_ended: an imported finished game counts until it goes */
  clients_hold_game(d, g);
  lifecycle_waiting_changed(g);
  objects_emit(d->bus, MEEPLE_DBUS_MANAGER_PATH, MEEPLE_DBUS_MANAGER_IFACE,
               "GameCreated", g_variant_new("(so)", session->id, g->path));
  return g;
}

int
daemon_compare_ids(const char *a, const char *b)
{
  gsize la = strlen(a), lb = strlen(b);
  return la != lb ? (la < lb ? -1 : 1) : strcmp(a, b);
}

char *
daemon_ruleset_id(const char *written)
{
  const char *slash = strchr(written, '/');
  return slash ? g_strndup(written, (gsize)(slash - written))
               : g_strdup(written);
}

static int
compare_games(gconstpointer a, gconstpointer b)
{
  const GameObject *x = *(GameObject *const *)a, *y = *(GameObject *const *)b;
  return daemon_compare_ids(x->session->id, y->session->id);
}

static int
compare_suspended(gconstpointer a, gconstpointer b)
{
  const SuspendedGame *x = *(SuspendedGame *const *)a;
  const SuspendedGame *y = *(SuspendedGame *const *)b;
  return daemon_compare_ids(x->id, y->id);
}

/* The rule set ids of a suspended game ("abbot/1.0" -> "abbot"). */
static char **
suspended_rule_ids(const SuspendedGame *sg)
{
  char **written = g_strsplit(sg->rules, " ", -1);
  char **ids = g_new0(char *, g_strv_length(written) + 1);
  for (guint i = 0; written[i]; i++)
    ids[i] = daemon_ruleset_id(written[i]);
  g_strfreev(written);
  return ids;
}

static gboolean
list_games(gpointer object, const char *sender, GVariant *args,
           GVariant **reply, GError **error)
{
  Daemon *d = object;
  (void)sender;
  (void)args;
  (void)error;
  GPtrArray *games = g_ptr_array_new();
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init(&iter, d->games);
  while (g_hash_table_iter_next(&iter, NULL, &value))
    g_ptr_array_add(games, value);
  g_ptr_array_sort(games, compare_games);
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(soa{sv})"));
  for (guint i = 0; i < games->len; i++) {
    GameObject *g = games->pdata[i];
    Session *s = g->session;
    GVariantBuilder rules;
    g_variant_builder_init(&rules, G_VARIANT_TYPE("as"));
    for (guint r = 0; r < meeple_rules_n_rulesets(s->rules); r++)
      g_variant_builder_add(&rules, "s", meeple_rules_ruleset(s->rules, r)->id);
    GVariantBuilder sum;
    g_variant_builder_init(&sum, G_VARIANT_TYPE("a{sv}"));
    g_variant_builder_add(&sum, "{sv}", "name", g_variant_new_string(s->name));
    g_variant_builder_add(&sum, "{sv}", "rules", g_variant_builder_end(&rules));
    g_variant_builder_add(&sum, "{sv}", "seats", g_variant_new_uint32(s->n_seats));
    g_variant_builder_add(&sum, "{sv}", "free-seats",
                          g_variant_new_uint32(session_free_seats(s)));
    g_variant_builder_add(&sum, "{sv}", "status",
                          g_variant_new_string(
                            session_status_name(session_status(s))));
    g_variant_builder_add(&sum, "{sv}", "supply",
                          g_variant_new_string(
                            session_supply_name(s->supply)));
    g_variant_builder_add(&b, "(soa{sv})", s->id, g->path, &sum);
  }
  g_ptr_array_free(games, TRUE);
  /* the suspended games after the playable ones, by id */
  GPtrArray *held = g_ptr_array_new();
  g_hash_table_iter_init(&iter, d->suspended);
  while (g_hash_table_iter_next(&iter, NULL, &value))
    g_ptr_array_add(held, value);
  g_ptr_array_sort(held, compare_suspended);
  for (guint i = 0; i < held->len; i++) {
    const SuspendedGame *sg = held->pdata[i];
    GVariantBuilder sum;
    g_variant_builder_init(&sum, G_VARIANT_TYPE("a{sv}"));
    g_variant_builder_add(&sum, "{sv}", "name", g_variant_new_string(sg->name));
    char **ids = suspended_rule_ids(sg);
    g_variant_builder_add(&sum, "{sv}", "rules",
                          g_variant_new_strv((const char *const *)ids, -1));
    g_strfreev(ids);
    g_variant_builder_add(&sum, "{sv}", "seats",
                          g_variant_new_uint32(sg->n_seats));
    g_variant_builder_add(&sum, "{sv}", "free-seats", g_variant_new_uint32(0));
    g_variant_builder_add(&sum, "{sv}", "status",
                          g_variant_new_string("suspended"));
    g_variant_builder_add(&sum, "{sv}", "reason",
                          g_variant_new_string(sg->reason));
    char *path = g_strconcat(MEEPLE_DBUS_GAME_PATH_PREFIX, sg->id, NULL);
    g_variant_builder_add(&b, "(soa{sv})", sg->id, path, &sum);
    g_free(path);
  }
  g_ptr_array_unref(held);
  *reply = g_variant_new("(a(soa{sv}))", &b);
  return TRUE;
}

static gboolean
get_game(gpointer object, const char *sender, GVariant *args,
         GVariant **reply, GError **error)
{
  Daemon *d = object;
  const char *id;
  (void)sender;
  g_variant_get(args, "(&s)", &id);
  GameObject *g = g_hash_table_lookup(d->games, id);
  const SuspendedGame *sg = g_hash_table_lookup(d->suspended, id);
  if (!g && sg) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_SUSPENDED,
                "Game %s is suspended: %s", sg->id, sg->reason);
    return FALSE;
  }
  if (!g) {
    char *shown = g_utf8_make_valid(id, MIN(strlen(id), 64));
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_NO_SUCH_GAME,
                "There is no game \"%s\".", shown);
    g_free(shown);
    return FALSE;
  }
  *reply = g_variant_new("(o)", g->path);
  return TRUE;
}

static GVariant *
prop_version(gpointer o)
{
  (void)o;
  return g_variant_new_string(MEEPLE_VERSION);
}

static GVariant *
prop_store_id(gpointer o)
{
  return g_variant_new_string(store_id(((Daemon *)o)->store));
}

static GVariant *
prop_num_games(gpointer o)
{
  return g_variant_new_uint32(g_hash_table_size(((Daemon *)o)->games));
}

static const ObjectArg no_args[] = { { NULL, NULL } };
static const ObjectArg rulesets_out[] = { { "rulesets", "a(sssas)" },
                                          { NULL, NULL } };
static const ObjectArg details_out[] = { { "rulesets", "aa{sv}" },
                                        { NULL, NULL } };
static const ObjectArg create_in[] = { { "options", "a{sv}" }, { NULL, NULL } };
static const ObjectArg create_out[] = { { "game", "o" }, { "id", "s" },
                                        { NULL, NULL } };
static const ObjectArg games_out[] = { { "games", "a(soa{sv})" },
                                       { NULL, NULL } };
static const ObjectArg get_in[] = { { "id", "s" }, { NULL, NULL } };
static const ObjectArg get_out[] = { { "game", "o" }, { NULL, NULL } };
static const ObjectArg created_args[] = { { "id", "s" }, { "game", "o" },
                                          { NULL, NULL } };
static const ObjectArg history_in[] = { { "offset", "u" }, { "limit", "u" },
                                        { NULL, NULL } };
static const ObjectArg history_out[] = { { "games", "a(ssa{sv})" },
                                         { "total", "u" },
                                         { NULL, NULL } };
static const ObjectArg removed_args[] = { { "id", "s" }, { "game", "o" },
                                          { "reason", "s" },
                                          { NULL, NULL } };
static const ObjectArg record_out[] = { { "record", "s" }, { NULL, NULL } };
static const ObjectArg import_in[] = { { "record", "s" },
                                       { "options", "a{sv}" },
                                       { NULL, NULL } };

static const ObjectMethod methods[] = {
  { "ListRuleSets", no_args, rulesets_out, list_rulesets, NULL, NULL },
  { "ListRuleSetDetails", no_args, details_out, list_ruleset_details, NULL,
    NULL },
  { "CreateGame", create_in, create_out, create_game, NULL, NULL },
  { "ListGames", no_args, games_out, list_games, NULL, NULL },
  { "GetGame", get_in, get_out, get_game, NULL, NULL },
  { "ListHistory", history_in, history_out, manager_list_history, NULL,
    NULL },
  { "GetRecord", get_in, record_out, manager_get_record, NULL, NULL },
  { "ImportGame", import_in, create_out, manager_import_game, NULL, NULL },
  { NULL, NULL, NULL, NULL, NULL, NULL },
};

static const ObjectSignal signals[] = {
  { "GameCreated", created_args },
  { "GameRemoved", removed_args },
  { NULL, NULL },
};

static const ObjectProperty properties[] = {
  { "Version", "s", prop_version, NULL, FALSE },
  /* The store's id: constant for the store's life. */
  { "StoreId", "s", prop_store_id, NULL, FALSE },
  /* Not signalled: nothing else of the Manager changes. */
  { "NumGames", "u", prop_num_games, NULL, TRUE },
  { NULL, NULL, NULL, NULL, FALSE },
};

static const ObjectInterface manager_interface = {
  MEEPLE_DBUS_MANAGER_IFACE, methods, signals, properties,
};

static char **
manager_children(gpointer data, const char *path)
{
  (void)data;
  (void)path;
  return g_strdupv((char *[]){ "game", NULL });
}

static ObjectClass manager_class = {
  &manager_interface, NULL, manager_children, NULL, NULL,
};

gboolean
manager_register(Daemon *d)
{
  manager_class.data = d;
  return objects_register(d->bus, MEEPLE_DBUS_MANAGER_PATH, FALSE,
                          &manager_class);
}

/* ---- rules, built once per combination ------------------------------ */

static int
compare_strings(gconstpointer a, gconstpointer b)
{
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

MeepleRules *
daemon_rules_for(Daemon *d, const char *const *ids, GError **error)
{
  GError *local = NULL;
  if (!meeple_loader_check_rulesets(d->loader, ids, &local)) {
    g_set_error_literal(error, MEEPLED_ERROR,
                        MEEPLED_ERROR_INVALID_RULE_SETS, local->message);
    g_error_free(local);
    return NULL;
  }
  /* The key: requested ids, sorted, without duplicates or "base". */
  GPtrArray *sorted = g_ptr_array_new();
  for (guint i = 0; ids[i]; i++)
    if (strcmp(ids[i], "base") != 0)
      g_ptr_array_add(sorted, (gpointer)ids[i]);
  g_ptr_array_sort(sorted, compare_strings);
  GString *key = g_string_new("base");
  for (guint i = 0; i < sorted->len; i++)
    if (i == 0 || strcmp(sorted->pdata[i], sorted->pdata[i - 1]) != 0)
      g_string_append_printf(key, "+%s", (const char *)sorted->pdata[i]);
  g_ptr_array_free(sorted, TRUE);

  MeepleRules *rules = g_hash_table_lookup(d->rules_cache, key->str);
  if (!rules) {
    rules = meeple_loader_build_rules(d->loader, ids, &local);
    if (!rules) {
      g_set_error_literal(error, MEEPLED_ERROR,
                          MEEPLED_ERROR_INVALID_RULE_SETS, local->message);
      g_error_free(local);
      g_string_free(key, TRUE);
      return NULL;
    }
    g_hash_table_insert(d->rules_cache, g_strdup(key->str), rules);
  }
  g_string_free(key, TRUE);
  return rules;
}
