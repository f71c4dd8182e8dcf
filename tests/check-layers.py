#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The layers' one-way dependencies, read from the sources' #include lines.

Data flows model/ -> render/ -> widgets/ -> app/, with cli/ beside app/ on
model/ and the CPU half of render/.  Inside model/ and render/ each domain
folder may use only the folders listed for it below: model/blueprint and
model/zone know nothing of each other, render/core nothing of the map kinds.
Every header of the project is found by its name in the folder that holds
it; an #include of a header from a folder the includer may not use fails,
and so does a system header a layer must not see (GTK outside widgets/ and
app/, epoxy outside render/gl/, widgets/ and app/, cairo in model/).

Usage: check-layers.py SOURCE_ROOT
"""
import os
import re
import sys

MODEL = ["model/core", "model/io", "model/blueprint", "model/zone", "model/analysis"]
RENDER_CPU = ["render/core", "render/blueprint", "render/zone", "render/diff", "render/terrain"]

# Which folders each folder may include from (besides itself).
ALLOWED = {
    "model/core": [],
    "model/io": ["model/core"],
    "model/blueprint": ["model/core", "model/io"],
    "model/zone": ["model/core", "model/io"],
    "model/analysis": ["model/core", "model/io", "model/blueprint", "model/zone"],
    "render/core": MODEL,
    "render/blueprint": MODEL + ["render/core"],
    "render/zone": MODEL + ["render/core"],
    "render/diff": MODEL + ["render/core", "render/blueprint"],
    "render/terrain": MODEL + ["render/core", "render/blueprint", "render/zone"],
    "render/gl": MODEL + RENDER_CPU,
    "widgets": MODEL + RENDER_CPU + ["render/gl"],
    "cli": MODEL + RENDER_CPU,
    "app": MODEL + RENDER_CPU + ["render/gl", "widgets"],
}

# System headers by the folders that may include them.
SYSTEM = {
    "gtk/gtk.h": ["widgets", "app"],
    "gdk/gdk.h": ["widgets", "app"],
    "epoxy/gl.h": ["render/gl", "widgets", "app"],
    "cairo.h": RENDER_CPU + ["render/gl", "widgets", "app", "cli"],
}

INCLUDE = re.compile(r'^\s*#\s*include\s+([<"])([^>"]+)[>"]', re.M)


def main():
    root = sys.argv[1]
    home = {}      # header name -> folder
    sources = []   # (folder, path)
    for folder in ALLOWED:
        path = os.path.join(root, folder)
        if not os.path.isdir(path):
            print(f"not ok - {folder}/ is missing")
            return 1
        for name in sorted(os.listdir(path)):
            if name.endswith((".c", ".h")):
                sources.append((folder, os.path.join(path, name)))
                if name.endswith(".h"):
                    if name in home:
                        print(f"not ok - {name} is in both {home[name]}/ and {folder}/")
                        return 1
                    home[name] = folder

    problems = []
    for folder, path in sources:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for kind, name in INCLUDE.findall(text):
            where = os.path.relpath(path, root)
            if kind == '"' and name in home:
                owner = home[name]
                if owner != folder and owner not in ALLOWED[folder]:
                    problems.append(f"{where} includes {name} from {owner}/")
            elif kind == "<" and name in SYSTEM and folder not in SYSTEM[name]:
                problems.append(f"{where} includes <{name}>")

    print("1..1")
    if problems:
        for p in problems:
            print(f"# {p}")
        print("not ok 1 - layers")
        return 1
    print(f"ok 1 - layers: {len(sources)} files in {len(ALLOWED)} folders")
    return 0


if __name__ == "__main__":
    sys.exit(main())
