#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the Flatpak manifest without flatpak-builder (no runtimes can be
fetched on the development and CI machines): it must parse as JSON and build
the app, with meson, from this source tree on the GNOME runtime."""

import json
import sys

APP_ID = 'io.github.mapsmith.Mapsmith'


def fail(msg):
    print('FAIL: ' + msg, file=sys.stderr)
    sys.exit(1)


def main(path):
    try:
        with open(path, encoding='utf-8') as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        fail(f'{path}: {e}')

    # flatpak-builder accepts "id" and its older spelling "app-id"; one only.
    ids = [manifest[k] for k in ('id', 'app-id') if k in manifest]
    if ids != [APP_ID]:
        fail(f'the app id is {ids!r}, not exactly one {APP_ID!r}')
    if manifest.get('command') != 'mapsmith':
        fail(f'command is {manifest.get("command")!r}, not "mapsmith"')
    if manifest.get('runtime') != 'org.gnome.Platform' or manifest.get('sdk') != 'org.gnome.Sdk':
        fail('runtime and sdk must be org.gnome.Platform and org.gnome.Sdk')
    if not isinstance(manifest.get('runtime-version'), str):
        fail('runtime-version must be a string')

    finish_args = manifest.get('finish-args', [])
    for arg in ('--share=ipc', '--socket=wayland', '--socket=fallback-x11', '--device=dri'):
        if arg not in finish_args:
            fail(f'finish-args lacks {arg}')

    modules = [m for m in manifest.get('modules', []) if isinstance(m, dict)]
    app_modules = [m for m in modules
                   if m.get('buildsystem') == 'meson'
                   and any(s.get('type') == 'dir' and s.get('path') == '..'
                           for s in m.get('sources', []))]
    if not app_modules:
        fail('no module builds this source tree ("dir" source "..") with buildsystem meson')
    if '-Dfuzzing=false' not in app_modules[-1].get('config-opts', []):
        fail('the app module must configure with -Dfuzzing=false')
    if modules[-1] is not app_modules[-1]:
        fail('the app module must be the last module')

    print(f'ok: {path}: {APP_ID}, {len(modules)} module(s)')


if __name__ == '__main__':
    if len(sys.argv) != 2:
        print(f'usage: {sys.argv[0]} MANIFEST.json', file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1])
