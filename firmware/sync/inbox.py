"""What the host pushes and what HELLO tells it, away from the request loop
(sync.endpoint loads this only for PLAYERS, SETTINGS and the version):

    save_players(path, payload)    PLAYERS: the names, as a JSON list
    save_settings(path, payload)   SETTINGS: merged into a JSON object;
                                   rule names checked like the engine does
    check_settings(d)              that check (ValueError); the host uses it too
    firmware_version()             what the flash tool wrote, else 'dev'

The files lie beside the score log; the app applies them (ui.session).
"""
import json

from sync import protocol as P
from sync.scorelog import replace

VERSION_FILES = ("version.json", "VERSION")


def save_json(path, obj):
    """Write whole-or-nothing: a temp file renamed over the old one."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(json.dumps(obj))
    replace(tmp, path)


def load_json(path, default):
    try:
        with open(path) as f:
            return json.loads(f.read())
    except (OSError, ValueError):
        return default


def firmware_version():
    """What the flash tool wrote into the version file, else 'dev'."""
    for path in VERSION_FILES:
        try:
            with open(path, "rb") as f:
                text = f.read(200).decode().strip()
        except (OSError, ValueError):     # missing, or not text
            continue
        if path.endswith(".json"):      # flash tool: {"commit", "bundle", ...}
            try:
                d = json.loads(text)
                text = str(d.get("version") or "%s bundle %s" % (
                    str(d.get("commit"))[:12], str(d.get("bundle"))[:12]))
            except (ValueError, AttributeError):
                pass
        return text[:60]
    return "dev"


def check_settings(d):
    """Rule names must take their value (same checks as the engine);
    other settings must be bool, int or short str.  Raises ValueError."""
    from rummikub.rules import Rules
    rules = Rules()
    names = rules.as_dict()
    for k in d:
        if k in names:
            rules.set(k, d[k])
        elif not isinstance(d[k], (bool, int, str)):
            raise ValueError("setting %s takes bool, int or str, not %r" % (k, d[k]))


def save_players(path, payload):
    n = payload[0]
    names, pos = [], 1
    for _ in range(n):
        name, pos = P.get_str(payload, pos)
        names.append(name)
    save_json(path, names)


def save_settings(path, payload):
    d, _ = P.get_pairs(payload, 0)
    check_settings(d)
    cur = load_json(path, {})
    if not isinstance(cur, dict):
        cur = {}
    cur.update(d)
    save_json(path, cur)
