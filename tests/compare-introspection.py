#!/usr/bin/env python3
"""compare-introspection.py EXPECTED.xml ACTUAL.xml

Compares two D-Bus introspection documents interface by interface:
methods (argument names, types and directions, in order), signals
(argument types in order), properties (type and access).  Comments,
whitespace, annotations, child nodes, member order and the standard
org.freedesktop.DBus.* interfaces are ignored.  EXPECTED is the source of
truth (data/org.meepled.Meepled1.*.xml), ACTUAL what the running daemon
answered to org.freedesktop.DBus.Introspectable.Introspect.

Exit status 0 when they agree; 1 with a unified diff of the normalised
forms on stdout when they do not; 2 on unreadable input.  Standard
library only.
"""

import difflib
import sys
import xml.etree.ElementTree as ET

STANDARD_PREFIX = "org.freedesktop.DBus."


def members(iface, tag):
    return sorted(iface.findall(tag), key=lambda e: e.get("name", ""))


def normalise(path):
    """The interfaces of the document at @path as {name: [lines]}."""
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        print(f"compare-introspection: {path}: {e}", file=sys.stderr)
        sys.exit(2)
    if root.tag != "node":
        print(f"compare-introspection: {path}: root element is <{root.tag}>, "
              "not <node>", file=sys.stderr)
        sys.exit(2)
    out = {}
    for iface in root.findall("interface"):
        name = iface.get("name", "")
        if name.startswith(STANDARD_PREFIX):
            continue
        lines = []
        for m in members(iface, "method"):
            lines.append(f"method {m.get('name')}")
            for a in m.findall("arg"):
                lines.append(f"  arg {a.get('direction', 'in')} "
                             f"{a.get('name', '-')} {a.get('type')}")
        for s in members(iface, "signal"):
            lines.append(f"signal {s.get('name')}")
            for a in s.findall("arg"):
                lines.append(f"  arg {a.get('type')}")
        for p in members(iface, "property"):
            lines.append(f"property {p.get('name')} {p.get('type')} "
                         f"{p.get('access')}")
        if name in out:
            print(f"compare-introspection: {path}: interface {name} twice",
                  file=sys.stderr)
            sys.exit(2)
        out[name] = lines
    return out


def flatten(interfaces):
    lines = []
    for name in sorted(interfaces):
        lines.append(f"interface {name}")
        lines.extend("  " + line for line in interfaces[name])
    return lines


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    expected, actual = normalise(argv[1]), normalise(argv[2])
    if not expected:
        print(f"compare-introspection: {argv[1]} has no interface",
              file=sys.stderr)
        return 2
    a, b = flatten(expected), flatten(actual)
    if a == b:
        return 0
    sys.stdout.writelines(
        line + "\n"
        for line in difflib.unified_diff(a, b, fromfile=argv[1],
                                         tofile=argv[2], lineterm="", n=2))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
