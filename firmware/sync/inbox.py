"""What the host pushes and what HELLO tells it, away from the request loop
(sync.endpoint loads this only for PLAYERS, SETTINGS and the version):

    save_players(path, payload)    PLAYERS: the names, as a JSON list
    save_settings(path, payload)   SETTINGS: merged into a JSON object
    firmware_version()             what the flash tool wrote, else 'dev'

Names and settings are checked by sync.limits (the host checks the same
before it pushes); both calls return what was refused, one text per name
or setting, for the reply: the host says it instead of "pushed".

The files lie beside the score log; the app applies them (ui.settings_file).
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


def save_players(path, payload):
    """Saved only if every name passes: a refused one would shift the
    seats of the names after it."""
    from sync.limits import name_error
    n = payload[0]
    names, pos, refused = [], 1, []
    for _ in range(n):
        name, pos = P.get_str(payload, pos)
        names.append(name)
        why = name_error(name)
        if why:
            refused.append(why)
    if not refused:
        save_json(path, names)
    return refused


def save_settings(path, payload):
    """The settings that pass are saved, the others refused."""
    from sync.limits import setting_error
    d, _ = P.get_pairs(payload, 0)
    cur = load_json(path, {})
    if not isinstance(cur, dict):
        cur = {}
    refused = []
    for k in d:
        why = setting_error(k, d[k])
        if why:
            refused.append(why)
        else:
            cur[k] = d[k]
    if len(refused) < len(d):
        save_json(path, cur)
    return refused
