"""The host tools' imports point one way: no two modules of host_tools
import each other, directly or round a longer circle (imports inside
functions count too)."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def module_name(path):
    rel = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
    return rel[:-len(".__init__")] if rel.endswith(".__init__") else rel


def imports():
    """{module: set of host_tools modules it imports}"""
    graph = {}
    for d, dirs, files in os.walk(os.path.join(ROOT, "host_tools")):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(d, f)
            name = module_name(path)
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
    """One import circle as a list of modules, or None."""
    state = {}

    def visit(m, path):
        state[m] = 1
        for n in sorted(graph[m]):
            if n == "host_tools" or m.startswith(n + "."):
                continue            # a package and its own sub-modules
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


def test_no_import_circle_in_the_host_tools():
    assert cycle(imports()) is None, " -> ".join(cycle(imports()))


def test_a_circle_is_found():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
