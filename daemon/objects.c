/* objects.c — table-driven D-Bus objects (objects.h): dispatch with
 * signature checks, Properties, Introspectable, signal emission. */
#include "config.h"

#include <string.h>

#include "dbus/names.h"
#include "dbus/variant.h"
#include "errors.h"
#include "objects.h"

#define PROPERTIES_IFACE "org.freedesktop.DBus.Properties"
#define INTROSPECTABLE_IFACE "org.freedesktop.DBus.Introspectable"

char *
objects_signature(const ObjectArg *args)
{
  GString *sig = g_string_new(NULL);
  for (const ObjectArg *a = args; a && a->name; a++)
    g_string_append(sig, a->type);
  return g_string_free(sig, FALSE);
}

static const ObjectMethod *
find_method(const ObjectInterface *iface, const char *name)
{
  for (const ObjectMethod *m = iface->methods; m->name; m++)
    if (strcmp(m->name, name) == 0)
      return m;
  return NULL;
}

static const ObjectProperty *
find_property(const ObjectInterface *iface, const char *name)
{
  for (const ObjectProperty *p = iface->properties; p->name; p++)
    if (strcmp(p->name, name) == 0)
      return p;
  return NULL;
}

/* Wraps @args (a tuple, floating or not) into a method return. */
static DBusMessage *
method_return(DBusMessage *call, GVariant *args)
{
  DBusMessage *reply = dbus_message_new_method_return(call);
  if (!reply)
    return NULL;
  if (args) {
    g_variant_ref_sink(args);
    gboolean ok = meeple_dbus_message_append_args(reply, args);
    g_variant_unref(args);
    if (!ok) {
      dbus_message_unref(reply);
      return dbus_message_new_error(call, DBUS_ERROR_NO_MEMORY,
                                    "The reply could not be built.");
    }
  }
  return reply;
}

/* ---- held messages (group commit) ------------------------------------- */

/* One outgoing message kept back while a batch of writes is not yet
 * durable; @call is the method call a reply answers (NULL: a signal). */
typedef struct {
  DBusMessage *message;
  DBusMessage *call;
} Held;

/* The daemon is single-threaded and serves one bus. */
/* An error reply whose message is cut to MEEPLED_ERROR_TEXT_MAX bytes:
 * no caller's input, however long, comes back whole. */
static DBusMessage *
error_reply(DBusMessage *call, const char *name, const char *message)
{
  char *text = meepled_shorten(message, MEEPLED_ERROR_TEXT_MAX);
  DBusMessage *reply = dbus_message_new_error(call, name, text);
  g_free(text);
  return reply;
}

static GQueue held = G_QUEUE_INIT;
static gboolean holding;

static void
out(DBusConnection *bus, DBusMessage *message, DBusMessage *call)
{
  if (!holding) {
    dbus_connection_send(bus, message, NULL);
    return;
  }
  Held *h = g_new(Held, 1);
  h->message = dbus_message_ref(message);
  h->call = call ? dbus_message_ref(call) : NULL;
  g_queue_push_tail(&held, h);
}

void
objects_hold(void)
{
  holding = TRUE;
}

void
objects_release(DBusConnection *bus, const GError *failure,
                gboolean (*failed)(const char *path, gpointer data),
                gpointer data)
{
  holding = FALSE;
  Held *h;
  while ((h = g_queue_pop_head(&held))) {
    const char *path = dbus_message_get_path(h->call ? h->call : h->message);
    if (!failure || !failed(path, data)) {
      dbus_connection_send(bus, h->message, NULL);
    } else if (h->call) {
      /* Every answer of the failed batch may rest on what was not saved:
       * the caller hears the failure and asks again. */
      DBusMessage *error = error_reply(
        h->call, meepled_error_dbus_name(failure->code), failure->message);
      if (error) {
        dbus_connection_send(bus, error, NULL);
        dbus_message_unref(error);
      }
    }
    /* signals of a failed batch told of what did not happen: dropped */
    dbus_message_unref(h->message);
    if (h->call)
      dbus_message_unref(h->call);
    g_free(h);
  }
}

static void
send_and_unref(DBusConnection *bus, DBusMessage *call, DBusMessage *reply)
{
  if (!reply)
    return;
  if (!dbus_message_get_no_reply(call))
    out(bus, reply, call);
  dbus_message_unref(reply);
}

/* Whether @sig is exactly the concatenation of @args' types (no
 * allocation: this runs for every call). */
static gboolean
signature_matches(const ObjectArg *args, const char *sig)
{
  for (const ObjectArg *a = args; a && a->name; a++) {
    gsize n = strlen(a->type);
    if (strncmp(sig, a->type, n) != 0)
      return FALSE;
    sig += n;
  }
  return *sig == '\0';
}

static char *
describe_signature(const char *sig)
{
  return g_strdup_printf("(%s)", sig);
}

/* org.meepled.Meepled1.Error.InvalidArgs for a call whose signature is
 * not the table's: no handler ever sees such a call. */
static DBusMessage *
wrong_signature(DBusMessage *call, const ObjectMethod *method)
{
  char *want = objects_signature(method->in);
  char *w = describe_signature(want);
  char *g = describe_signature(dbus_message_get_signature(call));
  DBusMessage *reply = dbus_message_new_error_printf(
    call, MEEPLE_DBUS_ERROR_INVALID_ARGS,
    "%s takes the arguments %s, not %s.", method->name, w, g);
  g_free(want);
  g_free(w);
  g_free(g);
  return reply;
}

/* The reply of a handler that appends its results (append or raw). */
static DBusMessage *
call_direct(const ObjectMethod *method, gpointer object, DBusMessage *call,
            GVariant *args, GError **error)
{
  DBusMessage *reply = dbus_message_new_method_return(call);
  if (!reply)
    return NULL;
  DBusMessageIter out, in;
  dbus_message_iter_init_append(reply, &out);
  const char *sender = dbus_message_get_sender(call);
  gboolean ok;
  if (method->raw) {
    dbus_message_iter_init(call, &in);
    ok = method->raw(object, sender, &in, &out, error);
  } else {
    ok = method->append(object, sender, args, &out, error);
  }
  if (!ok)
    g_clear_pointer(&reply, dbus_message_unref);
  return reply;
}

static DBusMessage *
call_method(const ObjectMethod *method, gpointer object, DBusMessage *call)
{
  if (!signature_matches(method->in, dbus_message_get_signature(call)))
    return wrong_signature(call, method);
  GVariant *args = NULL;
  if (!method->raw) {
    args = meeple_dbus_message_get_args(call);
    if (!args)
      return dbus_message_new_error(call, MEEPLE_DBUS_ERROR_INVALID_ARGS,
                                    "The arguments could not be read.");
  }
  GVariant *out = NULL;
  GError *error = NULL;
  DBusMessage *direct = NULL;
  gboolean ok;
  if (method->raw || method->append) {
    direct = call_direct(method, object, call, args, &error);
    ok = direct != NULL;
  } else {
    ok = method->func(object, dbus_message_get_sender(call), args, &out,
                      &error);
  }
  if (args)
    g_variant_unref(args);
  if (!ok) {
    int code = error && error->domain == MEEPLED_ERROR ? error->code
                                                       : MEEPLED_ERROR_FAILED;
    DBusMessage *reply = error_reply(
      call, meepled_error_dbus_name(code),
      error ? error->message : "The call failed.");
    g_clear_error(&error);
    if (out)
      g_variant_unref(g_variant_ref_sink(out));
    return reply;
  }
  return direct ? direct : method_return(call, out);
}

/* Property @p's value as a variant at @iter, written by the one
 * function the property has. */
static gboolean
append_value(DBusMessageIter *iter, const ObjectProperty *p, gpointer object)
{
  DBusMessageIter value;
  if (!dbus_message_iter_open_container(iter, DBUS_TYPE_VARIANT, p->type,
                                        &value))
    return FALSE;
  gboolean ok = p->append ? p->append(object, &value)
                          : meeple_dbus_iter_append_variant(&value,
                                                            p->get(object));
  return dbus_message_iter_close_container(iter, &value) && ok;
}

/* One entry of a properties dictionary (GetAll, PropertiesChanged). */
static gboolean
append_property(DBusMessageIter *dict, const ObjectProperty *p,
                gpointer object)
{
  DBusMessageIter entry;
  if (!dbus_message_iter_open_container(dict, DBUS_TYPE_DICT_ENTRY, NULL,
                                        &entry))
    return FALSE;
  gboolean ok =
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &p->name) &&
    append_value(&entry, p, object);
  return dbus_message_iter_close_container(dict, &entry) && ok;
}

/* The a{sv} of the @properties (NULL: none) whose bit is set in @mask
 * (bit i: the i-th property), at @iter: GetAll's and PropertiesChanged's. */
static gboolean
append_properties(DBusMessageIter *iter, const ObjectProperty *properties,
                  guint64 mask, gpointer object)
{
  DBusMessageIter dict;
  if (!dbus_message_iter_open_container(iter, DBUS_TYPE_ARRAY, "{sv}", &dict))
    return FALSE;
  gboolean ok = TRUE;
  guint i = 0;
  for (const ObjectProperty *p = properties; ok && p && p->name; p++, i++)
    if (i < 64 && (mask & (G_GUINT64_CONSTANT(1) << i)))
      ok = append_property(&dict, p, object);
  return dbus_message_iter_close_container(iter, &dict) && ok;
}

/* Properties.Get's reply; NULL when out of memory. */
static DBusMessage *
get_reply(DBusMessage *call, const ObjectProperty *p, gpointer object)
{
  DBusMessage *reply = dbus_message_new_method_return(call);
  DBusMessageIter iter;
  if (!reply)
    return NULL;
  dbus_message_iter_init_append(reply, &iter);
  if (!append_value(&iter, p, object)) {
    dbus_message_unref(reply);
    return NULL;
  }
  return reply;
}

/* Properties.GetAll's reply with @properties (NULL: none); NULL when out
 * of memory. */
static DBusMessage *
get_all_reply(DBusMessage *call, const ObjectProperty *properties,
              gpointer object)
{
  DBusMessage *reply = dbus_message_new_method_return(call);
  DBusMessageIter iter;
  if (!reply)
    return NULL;
  dbus_message_iter_init_append(reply, &iter);
  if (!append_properties(&iter, properties, G_MAXUINT64, object)) {
    dbus_message_unref(reply);
    return NULL;
  }
  return reply;
}

static DBusMessage *
properties_call(const ObjectInterface *iface, gpointer object,
                DBusMessage *call)
{
  const char *member = dbus_message_get_member(call);
  const char *sig = dbus_message_get_signature(call);
  GVariant *args = meeple_dbus_message_get_args(call);
  DBusMessage *reply = NULL;
  const char *iface_name = NULL, *prop_name = NULL;

  /* a value GVariant cannot hold (a file descriptor in Set's variant) */
  if (!args)
    return dbus_message_new_error_printf(
      call, DBUS_ERROR_INVALID_ARGS, "The arguments of %s.%s could not be read.",
      PROPERTIES_IFACE, member);
  if (strcmp(member, "Get") == 0 && strcmp(sig, "ss") == 0) {
    g_variant_get(args, "(&s&s)", &iface_name, &prop_name);
    const ObjectProperty *p = strcmp(iface_name, iface->name) == 0
                                ? find_property(iface, prop_name)
                                : NULL;
    if (!p)
      /* the caller's strings, quoted short and in whole characters
       * (libdbus aborts on a message that is not UTF-8) */
      reply = dbus_message_new_error_printf(
        call, DBUS_ERROR_UNKNOWN_PROPERTY, "No property %s on %s.",
        meepled_q(prop_name), meepled_q(iface_name));
    else
      reply = get_reply(call, p, object);
  } else if (strcmp(member, "GetAll") == 0 && strcmp(sig, "s") == 0) {
    g_variant_get(args, "(&s)", &iface_name);
    /* Other interfaces (or unknown ones) have no properties here. */
    reply = get_all_reply(call, strcmp(iface_name, iface->name) == 0
                                  ? iface->properties
                                  : NULL,
                          object);
  } else if (strcmp(member, "Set") == 0 && strcmp(sig, "ssv") == 0) {
    g_variant_get(args, "(&s&s@v)", &iface_name, &prop_name, NULL);
    reply = dbus_message_new_error_printf(
      call, find_property(iface, prop_name) ? DBUS_ERROR_PROPERTY_READ_ONLY
                                             : DBUS_ERROR_UNKNOWN_PROPERTY,
      "Property %s of %s cannot be set.", meepled_q(prop_name),
      meepled_q(iface_name));
  } else {
    reply = dbus_message_new_error_printf(
      call, DBUS_ERROR_INVALID_ARGS, "%s.%s does not take (%s).",
      PROPERTIES_IFACE, member, sig);
  }
  if (args)
    g_variant_unref(args);
  return reply;
}

static void
append_args(GString *xml, const ObjectArg *args, const char *direction)
{
  for (const ObjectArg *a = args; a && a->name; a++) {
    g_string_append_printf(xml, "      <arg name=\"%s\" type=\"%s\"", a->name,
                           a->type);
    if (direction)
      g_string_append_printf(xml, " direction=\"%s\"", direction);
    g_string_append(xml, "/>\n");
  }
}

/* The standard interfaces every object answers (libdbus itself answers
 * Peer). */
static const char standard_interfaces[] =
  "  <interface name=\"org.freedesktop.DBus.Introspectable\">\n"
  "    <method name=\"Introspect\">\n"
  "      <arg name=\"xml_data\" type=\"s\" direction=\"out\"/>\n"
  "    </method>\n"
  "  </interface>\n"
  "  <interface name=\"org.freedesktop.DBus.Peer\">\n"
  "    <method name=\"Ping\"/>\n"
  "    <method name=\"GetMachineId\">\n"
  "      <arg name=\"machine_uuid\" type=\"s\" direction=\"out\"/>\n"
  "    </method>\n"
  "  </interface>\n"
  "  <interface name=\"org.freedesktop.DBus.Properties\">\n"
  "    <method name=\"Get\">\n"
  "      <arg name=\"interface_name\" type=\"s\" direction=\"in\"/>\n"
  "      <arg name=\"property_name\" type=\"s\" direction=\"in\"/>\n"
  "      <arg name=\"value\" type=\"v\" direction=\"out\"/>\n"
  "    </method>\n"
  "    <method name=\"GetAll\">\n"
  "      <arg name=\"interface_name\" type=\"s\" direction=\"in\"/>\n"
  "      <arg name=\"props\" type=\"a{sv}\" direction=\"out\"/>\n"
  "    </method>\n"
  "    <method name=\"Set\">\n"
  "      <arg name=\"interface_name\" type=\"s\" direction=\"in\"/>\n"
  "      <arg name=\"property_name\" type=\"s\" direction=\"in\"/>\n"
  "      <arg name=\"value\" type=\"v\" direction=\"in\"/>\n"
  "    </method>\n"
  "    <signal name=\"PropertiesChanged\">\n"
  "      <arg name=\"interface_name\" type=\"s\"/>\n"
  "      <arg name=\"changed_properties\" type=\"a{sv}\"/>\n"
  "      <arg name=\"invalidated_properties\" type=\"as\"/>\n"
  "    </signal>\n"
  "  </interface>\n";

static void
append_interface(GString *xml, const ObjectInterface *iface)
{
  g_string_append_printf(xml, "  <interface name=\"%s\">\n", iface->name);
  for (const ObjectMethod *m = iface->methods; m->name; m++) {
    g_string_append_printf(xml, "    <method name=\"%s\">\n", m->name);
    append_args(xml, m->in, "in");
    append_args(xml, m->out, "out");
    g_string_append(xml, "    </method>\n");
  }
  for (const ObjectSignal *s = iface->signals; s->name; s++) {
    g_string_append_printf(xml, "    <signal name=\"%s\">\n", s->name);
    append_args(xml, s->args, NULL);
    g_string_append(xml, "    </signal>\n");
  }
  for (const ObjectProperty *p = iface->properties; p->name; p++) {
    g_string_append_printf(xml,
                           "    <property name=\"%s\" type=\"%s\" "
                           "access=\"read\"",
                           p->name, p->type);
    if (p->no_changed_signal)
      g_string_append(xml, ">\n      <annotation name=\"org.freedesktop.DBus."
                           "Property.EmitsChangedSignal\" value=\"false\"/>"
                           "\n    </property>\n");
    else
      g_string_append(xml, "/>\n");
  }
  g_string_append(xml, "  </interface>\n");
}

static char *
introspect(const ObjectClass *klass, const char *path, gboolean with_iface)
{
  GString *xml = g_string_new(DBUS_INTROSPECT_1_0_XML_DOCTYPE_DECL_NODE);
  g_string_append(xml, "<node>\n");
  if (with_iface) {
    g_string_append(xml, standard_interfaces);
    append_interface(xml, klass->iface);
  }
  char **children = klass->children ? klass->children(klass->data, path)
                                    : NULL;
  for (guint i = 0; children && children[i]; i++)
    g_string_append_printf(xml, "  <node name=\"%s\"/>\n", children[i]);
  g_strfreev(children);
  g_string_append(xml, "</node>\n");
  return g_string_free(xml, FALSE);
}

char *
objects_introspect(const ObjectClass *klass, const char *path)
{
  return introspect(klass, path, TRUE);
}

static DBusHandlerResult
handle_message(DBusConnection *bus, DBusMessage *call, void *data)
{
  const ObjectClass *klass = data;
  if (dbus_message_get_type(call) != DBUS_MESSAGE_TYPE_METHOD_CALL)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;

  const char *path = dbus_message_get_path(call);
  const char *iface = dbus_message_get_interface(call);
  const char *member = dbus_message_get_member(call);
  gpointer object = klass->lookup ? klass->lookup(klass->data, path)
                                  : klass->data;

  if (iface && strcmp(iface, INTROSPECTABLE_IFACE) == 0 &&
      strcmp(member, "Introspect") == 0) {
    /* A path between registered objects (".../game") is a plain node
     * listing its children. */
    char *xml = introspect(klass, path, object != NULL);
    send_and_unref(bus, call, method_return(call, g_variant_new("(s)", xml)));
    g_free(xml);
    return DBUS_HANDLER_RESULT_HANDLED;
  }
  if (!object) {
    send_and_unref(bus, call,
                   dbus_message_new_error_printf(call,
                                                 DBUS_ERROR_UNKNOWN_OBJECT,
                                                 "No object at %.128s.", path));
    return DBUS_HANDLER_RESULT_HANDLED;
  }
  if (iface && strcmp(iface, PROPERTIES_IFACE) == 0) {
    send_and_unref(bus, call, properties_call(klass->iface, object, call));
    return DBUS_HANDLER_RESULT_HANDLED;
  }
  const ObjectMethod *method = NULL;
  if (!iface || strcmp(iface, klass->iface->name) == 0)
    method = find_method(klass->iface, member);
  if (!method) {
    send_and_unref(bus, call,
                   dbus_message_new_error_printf(
                     call, DBUS_ERROR_UNKNOWN_METHOD,
                     "No method %.64s on interface %.64s at %.128s.", member,
                     iface ? iface : klass->iface->name, path));
    return DBUS_HANDLER_RESULT_HANDLED;
  }
  send_and_unref(bus, call, call_method(method, object, call));
  if (klass->after)
    klass->after(object);
  return DBUS_HANDLER_RESULT_HANDLED;
}

gboolean
objects_register(DBusConnection *bus, const char *path, gboolean fallback,
                 const ObjectClass *klass)
{
  static const DBusObjectPathVTable vtable = {
    .message_function = handle_message,
  };
  DBusError err = DBUS_ERROR_INIT;
  dbus_bool_t ok =
    fallback ? dbus_connection_try_register_fallback(bus, path, &vtable,
                                                     (void *)klass, &err)
             : dbus_connection_try_register_object_path(bus, path, &vtable,
                                                        (void *)klass, &err);
  if (!ok) {
    g_warning("cannot register %s: %s", path, err.message);
    dbus_error_free(&err);
  }
  return ok;
}

void
objects_emit(DBusConnection *bus, const char *path, const char *iface,
             const char *name, GVariant *args)
{
  DBusMessage *signal = dbus_message_new_signal(path, iface, name);
  if (args)
    g_variant_ref_sink(args);
  if (signal && (!args || meeple_dbus_message_append_args(signal, args)))
    out(bus, signal, NULL);
  if (signal)
    dbus_message_unref(signal);
  if (args)
    g_variant_unref(args);
}

void
objects_emit_with(DBusConnection *bus, const char *path, const char *iface,
                  const char *name,
                  gboolean (*append)(DBusMessageIter *iter, gpointer data),
                  gpointer data)
{
  DBusMessage *signal = dbus_message_new_signal(path, iface, name);
  if (!signal)
    return;
  DBusMessageIter iter;
  dbus_message_iter_init_append(signal, &iter);
  if (append(&iter, data))
    out(bus, signal, NULL);
  dbus_message_unref(signal);
}


void
objects_emit_properties_changed(DBusConnection *bus, const char *path,
                                const ObjectInterface *iface, gpointer object,
                                guint64 changed)
{
  if (!changed)
    return;
  DBusMessage *signal =
    dbus_message_new_signal(path, PROPERTIES_IFACE, "PropertiesChanged");
  if (!signal)
    return;
  DBusMessageIter iter, invalidated;
  dbus_message_iter_init_append(signal, &iter);
  gboolean ok =
    dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &iface->name) &&
    append_properties(&iter, iface->properties, changed, object);
  ok = ok &&
       dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "s",
                                        &invalidated) &&
       dbus_message_iter_close_container(&iter, &invalidated);
  if (ok)
    out(bus, signal, NULL);
  dbus_message_unref(signal);
}
