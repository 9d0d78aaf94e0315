"""A linked match on each console's flash (hal.storage.Storage: a cut
power never leaves a half-written save).

The host's save is the match's: the game (rummikub.savefile, or
gin.savefile for a Gin game: its first bytes tell) with the
host's record beside it (link.host.Host.state(): the table, the version,
each joined console's address, key and seats), how many of its rounds
the score log holds and, for a Gin game over, its date (the GTABLE's).  A joined console's save holds its pairing (so it
rejoins after its own power cut), the match as the host last sent it
(TABLE), the newest VIEW as it came (its rack among it), and how many
rounds it has logged.  A save that does not load is reported and the
console starts without it (SaveError).
"""
from common import SaveError

HOST = "linkhost"
GUEST = "linkguest"


def save_host(storage, host, logged):
    extra = {"link": host.state(), "logged": logged}
    if hasattr(host.game, "hands"):
        from gin import savefile
        at = getattr(host.game, "ended_at", None)
        if at is not None:      # the game's date, which both consoles log
            extra["at"] = at
        storage.save(HOST, savefile.dumps(host.game, extra))
        return
    from rummikub import savefile
    storage.save(HOST, savefile.dumps(host.game, extra, True))


def load_host(storage):
    """(game, host state, rounds logged), or None when there is no save."""
    data = storage.load(HOST)
    if data is None:
        return None
    if data[:4] == b"PGIN":
        from gin import savefile
        from link import gin_messages as talk
    else:
        from rummikub import savefile
        from link import messages as talk
    game, extra = savefile.loads(data)
    try:
        st = extra["link"]
        ok = (isinstance(st["version"], int) and isinstance(st["table"], int)
              and len(st["kinds"]) == len(game.names) and len(st["left"]) == talk.rows(game))
        for mac, key, seats in st["consoles"]:
            ok = ok and len(bytes.fromhex(mac)) == 6 and len(bytes.fromhex(key)) == 32
            ok = ok and all([0 <= s < len(game.names) for s in seats])
        logged = extra["logged"]
        at = extra.get("at")
        if at is not None:
            ok = ok and isinstance(at, int) and at > 0
            game.ended_at = at
    except (KeyError, TypeError, ValueError):
        ok = False
    if not ok:
        raise SaveError("the linked match's save is damaged")
    return game, st, logged


def save_guest(storage, guest, logged):
    import json
    d = {"pair": guest.state(), "info": guest.info, "logged": logged,
         "view": guest.raw.hex() if guest.view is not None else None}
    storage.save(GUEST, json.dumps(d).encode())


def load_guest(storage, guest):
    """Restore guest from its save: the rounds it has logged, or None
    when there is no save."""
    data = storage.load(GUEST)
    if data is None:
        return None
    import json
    from link.frames import FrameError
    from link.guest import read_view
    try:
        d = json.loads(data.decode())
        guest.restore(d["pair"])
        guest.info = d["info"]
        if d["view"] is not None:
            guest.raw = bytes.fromhex(d["view"])
            guest.view = read_view(guest.raw)
        return d["logged"]
    except (KeyError, TypeError, ValueError, FrameError):
        raise SaveError("the link save is damaged")
