"""Imports point one way (docs/developer.md: engines <- AI <- UI, hal
below, the loop on top; host tools import firmware, never the reverse):
no two modules import each other, directly or round a longer circle
(imports inside functions count too), in firmware/ or host_tools/, and
nothing in firmware/ but the boot script (main.py) imports the app's
loop, ui.app: what the matches, the hint and the screens need of the
app's module janitor lives in the ui package itself."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")


def module_name(path, base):
    rel = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
    return rel[:-len(".__init__")] if rel.endswith(".__init__") else rel


def sources(top, base):
    for d, dirs, files in os.walk(os.path.join(ROOT, top)):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(d, f)
                yield module_name(path, base), path


def imports():
    """{module: set of project modules it imports}: firmware's modules by
    the names they import each other by (ui.app), host_tools' by theirs
    (host_tools.cli); a package counts as a module (its __init__)."""
    graph = {}
    for name, path in list(sources("firmware", FIRMWARE)) + list(sources("host_tools", ROOT)):
        with open(path) as fh:
            tree = ast.parse(fh.read(), path)
        out = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                out.add(node.module)
                out.update(node.module + "." + a.name for a in node.names)
        graph[name] = out
    return {m: {x for x in deps if x in graph and x != m} for m, deps in graph.items()}


def cycle(graph):
    """One import circle as a list of modules, or None.  A module's import
    of a package it is in is not an edge (Python has loaded that package
    before the module)."""
    state = {}

    def visit(m, path):
        state[m] = 1
        for n in sorted(graph[m]):
            if m.startswith(n + "."):
                continue
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state:
                found = visit(n, path + [n])
                if found:
                    return found
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m, [m])
            if found:
                return found
    return None


def test_no_import_circle_anywhere():
    graph = imports()
    assert "ui.app" in graph and "host_tools.cli" in graph      # both trees read
    found = cycle(graph)
    assert found is None, " -> ".join(found)


def test_a_circle_is_found():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
    assert cycle({"p": {"p.x"}, "p.x": {"p"}}) is None      # a package and its own module


def test_only_the_boot_script_imports_the_loop():
    graph = imports()
    firmware = dict(sources("firmware", FIRMWARE))
    users = sorted(m for m in firmware if "ui.app" in graph[m])
    assert users == ["main"], users


def test_firmware_imports_no_host_tool():
    graph = imports()
    firmware = dict(sources("firmware", FIRMWARE))
    assert not [m for m in firmware if any(x.startswith("host_tools") for x in graph[m])]
