#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""mapsmith-cli links neither GTK nor GL: its ELF NEEDED entries (readelf -d)
and every library the loader resolves for it (ldd) name no libgtk and no
libepoxy.  The app is the control: it must list both, or the reading of the
tools' output is broken and an empty list would pass for a clean one.

    check-cli-links.py MAPSMITH-CLI MAPSMITH
"""
import re
import subprocess
import sys

FORBIDDEN = ('libgtk', 'libepoxy')


def needed(path):
    out = subprocess.run(['readelf', '-d', path], check=True, capture_output=True,
                         text=True).stdout
    return re.findall(r'\(NEEDED\)\s+Shared library: \[([^\]]+)\]', out)


def resolved(path):
    out = subprocess.run(['ldd', path], check=True, capture_output=True, text=True).stdout
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def forbidden(names):
    return sorted({n for n in names for f in FORBIDDEN if n.startswith(f)})


def main():
    cli, app = sys.argv[1], sys.argv[2]
    failed = False

    for what, names in (('NEEDED', needed(cli)), ('ldd', resolved(cli))):
        if not any(n.startswith('libglib-2.0') for n in names):
            print(f'{cli}: {what} lists no libglib-2.0, so it was not read: {names}')
            failed = True
        bad = forbidden(names)
        if bad:
            print(f'{cli}: {what} lists {", ".join(bad)}')
            failed = True
        else:
            print(f'ok: {what} of mapsmith-cli lists neither libgtk nor libepoxy '
                  f'({len(names)} libraries)')

    control = forbidden(resolved(app))
    if [f for f in FORBIDDEN if not any(n.startswith(f) for n in control)]:
        print(f'{app}: ldd should list libgtk and libepoxy, found {control}')
        failed = True

    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
