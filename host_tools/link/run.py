"""N headless consoles on one linked match (host_tools.link.console_mp,
each its own process) over the simulated radio (host_tools.link.air),
then what they did, read back from each console's flash, and checked.

    Table(folder, n, ...)   the consoles (console 0 hosts), their options
    Table.play()            -> Result: the air's counts, each console's
                            boots, exits, last line and shown tables
    check(result)           -> the problems found (empty: all held):
        every console ended its match ("link console ok");
        for every version the host made, each joined console showed the
        host's table and its own rack as the host had them (a version
        made while the console was down or cut off may be missing);
        every console's score log holds each round and the match once,
        the same records as the host's
    reach(result)           -> how long the host's changes took to reach
                            the joined consoles (virtual ms)
    received(folder, name, pkey) -> the messages a console received, read
                            from a capture (Table(capture=True))
"""
import json
import os
import shutil
import sys
from dataclasses import dataclass

from host_tools import FIRMWARE
from host_tools.link import air as A

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "console_mp.py")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


def mac(i):
    return bytes((0x02, 0x00, 0x00, 0x00, 0x00, i + 1))


def runtime(kind):
    """(argv, env) starting a console: "micropython" (the unix port of
    this Python's environment), "python" (CPython), or a path to a
    micropython binary; frozen=True: one with the driver frozen in."""
    if kind == "python":
        return [sys.executable, DRIVER], {"PYTHONPATH": FIRMWARE}
    exe = os.path.abspath(kind) if os.sep in kind else kind
    if kind == "micropython":
        exe = os.path.join(os.path.dirname(sys.executable), "micropython")
        if not os.path.exists(exe):
            exe = shutil.which("micropython") or "micropython"
    return [exe, DRIVER], {"MICROPYPATH": FIRMWARE}


@dataclass(eq=False)
class Result:
    ok: bool
    problem: object                 # None, or what went wrong
    stats: dict
    junk: int
    consoles: list                  # [{name, dir, boots, exits, out, shown}]
    virtual_ms: int


class Table:
    def __init__(self, folder, n=3, seed=1, rounds=1, level="medium", faults=None,
                 kills=(), fuzz_per_s=0.0, run="micropython", host_run=None, ai=(),
                 think="2000-8000", draw_ms=1200, capture=False, real_limit_s=600,
                 duty=True, cpuk=None, radio="sim", path=(), game="rummikub", target=100):
        self.folder = os.path.abspath(folder)
        self.n = n
        self.seed = seed
        self.rounds = rounds
        self.level = level
        self.faults = faults or A.Faults()
        self.kills = list(kills)
        self.fuzz_per_s = fuzz_per_s
        self.runtime = run
        self.host_run = host_run         # (argv, env) for the host, if not `run`'s
        self.ai = list(ai)               # AI levels of extra seats on the host
        self.think = think
        self.draw_ms = draw_ms
        self.capture = os.path.join(self.folder, "air.jsonl") if capture else None
        self.real_limit_s = real_limit_s
        self.duty = duty
        self.cpuk = cpuk                 # CPU time x K on the air's clock (console_mp)
        self.radio = radio               # console_mp's radio: sim, or espnow (on `path`)
        self.path = list(path)           # folders put before the firmware on MICROPYPATH
        self.game = game                 # rummikub, or gin (two consoles, a game to target)
        self.target = target

    def names(self):
        return [NAMES[i] for i in range(self.n)]

    def _options(self, i):
        o = {"role": "host" if i == 0 else "guest", "name": NAMES[i], "mac": mac(i).hex(),
             "dir": os.path.join(self.folder, NAMES[i].lower()), "seed": self.seed,
             "level": self.level, "code": "%06d" % (self.seed * 7919 % 1000000),
             "think": self.think, "draw": self.draw_ms, "duty": 1 if self.duty else 0}
        if self.cpuk:
            o["cpuk"] = "%g" % self.cpuk
        if self.radio != "sim":
            o["radio"] = self.radio
        if i == 0:
            o["seats"] = ",".join(["host"] + ["linked"] * (self.n - 1)
                                  + ["ai:" + a for a in self.ai])
            o["rounds"] = self.rounds
            if self.game == "gin":
                o["game"] = "gin"
                o["target"] = self.target
        return o

    def play(self):
        os.makedirs(self.folder, exist_ok=True)
        air = A.Air(self.faults, self.seed, self.capture, self.fuzz_per_s,
                    real_limit_s=self.real_limit_s)
        for i in range(self.n):
            o = self._options(i)
            os.makedirs(o["dir"], exist_ok=True)
            argv, env = self.host_run if (i == 0 and self.host_run) else runtime(self.runtime)
            env = dict(env, POCKET_CONSOLE=" ".join("%s=%s" % kv for kv in o.items()))
            if self.path and "MICROPYPATH" in env:
                env["MICROPYPATH"] = ":".join(self.path + [env["MICROPYPATH"]])
            air.add(A.Console(NAMES[i], mac(i), argv, o["dir"], env,
                              os.path.join(self.folder, NAMES[i].lower() + ".out")))
        for k in self.kills:
            air.plan(k)
        ok = air.run()
        consoles = []
        for c in air.consoles:
            consoles.append({"name": c.name, "dir": c.cwd, "boots": c.boots, "exits": c.exits,
                             "out": _read(c.out), "shown": _shown(c.cwd),
                             "radio_on_ms": c.on_ms, "wakes": c.wakes, "alive_ms": c.alive_ms})
        return Result(ok, air.problem, air.stats, air.fuzz.sent, consoles, air.now)


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def _shown(folder):
    out = []
    for line in _read(os.path.join(folder, "shown.jsonl")).splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            out.append({"torn": line})     # a line cut by a power cut
    return out


def score_log(folder):
    """(kind, payload dict) of every round and match record in a console's log."""
    from sync import protocol as P
    from sync import records as R
    from sync.scorelog import LOG_PATH, ScoreLog
    out = []
    for kind, seq, payload in ScoreLog(os.path.join(folder, LOG_PATH)).records():
        if kind == P.ROUND or kind == P.ROUND2:
            out.append(("round", R.decode(kind, payload)))
        elif kind == P.MATCH or kind == P.MATCH2:
            out.append(("match", R.decode(kind, payload)))
    return out


def _down(c):
    """A joined console's windows without a session: from each power cut
    to the first table it showed after it (virtual ms)."""
    spans = []
    views = [s["t"] for s in c["shown"] if "table" in s]
    for t, code, planned in c["exits"]:
        back = [v for v in views if v > t]
        spans.append((t, back[0] if back else float("inf")))
    return spans


def reach(result):
    """(count, median, 95th percentile, most) of the virtual ms from the
    host's saving a version to a joined console's showing it, over every
    version each joined console showed (a console back from a power cut
    or a partition shows the newest version only: its wait counts too);
    None when no console showed any."""
    made = {}
    for s in result.consoles[0]["shown"]:
        if "table" in s:
            made.setdefault(s["v"], s["t"])
    waits = []
    for c in result.consoles[1:]:
        seen = set()
        for s in c["shown"]:
            if "table" in s and s["v"] in made and s["v"] not in seen:
                seen.add(s["v"])
                waits.append(s["t"] - made[s["v"]])
    if not waits:
        return None
    waits.sort()
    n = len(waits)
    return n, waits[n // 2], waits[min(n - 1, (n * 95 + 99) // 100 - 1)], waits[-1]


def check(result, partitions=()):
    problems = []
    cs = result.consoles
    for c in cs:
        last = c["out"].split("--- boot")[-1]
        if "link console ok" not in last:
            tail = "\n    ".join(last.strip().splitlines()[-6:])
            problems.append("%s did not end its match:\n    %s" % (c["name"], tail))
    host = cs[0]
    made = {}
    for s in host["shown"]:
        if "table" in s:
            made[s["v"]] = s
    for c in cs[1:]:
        seen = {}
        wrong = []
        for s in c["shown"]:
            if "table" not in s:
                continue
            h = made.get(s["v"])
            if h is None:
                wrong.append("showed version %d, which the host never made" % s["v"])
                continue
            if s["table"] != h["table"]:
                wrong.append("its table at version %d is not the host's" % s["v"])
            racks = s["racks"]
            if len(racks) != 1 or any(r != h["racks"][int(p)] for p, r in racks.items()):
                wrong.append("its racks at version %d are %s; the host's: %s"
                             % (s["v"], racks, {p: h["racks"][int(p)] for p in racks}))
            seen[s["v"]] = True
        gaps = _down(c) + [(t0, t1) for t0, t1, names in partitions if c["name"] in names]
        for v in sorted(made):
            if v not in seen and not any(t0 <= made[v]["t"] <= t1 + 10000 for t0, t1 in gaps):
                wrong.append("it never showed version %d (made at %d ms)" % (v, made[v]["t"]))
        for w in wrong[:5]:
            problems.append("%s: %s" % (c["name"], w))
        if len(wrong) > 5:
            problems.append("%s: and %d more like these" % (c["name"], len(wrong) - 5))
    logs = [score_log(c["dir"]) for c in cs]
    for c, log in zip(cs, logs):
        rounds = [r for k, r in log if k == "round"]
        matches = [r for k, r in log if k == "match"]
        nums = sorted(r["round"] for r in rounds)
        if nums != list(range(1, len(nums) + 1)) or len(matches) != 1:
            problems.append("%s's score log: rounds %s and %d match records" % (c["name"], nums, len(matches)))
        if log != logs[0]:
            problems.append("%s's score log differs from the host's" % c["name"])
    return problems


def received(folder, name, pkey):
    """(every frame console `name` received, [the whole messages of each
    session, in order]) from the capture folder/air.jsonl, read in
    plaintext: DATA frames under the session keys its pair's key `pkey`
    (link.frames.Key) and the WELCOMEs it received give, joined as the
    channel joins them.  AssertionError for a DATA frame under no session."""
    import struct
    from link import frames as F
    with open(os.path.join(folder, "air.jsonl")) as f:
        got = [bytes.fromhex(a["frame"]) for a in map(json.loads, f) if a["to"] == name]
    keys, parts = [], []
    for frame in got:
        kind = F.head(frame)[0]
        if kind == F.WELCOME:
            body = F.verify(frame, pkey)
            k = F.session_key(pkey, bytes(body[:8]), bytes(body[8:16]))
            if k.secret not in [x.secret for x in keys]:
                keys.append(k)
                parts.append({})
        elif kind == F.DATA:
            for i, k in enumerate(keys):
                try:
                    body = F.verify(frame, k)
                except F.FrameError:
                    continue
                seq, ack, flags = struct.unpack_from(F.DATA_HEAD, body, 0)
                parts[i][seq] = (flags, bytes(body[9:]))
                break
            else:
                raise AssertionError("%s got a DATA frame under no session it had" % name)
    sessions = []
    for session in parts:
        seq, msg, msgs = 1, b"", []
        while seq in session:
            flags, part = session[seq]
            msg += part
            if not flags & F.MORE:
                msgs.append(msg)
                msg = b""
            seq += 1
        sessions.append(msgs)
    return got, sessions
