/* objects.h — meepled's D-Bus objects described by tables.
 *
 * Each interface is a table of methods (with argument names and types),
 * signals and read-only properties.  The same tables drive the dispatch
 * (a call whose signature differs from the table gets InvalidArgs before
 * any handler runs), org.freedesktop.DBus.Properties and the
 * introspection data, so what the daemon says it implements is what it
 * implements; tests/test-dbus-introspect.sh compares that with
 * data/org.meepled.Meepled1.*.xml. */
#ifndef MEEPLED_OBJECTS_H
#define MEEPLED_OBJECTS_H

#include <dbus/dbus.h>
#include <glib.h>

typedef struct {
  const char *name;
  const char *type;
} ObjectArg;

/* A method handler gets the call's arguments as one tuple; it returns
 * the reply's arguments as a tuple (NULL for none) or FALSE with @error
 * (MEEPLED_ERROR) for an error reply.  @sender is the caller's unique bus
 * name. */
typedef gboolean (*ObjectMethodFunc)(gpointer object, const char *sender,
                                     GVariant *args, GVariant **reply,
                                     GError **error);

/* A handler for hot paths: appends the reply's arguments at @reply
 * itself (no GVariant in between).  On error it returns FALSE with @error
 * and whatever it appended is discarded. */
typedef gboolean (*ObjectAppendFunc)(gpointer object, const char *sender,
                                     GVariant *args, DBusMessageIter *reply,
                                     GError **error);

/* The hottest path (Act): reads the call's arguments itself with
 * libdbus's iterators (@args is at the first argument, the signature
 * already checked) and appends the reply's. */
typedef gboolean (*ObjectRawFunc)(gpointer object, const char *sender,
                                  DBusMessageIter *args,
                                  DBusMessageIter *reply, GError **error);

typedef struct {
  const char *name;
  const ObjectArg *in;   /* { NULL } terminated */
  const ObjectArg *out;
  ObjectMethodFunc func;
  ObjectAppendFunc append; /* used instead of @func when set */
  ObjectRawFunc raw;       /* used instead of both when set */
} ObjectMethod;

typedef struct {
  const char *name;
  const ObjectArg *args;
} ObjectSignal;

typedef struct {
  const char *name;
  const char *type;
  /* Exactly one of the two writes the value, for Get, GetAll and
   * PropertiesChanged alike: get() as a GVariant, or append() at @iter
   * with libdbus's iterators (FALSE: out of memory), which is faster, for
   * the values signalled often. */
  GVariant *(*get)(gpointer object);
  gboolean (*append)(gpointer object, DBusMessageIter *iter);
  /* TRUE: left out of PropertiesChanged (a value that changes with every
   * action, which the signals carry anyway); introspection says so with
   * the org.freedesktop.DBus.Property.EmitsChangedSignal annotation. */
  gboolean no_changed_signal;
} ObjectProperty;

typedef struct {
  const char *name;
  const ObjectMethod *methods;       /* { NULL } terminated */
  const ObjectSignal *signals;       /* { NULL } terminated */
  const ObjectProperty *properties;  /* { NULL } terminated */
} ObjectInterface;

/* Finds the object for a path below a fallback registration (the game
 * objects); NULL: no such object. */
typedef gpointer (*ObjectLookupFunc)(gpointer data, const char *path);
/* Names of the child nodes of @path, for introspection (g_strfreev). */
typedef char **(*ObjectChildrenFunc)(gpointer data, const char *path);
/* Called after the reply to a method call on @object was sent, so
 * signals a call causes follow its reply. */
typedef void (*ObjectAfterFunc)(gpointer object);

typedef struct {
  const ObjectInterface *iface;
  ObjectLookupFunc lookup;     /* NULL: the object is @data itself */
  ObjectChildrenFunc children; /* may be NULL */
  ObjectAfterFunc after;       /* may be NULL */
  gpointer data;
} ObjectClass;

/* Registers @klass at @path; with @fallback, for every path below it as
 * well (the lookup decides which exist). */
gboolean objects_register(DBusConnection *bus, const char *path,
                          gboolean fallback, const ObjectClass *klass);

/* The introspection XML of @klass's interface at @path. */
char *objects_introspect(const ObjectClass *klass, const char *path);

/* Emits signal @name of @iface from @path with @args (a tuple, or NULL;
 * floating references are sunk). */
void objects_emit(DBusConnection *bus, const char *path,
                  const char *iface, const char *name, GVariant *args);

/* Emits org.freedesktop.DBus.Properties.PropertiesChanged with the
 * current values of the properties of @iface whose bit is set in
 * @changed (bit i: the i-th entry of iface->properties).  The caller
 * knows what changed; nothing is compared here. */
void objects_emit_properties_changed(DBusConnection *bus, const char *path,
                                     const ObjectInterface *iface,
                                     gpointer object, guint64 changed);

/* Emits signal @name whose arguments @append writes at the iterator it
 * gets; nothing is sent when it returns FALSE. */
void objects_emit_with(DBusConnection *bus, const char *path,
                       const char *iface, const char *name,
                       gboolean (*append)(DBusMessageIter *iter,
                                          gpointer data),
                       gpointer data);

/* Group commit (daemon/commit.c): from objects_hold() on, replies and
 * signals are kept back in order; objects_release() sends them.  With
 * @failure, the messages of the objects @failed says the failed batch
 * touched (it gets the path of the signal, or of the call a reply
 * answers) are not sent: their calls are answered with @failure and
 * their signals dropped; the others leave as they are. */
void objects_hold(void);
/* The most replies held back for one caller since objects_hold(). */
guint objects_held_peak(void);
void objects_release(DBusConnection *bus, const GError *failure,
                     gboolean (*failed)(const char *path, gpointer data),
                     gpointer data);

/* Signature of an argument list ("ua{sv}"), g_free(). */
char *objects_signature(const ObjectArg *args);

#endif
