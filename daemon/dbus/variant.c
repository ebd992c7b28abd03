/* variant.c — libdbus message values <-> GVariant (see variant.h).
 *
 * D-Bus type codes and GVariant type characters are the same ASCII letters
 * for every type both have ('y' is DBUS_TYPE_BYTE, 'a' DBUS_TYPE_ARRAY ...),
 * so a signature from one side is a type string on the other. */
#include "variant.h"

#include <string.h>

/* libdbus refuses to receive a message whose values nest deeper than
 * this, counting every array, struct, dict entry and variant. */
#define MAX_NESTING (DBUS_MAXIMUM_TYPE_RECURSION_DEPTH * 2)

/* Size of one element of a fixed-size basic type whose arrays the two
 * libraries lay out the same way in memory, else 0.  Booleans are 4 bytes
 * in libdbus and 1 in GVariant, and fds are not supported, so neither is. */
static gsize
fixed_size(int type)
{
  switch (type) {
  case DBUS_TYPE_BYTE:
    return 1;
  case DBUS_TYPE_INT16:
  case DBUS_TYPE_UINT16:
    return 2;
  case DBUS_TYPE_INT32:
  case DBUS_TYPE_UINT32:
    return 4;
  case DBUS_TYPE_INT64:
  case DBUS_TYPE_UINT64:
  case DBUS_TYPE_DOUBLE:
    return 8;
  default:
    return 0;
  }
}

/* ---- D-Bus -> GVariant -------------------------------------------------- */

/* Every reader returns a floating GVariant, or NULL. */
static GVariant *read_value(DBusMessageIter *iter, guint depth);

/* A string, object path or signature.  libdbus validated it, but GVariant
 * refuses an invalid one with a critical, so check rather than trust. */
static GVariant *
read_string(int type, const char *s)
{
  switch (type) {
  case DBUS_TYPE_STRING:
    return g_utf8_validate(s, -1, NULL) ? g_variant_new_string(s) : NULL;
  case DBUS_TYPE_OBJECT_PATH:
    return g_variant_is_object_path(s) ? g_variant_new_object_path(s) : NULL;
  default: /* DBUS_TYPE_SIGNATURE */
    return g_variant_is_signature(s) ? g_variant_new_signature(s) : NULL;
  }
}

static GVariant *
read_basic(DBusMessageIter *iter, int type)
{
  DBusBasicValue v;
  dbus_message_iter_get_basic(iter, &v);
  switch (type) {
  case DBUS_TYPE_BYTE:
    return g_variant_new_byte(v.byt);
  case DBUS_TYPE_BOOLEAN:
    return g_variant_new_boolean(v.bool_val != 0);
  case DBUS_TYPE_INT16:
    return g_variant_new_int16(v.i16);
  case DBUS_TYPE_UINT16:
    return g_variant_new_uint16(v.u16);
  case DBUS_TYPE_INT32:
    return g_variant_new_int32(v.i32);
  case DBUS_TYPE_UINT32:
    return g_variant_new_uint32(v.u32);
  case DBUS_TYPE_INT64:
    return g_variant_new_int64(v.i64);
  case DBUS_TYPE_UINT64:
    return g_variant_new_uint64(v.u64);
  case DBUS_TYPE_DOUBLE:
    return g_variant_new_double(v.dbl);
  default:
    return read_string(type, v.str);
  }
}

/* The type of the value at @iter, from its signature; libdbus gives the
 * full signature even for an empty array, which its elements could not. */
static GVariantType *
iter_type(DBusMessageIter *iter)
{
  char *signature = dbus_message_iter_get_signature(iter);
  GVariantType *type = NULL;
  if (signature && g_variant_type_string_is_valid(signature))
    type = g_variant_type_new(signature);
  dbus_free(signature);
  return type;
}

/* The values from @sub (inside a container) to its end, as a container of
 * @type. */
static GVariant *
read_children(DBusMessageIter *sub, const GVariantType *type, guint depth)
{
  GVariantBuilder builder;
  g_variant_builder_init(&builder, type);
  for (; dbus_message_iter_get_arg_type(sub) != DBUS_TYPE_INVALID;
       dbus_message_iter_next(sub)) {
    GVariant *child = read_value(sub, depth + 1);
    if (!child) {
      g_variant_builder_clear(&builder);
      return NULL;
    }
    g_variant_builder_add_value(&builder, child);
  }
  return g_variant_builder_end(&builder);
}

/* An array of fixed-size numbers, copied in one go. */
static GVariant *
read_fixed_array(DBusMessageIter *sub, const GVariantType *type, gsize size)
{
  const void *elements = NULL;
  int n = 0;
  dbus_message_iter_get_fixed_array(sub, &elements, &n);
  if (n < 0 || (n > 0 && !elements))
    return NULL;
  return g_variant_new_fixed_array(g_variant_type_element(type), elements,
                                   (gsize)n, size);
}

/* An array, struct or dict entry at @iter, whose element type is
 * @element_type for arrays. */
static GVariant *
read_container(DBusMessageIter *iter, int element_type, guint depth)
{
  GVariantType *type = iter_type(iter);
  if (!type)
    return NULL;
  DBusMessageIter sub;
  dbus_message_iter_recurse(iter, &sub);
  gsize size = fixed_size(element_type);
  GVariant *value = size ? read_fixed_array(&sub, type, size)
                         : read_children(&sub, type, depth);
  g_variant_type_free(type);
  return value;
}

static GVariant *
read_variant(DBusMessageIter *iter, guint depth)
{
  DBusMessageIter sub;
  dbus_message_iter_recurse(iter, &sub);
  GVariant *inner = read_value(&sub, depth + 1);
  return inner ? g_variant_new_variant(inner) : NULL;
}

static GVariant *
read_value(DBusMessageIter *iter, guint depth)
{
  /* libdbus enforces the limit; checking it here keeps recursion bounded
   * whatever it hands us. */
  if (depth > MAX_NESTING)
    return NULL;
  int type = dbus_message_iter_get_arg_type(iter);
  switch (type) {
  case DBUS_TYPE_ARRAY:
    return read_container(iter, dbus_message_iter_get_element_type(iter),
                          depth);
  case DBUS_TYPE_STRUCT:
  case DBUS_TYPE_DICT_ENTRY:
    return read_container(iter, DBUS_TYPE_INVALID, depth);
  case DBUS_TYPE_VARIANT:
    return read_variant(iter, depth);
  case DBUS_TYPE_UNIX_FD: /* get_basic would dup the fd: not supported */
  case DBUS_TYPE_INVALID:
    return NULL;
  default:
    return dbus_type_is_basic(type) ? read_basic(iter, type) : NULL;
  }
}

GVariant *
meeple_dbus_iter_get_variant(DBusMessageIter *iter)
{
  g_return_val_if_fail(iter != NULL, NULL);
  GVariant *value = read_value(iter, 0);
  return value ? g_variant_ref_sink(value) : NULL;
}

GVariant *
meeple_dbus_message_get_args(DBusMessage *message)
{
  g_return_val_if_fail(message != NULL, NULL);
  GPtrArray *args = g_ptr_array_new_with_free_func(
      (GDestroyNotify)g_variant_unref);
  DBusMessageIter iter;
  gboolean more = dbus_message_iter_init(message, &iter);
  for (; more; more = dbus_message_iter_next(&iter)) {
    GVariant *arg = meeple_dbus_iter_get_variant(&iter);
    if (!arg) {
      g_ptr_array_unref(args);
      return NULL;
    }
    g_ptr_array_add(args, arg);
  }
  /* The tuple takes its own references; the array drops ours. */
  GVariant *tuple = g_variant_ref_sink(
      g_variant_new_tuple((GVariant *const *)args->pdata, args->len));
  g_ptr_array_unref(args);
  return tuple;
}

/* ---- what D-Bus can carry ----------------------------------------------- */

/* Whether libdbus accepts @s as a value of @type: it aborts the process on
 * an invalid one, and GVariant's rules for signatures are looser than
 * D-Bus's (a lone dict entry "{sv}", for one). */
static gboolean
string_valid(int type, const char *s)
{
  switch (type) {
  case DBUS_TYPE_STRING:
    return dbus_validate_utf8(s, NULL);
  case DBUS_TYPE_OBJECT_PATH:
    return dbus_validate_path(s, NULL);
  default: /* DBUS_TYPE_SIGNATURE */
    return dbus_signature_validate(s, NULL);
  }
}

/* How many containers deep @type nests (a basic type: 0, "v": 1). */
static guint
type_nesting(const GVariantType *type)
{
  if (g_variant_type_is_array(type))
    return 1 + type_nesting(g_variant_type_element(type));
  if (!g_variant_type_is_tuple(type) && !g_variant_type_is_dict_entry(type))
    return g_variant_type_is_variant(type) ? 1 : 0;
  guint deepest = 0;
  for (const GVariantType *item = g_variant_type_first(type); item;
       item = g_variant_type_next(item))
    deepest = MAX(deepest, type_nesting(item));
  return 1 + deepest;
}

static gboolean contents_supported(GVariant *value, guint depth);

/* Whether @value, found inside @depth containers, can travel on D-Bus: its
 * type is a valid D-Bus single complete type without fds, every signature
 * value in it is a valid D-Bus signature, and neither it nor what its
 * variants hold nests too deep.  libdbus aborts the process on an invalid
 * signature, so this must hold before anything is written. */
static gboolean
value_supported(GVariant *value, guint depth)
{
  const char *signature = g_variant_get_type_string(value);
  return !strchr(signature, DBUS_TYPE_UNIX_FD) &&
         dbus_signature_validate_single(signature, NULL) &&
         depth + type_nesting(g_variant_get_type(value)) <= MAX_NESTING &&
         contents_supported(value, depth);
}

/* The part of value_supported() its type does not show: what variants
 * hold, and signature values (valid for GVariant, maybe not for D-Bus). */
static gboolean
contents_supported(GVariant *value, guint depth)
{
  const char *signature = g_variant_get_type_string(value);
  if (signature[0] == DBUS_TYPE_SIGNATURE)
    return string_valid(DBUS_TYPE_SIGNATURE,
                        g_variant_get_string(value, NULL));
  if (signature[0] == DBUS_TYPE_VARIANT) {
    GVariant *inner = g_variant_get_variant(value);
    gboolean ok = value_supported(inner, depth + 1);
    g_variant_unref(inner);
    return ok;
  }
  /* Only look inside containers where either may occur. */
  if (!strpbrk(signature, DBUS_TYPE_VARIANT_AS_STRING
               DBUS_TYPE_SIGNATURE_AS_STRING) ||
      !g_variant_is_container(value))
    return TRUE;
  GVariantIter iter;
  GVariant *child;
  g_variant_iter_init(&iter, value);
  while ((child = g_variant_iter_next_value(&iter))) {
    gboolean ok = contents_supported(child, depth + 1);
    g_variant_unref(child);
    if (!ok)
      return FALSE;
  }
  return TRUE;
}

/* Whether every child of the tuple @args can be a message argument. */
static gboolean
args_supported(GVariant *args)
{
  gsize n = g_variant_n_children(args);
  for (gsize i = 0; i < n; i++) {
    GVariant *arg = g_variant_get_child_value(args, i);
    gboolean ok = value_supported(arg, 0); /* arguments are not nested */
    g_variant_unref(arg);
    if (!ok)
      return FALSE;
  }
  return TRUE;
}

/* ---- GVariant -> D-Bus -------------------------------------------------- */

static gboolean append_value(DBusMessageIter *iter, GVariant *value);

/* A string, object path or signature. */
static gboolean
append_string(DBusMessageIter *iter, int type, const char *s)
{
  return string_valid(type, s) &&
         dbus_message_iter_append_basic(iter, type, &s);
}

static gboolean
append_basic(DBusMessageIter *iter, int type, GVariant *value)
{
  DBusBasicValue v;
  switch (type) {
  case DBUS_TYPE_BYTE: v.byt = g_variant_get_byte(value); break;
  case DBUS_TYPE_BOOLEAN: v.bool_val = g_variant_get_boolean(value) != 0; break;
  case DBUS_TYPE_INT16: v.i16 = g_variant_get_int16(value); break;
  case DBUS_TYPE_UINT16: v.u16 = g_variant_get_uint16(value); break;
  case DBUS_TYPE_INT32: v.i32 = g_variant_get_int32(value); break;
  case DBUS_TYPE_UINT32: v.u32 = g_variant_get_uint32(value); break;
  case DBUS_TYPE_INT64: v.i64 = g_variant_get_int64(value); break;
  case DBUS_TYPE_UINT64: v.u64 = g_variant_get_uint64(value); break;
  case DBUS_TYPE_DOUBLE: v.dbl = g_variant_get_double(value); break;
  case DBUS_TYPE_STRING:
  case DBUS_TYPE_OBJECT_PATH:
  case DBUS_TYPE_SIGNATURE:
    return append_string(iter, type, g_variant_get_string(value, NULL));
  default:
    return FALSE;
  }
  return dbus_message_iter_append_basic(iter, type, &v);
}

/* Closes @sub inside @iter when @ok, abandons it otherwise. */
static gboolean
close_container(DBusMessageIter *iter, DBusMessageIter *sub, gboolean ok)
{
  if (!ok) {
    dbus_message_iter_abandon_container(iter, sub);
    return FALSE;
  }
  return dbus_message_iter_close_container(iter, sub);
}

static gboolean
append_children(DBusMessageIter *sub, GVariant *value)
{
  GVariantIter iter;
  GVariant *child;
  g_variant_iter_init(&iter, value);
  while ((child = g_variant_iter_next_value(&iter))) {
    gboolean ok = append_value(sub, child);
    g_variant_unref(child);
    if (!ok)
      return FALSE;
  }
  return TRUE;
}

/* An array of fixed-size numbers, copied in one go. */
static gboolean
append_fixed_array(DBusMessageIter *sub, int element_type, GVariant *value,
                   gsize size)
{
  gsize n = 0;
  const void *elements = g_variant_get_fixed_array(value, &n, size);
  if (n == 0) /* nothing to copy, and @elements may be NULL */
    return TRUE;
  if (n > DBUS_MAXIMUM_ARRAY_LENGTH / size) /* libdbus would abort */
    return FALSE;
  return dbus_message_iter_append_fixed_array(sub, element_type, &elements,
                                              (int)n);
}

static gboolean
append_array(DBusMessageIter *iter, GVariant *value)
{
  const char *signature = g_variant_get_type_string(value);
  DBusMessageIter sub;
  /* The element signature is the array's without its leading 'a'. */
  if (!dbus_message_iter_open_container(iter, DBUS_TYPE_ARRAY, signature + 1,
                                        &sub))
    return FALSE;
  int element_type = signature[1];
  gsize size = fixed_size(element_type);
  gboolean ok = size ? append_fixed_array(&sub, element_type, value, size)
                     : append_children(&sub, value);
  return close_container(iter, &sub, ok);
}

static gboolean
append_variant(DBusMessageIter *iter, GVariant *value)
{
  GVariant *inner = g_variant_get_variant(value);
  DBusMessageIter sub;
  gboolean ok = dbus_message_iter_open_container(
      iter, DBUS_TYPE_VARIANT, g_variant_get_type_string(inner), &sub);
  if (ok)
    ok = close_container(iter, &sub, append_value(&sub, inner));
  g_variant_unref(inner);
  return ok;
}

/* A struct or dict entry (no signature: libdbus takes it from the
 * children). */
static gboolean
append_struct(DBusMessageIter *iter, int type, GVariant *value)
{
  DBusMessageIter sub;
  if (!dbus_message_iter_open_container(iter, type, NULL, &sub))
    return FALSE;
  return close_container(iter, &sub, append_children(&sub, value));
}

/* Appends @value, already checked with value_supported(). */
static gboolean
append_value(DBusMessageIter *iter, GVariant *value)
{
  int type = g_variant_get_type_string(value)[0];
  switch (type) {
  case DBUS_TYPE_ARRAY:
    return append_array(iter, value);
  case DBUS_TYPE_VARIANT:
    return append_variant(iter, value);
  case DBUS_STRUCT_BEGIN_CHAR:
    return append_struct(iter, DBUS_TYPE_STRUCT, value);
  case DBUS_DICT_ENTRY_BEGIN_CHAR:
    return append_struct(iter, DBUS_TYPE_DICT_ENTRY, value);
  default:
    return append_basic(iter, type, value);
  }
}

gboolean
meeple_dbus_iter_append_variant(DBusMessageIter *iter, GVariant *value)
{
  g_return_val_if_fail(iter != NULL, FALSE);
  g_return_val_if_fail(value != NULL, FALSE);
  g_variant_ref_sink(value);
  gboolean ok = value_supported(value, 0) && append_value(iter, value);
  g_variant_unref(value);
  return ok;
}

gboolean
meeple_dbus_message_append_args(DBusMessage *message, GVariant *args)
{
  g_return_val_if_fail(message != NULL, FALSE);
  g_return_val_if_fail(args != NULL, FALSE);
  g_variant_ref_sink(args);
  /* Check every argument first so a refused one leaves no others behind. */
  gboolean ok = g_variant_is_of_type(args, G_VARIANT_TYPE_TUPLE) &&
                args_supported(args);
  if (ok) {
    DBusMessageIter iter;
    dbus_message_iter_init_append(message, &iter);
    ok = append_children(&iter, args);
  }
  g_variant_unref(args);
  return ok;
}
