#!/bin/sh
# The desktop files of meeple-gtk: the .desktop entry, the AppStream
# metainfo and the GSettings schema, each checked by its own validator
# (skipped, exit 77, when a validator is missing).
set -eu
src=${TEST_SRCDIR:?}/data/gtk
status=0
missing=
check() {
  if ! command -v "$1" >/dev/null 2>&1; then missing="$missing $1"; return; fi
  echo "# $*"
  "$@" || status=1
}
check desktop-file-validate "$src/org.meepled.Meeple.desktop"
# --no-net: CI has no network; the URL is only checked for form.
check appstreamcli validate --no-net --pedantic "$src/org.meepled.Meeple.metainfo.xml"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$src/org.meepled.Meeple.gschema.xml" "$tmp/"
check glib-compile-schemas --strict --dry-run "$tmp"
# The icon is an SVG that parses (xmllint, as for the D-Bus XML).
check xmllint --noout "$src/org.meepled.Meeple.svg"
if [ -n "$missing" ]; then
  echo "missing:$missing"
  [ $status -eq 0 ] && exit 77
fi
exit $status
