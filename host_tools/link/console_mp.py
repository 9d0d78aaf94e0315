"""A headless console of link play (MicroPython unix port or CPython): a
console's radio, flash and score log with a scripted person at it, no
glass.  `pocket emulate --link N --headless` starts N of these, each a
process, on the simulated radio (host_tools.link.air).

The options come in POCKET_CONSOLE ("key=value ..."), the air's port in
POCKET_AIR:
    role     host | guest
    name     the person's name; mac: the console's address (12 hex digits)
    dir      its flash (saves, score log scores.log, and shown.jsonl:
             each table it showed, the tests' eyes)
    seed     the deal (host) and this console's randomness (nonces)
    level    the scripted person's choice of move: an AI level
             (ai.players: easy, medium, greedy on a joined console, where
             the person sees what a person sees; any level on the host)
    code     the pairing code: the host shows it, a guest enters it
    seats    host: each seat's kind, "host", "linked" or "ai:LEVEL"
    game     host: rummikub (the default) or gin (Gin Rummy: two seats;
             the scripted person is the Gin AI at `level`, medium for a
             level Gin has not)
    rounds   host: rounds in the match (Rummikub)
    target   host: the points that end a Gin game (default 100)
    think    a person's think time, "lo-hi" ms of the virtual clock
    draw     ms the e-ink glass takes to show a change (the radio is not
             read meanwhile: with the duty cycle it is off, else frames
             pile up in the receive buffer)
    duty     1 (the default): the radio's duty cycle (link.peer); 0: the
             radio always on
    radio    sim (the default: hal.simradio), or espnow: the ESP32's
             backend (hal.espnowlink) over an `espnow` module on the
             path (a test's stand-in that rides the simulated air)
    cpuk     K: the console's CPU time x K passes on the air's clock
             (hal.simradio; needs cpuclock, the 32-bit model's)
A console cut off by a power cut is started again with the same options:
its save brings it back.  Each ends when the match is over and logged.
"""
import gc
import os

import compat


def _opts():
    o = {}
    for w in (os.getenv("POCKET_CONSOLE") or "").split():
        i = w.find("=")
        if i > 0:
            o[w[:i]] = w[i + 1:]
    return o


def gin_player(level, seat):
    """The Gin AI a scripted person plays with (its choices depend on what
    it sees only, so a turn is played the same however the radio behaved)."""
    from ai.gin.players import LEVELS, GinPlayer
    return GinPlayer(level if level in LEVELS else "medium", seed=seat + 1)


def choose(level, g, seat):
    """The scripted person's move on g (a Game, or a joined console's
    View with .rules): sets to leave, or None to draw.  Seeded by the
    turn, so a turn is played the same however the radio behaved."""
    from ai.players import Player
    return Player(level, seed=(g.round_no * 1009 + g.turn_no) * 8 + seat + 1).decide(g)


class Console:
    def __init__(self, o):
        from common.rng import Rng
        from hal.simradio import SimRadio
        from hal.storage import Storage
        self.o = o
        self.name = o.get("name", "P")
        self.dir = o["dir"]
        mac = bytes.fromhex(o["mac"])
        cpu = None
        self.cpu_ms = lambda: 0
        if o.get("cpuk"):
            from cpuclock import ms
            cpu = (ms, float(o["cpuk"]))
            self.cpu_ms = ms
        if o.get("radio") == "espnow":
            import espnow
            import network
            from hal.espnowlink import EspNowLink
            network.use(mac)
            self.radio = EspNowLink(clock=(lambda: espnow.AIR.ticks_ms(),
                                           lambda ms: espnow.AIR.sleep_ms(ms)))
        else:
            self.radio = SimRadio(mac, int(os.getenv("POCKET_AIR")), cpu=cpu)
        from link.peer import Side
        Side.duty = o.get("duty", "1") == "1"
        compat.ticks_ms = self.radio.ticks_ms     # before any AI module binds it
        self.boot = self._count_boot()
        self.rng = Rng(int(o.get("seed", "1")) * 7919 + self.boot * 104729 + mac[5])
        self.storage = Storage(self.dir, log=self.note)
        self.log_dir = self.dir + "/"
        self.logged = 0
        self.check = True           # the first log call after a boot looks first
        lo, hi = (o.get("think") or "2000-8000").split("-")
        self.think = (int(lo), int(hi))
        self.draw_ms = int(o.get("draw", "1200"))

    def _count_boot(self):
        path = self.dir + "/boots"
        try:
            with open(path) as f:
                n = int(f.read()) + 1
        except (OSError, ValueError):
            n = 1
        with open(path, "w") as f:
            f.write(str(n))
        return n

    def rand(self, n):
        return bytes([self.rng.next32() & 255 for _ in range(n)])

    def think_ms(self):
        lo, hi = self.think
        return lo + self.rng.randbelow(hi - lo + 1) if hi > lo else lo

    def note(self, text):
        print("%9d %s: %s" % (self.radio.ticks_ms(), self.name, text))

    def shown(self, record):
        """The tests' eyes: not the console's work, so its CPU time is
        kept off the clock (cpuk)."""
        import json
        t0 = self.cpu_ms()
        record["t"] = self.radio.ticks_ms()
        with open(self.dir + "/shown.jsonl", "a") as f:
            f.write(json.dumps(record) + "\n")
        if self.o.get("radio") != "espnow":
            self.radio.uncounted(self.cpu_ms() - t0)

    def log_rounds(self, match_id, names, rows, rules, over, game="rummikub"):
        from link import logbook
        before = self.logged
        self.logged = logbook.log(self.log_dir, match_id, names, rows, rules, over,
                                  self.logged, self.check, game)
        self.check = False
        if self.logged != before:
            self.note("score log: %d of %d records" % (self.logged, len(rows) + (1 if over else 0)))

    def end(self, what, side):
        gc.collect()
        self.note("link console ok: %s; refused %s; radio %s; heap in use %d"
                  % (what, side.refused, self.radio.stats(), gc.mem_alloc()))
        self.radio.close()


# -- the host -------------------------------------------------------------------
def _seats(o):
    from link import messages as M
    kinds, levels = [], []
    for w in o.get("seats", "host,linked").split(","):
        if w.startswith("ai:"):
            kinds.append(M.AI_SEAT)
            levels.append(w[3:])
        else:
            kinds.append(M.HOST_SEAT if w == "host" else M.LINKED)
            levels.append(o.get("level", "medium"))
    return kinds, levels


def gin_shown(v, g, hands):
    """What a Gin table shows, as shown.jsonl records it (the host's game
    or a joined console's GuestGin), hands: {seat: cards} of those shown."""
    return {"v": v, "round": g.hand_no, "turn": len(g.moves) // 2, "phase": g.phase,
            "cur": g.current, "table": [list(g.pile), [len(g.stock)], list(g.moves), g.scores],
            "racks": hands, "quiet": 0}


def host_changed(c, host):
    """Save, show, log: every change is on flash before any console hears of it."""
    from link import save
    g = host.game
    save.save_host(c.storage, host, c.logged)
    if hasattr(g, "hands"):
        rec = gin_shown(host.version, g, [list(h) for h in g.hands])
        rec["quiet"] = host.quiet
        c.shown(rec)
        rows = [{"scores": [h[1] if h[0] == p else 0 for p in (0, 1)], "left": host.left[i],
                 "winner": None if h[0] < 0 else h[0], "exhausted": h[0] < 0}
                for i, h in enumerate(g.history)]
        c.log_rounds(host.match_id, g.names, rows, g.rules.changed(), g.is_over(), "gin")
        return
    c.shown({"v": host.version, "round": g.round_no, "turn": g.turn_no, "phase": g.phase,
             "cur": g.current, "table": [list(s) for s in g.table],
             "racks": [list(r) for r in g.racks], "quiet": host.quiet})
    rows = [{"scores": g.round_rows[i], "left": host.left[i], "winner": g.round_winners[i],
             "exhausted": g.round_exhausted[i]} for i in range(len(g.round_rows))]
    c.log_rounds(host.match_id, g.names, rows, g.rules.changed(), len(rows) >= g.rounds)


def run_host(c):
    from common import SaveError
    from link import messages as M
    from link import save
    from link.host import Host
    from rummikub.game import MATCH_OVER
    o = c.o
    kinds, levels = _seats(o)
    try:
        got = save.load_host(c.storage)
    except SaveError as e:
        c.note("save not loaded: %s" % e)
        got = None
    if got is not None:
        game, st, c.logged = got
        host = Host(c.radio, st["table"], c.rand, c.name)
        host.restore(game, st)
        host.on_change = lambda h: host_changed(c, h)
        c.note("resumed from the save at version %d" % host.version)
    else:
        host = Host(c.radio, int.from_bytes(c.rand(4), "little"), c.rand, c.name)
        names = [c.name if k == M.HOST_SEAT else ("AI %s" % levels[i] if k == M.AI_SEAT else "")
                 for i, k in enumerate(kinds)]
        host.open(kinds, names, o.get("code", "123456"))
        c.note("table %08x open, code %s, %d seats to fill" % (host.table, host.code, len(host.free())))
        while host.free():
            host.wait(500)
        from link import logbook
        if o.get("game") == "gin":
            from gin.game import GinGame
            from gin.rules import GinRules
            game = GinGame(GinRules(target=int(o.get("target", "100"))), int(o.get("seed", "1")),
                           host.names)
        else:
            from rummikub.game import Game
            from rummikub.rules import Rules
            game = Game(Rules(), len(kinds), int(o.get("seed", "1")), int(o.get("rounds", "1")),
                        host.names)
        host.on_change = lambda h: host_changed(c, h)
        host.begin(game, logbook.new_match_id(c.log_dir, c.o["mac"]))
        c.note("match %s begins: %s" % (host.match_id, ", ".join(host.names)))
    gin = hasattr(host.game, "hands")
    players = [gin_player(levels[p], p) for p in (0, 1)] if gin else None
    quiet = 0
    while True:
        g = host.game
        now = c.radio.ticks_ms()
        if host.quiet != quiet:
            quiet = host.quiet
            c.shown({"quiet": quiet})        # the glass names the quiet consoles
        if not host.talk.playing(g):         # a round (a hand) is over
            if not host.settled(now):
                host.wait(200)
            elif g.is_over() if gin else g.phase == MATCH_OVER:
                break
            elif gin:
                g.next_hand()
                host.changed()
            else:
                host.next_round()
            continue
        s = host.its_turn(now)
        if s < 0:
            host.wait(200)
            continue
        if kinds[s] == M.HOST_SEAT:
            host.wait(c.think_ms())        # a person thinks; the radio runs on
            if host.its_turn() != s:
                continue
        if gin:                            # one action: every console shows each
            players[s].act(g)
            host.changed()
            continue
        after = choose(levels[s], g, s)
        if after is None or not host.play(after).valid:
            host.draw()
    host.wait(2000)
    c.end("match %s over, %s, version %d" % (
        host.match_id, "%d hands" % g.hand_no if gin else "%d turns" % g.turn_no, host.version),
        host)


# -- a joined console ------------------------------------------------------------------
def guest_news(c, gst):
    """A TABLE or VIEW came: show, save, log (the glass shows it first:
    its refresh takes its time after, run_guest, and the save is the
    rejoin's, which the host's next VIEW would bring anyway)."""
    from link import save
    v = gst.view
    info = gst.info
    if info is not None and info.get("game") == "gin":
        if v is not None and hasattr(v, "hands"):
            from link.gin_table import GuestGin
            c.shown(gin_shown(v.version, GuestGin(gst),
                              {str(p): list(v.hands[p]) for p in gst.seats if p in v.hands}))
        save.save_guest(c.storage, gst, c.logged)
        c.log_rounds(info["match"], info["names"], info["rows"], info["rules"], info["over"],
                     "gin")
        return
    from rummikub.rules import Rules
    if v is not None:
        v.rules = Rules().update(gst.info["rules"]) if gst.info else Rules()
        c.shown({"v": v.version, "round": v.round_no, "turn": v.turn_no, "phase": v.phase,
                 "cur": v.current, "table": [list(s) for s in v.table],
                 "racks": {str(p): list(r) for p, r in v.racks.items()}, "quiet": v.quiet})
    save.save_guest(c.storage, gst, c.logged)
    if info is not None:
        c.log_rounds(info["match"], info["names"], info["rows"], info["rules"],
                     len(info["rows"]) >= info["rounds"])


def run_guest(c):
    from common import SaveError
    from link import save
    from link.guest import Guest
    from rummikub.game import MATCH_OVER
    o = c.o
    gst = Guest(c.radio, c.rand, c.name)
    try:
        logged = save.load_guest(c.storage, gst)
    except SaveError as e:
        c.note("save not loaded: %s" % e)
        logged = None
    if logged is None:
        while not gst.tables:
            gst.wait(500)
        mac = sorted(gst.tables)[0]
        table, free, hname = gst.tables[mac]
        c.note("joins %s's table %08x (%d seats free)" % (hname, table, free))
        gst.join(mac, table, o.get("code", "123456"))
        while not gst.paired():
            gst.wait(500)
            if gst.refusal is not None:
                c.note("refused: %s" % gst.refusal)
                return
        save.save_guest(c.storage, gst, 0)
        c.note("paired, seat %s" % gst.seats)
    else:
        c.logged = logged
        v = gst.view
        held = None if v is None else v.hands if hasattr(v, "hands") else v.racks
        rack = list(held.get(gst.seats[0], b"")) if v is not None else None
        c.shown({"boot": c.boot, "rack": rack, "v": v.version if v is not None else 0})
        c.note("rejoins after a power cut (version %s)" % (v.version if v else "-"))
    gst.on_news = lambda g: guest_news(c, g)
    guest_news(c, gst)
    seen = gst.news
    quiet = gst.quiet
    level = o.get("level", "medium")
    while True:
        gst.wait(200)
        if gst.quiet != quiet:
            quiet = gst.quiet
            c.shown({"quiet": quiet})        # as the host reported them
        if gst.news != seen:
            seen = gst.news
            if gst.duty and not gst.always_on():
                c.radio.radio(False)      # the e-ink's own time: the radio can rest
            c.radio.sleep_ms(c.draw_ms)   # the glass refreshes; the radio is not read
        v, info = gst.view, gst.info
        gin = info is not None and info.get("game") == "gin"
        if v is not None and info is not None and c.logged > len(info["rows"]) and (
                info["over"] if gin else v.phase == MATCH_OVER and len(info["rows"]) >= info["rounds"]):
            break
        if gst.verdict is not None:
            c.note("move refused: %s" % gst.verdict[2])
            gst.verdict = None
            if not gin:
                gst.draw()
            continue
        s = gst.my_turn()
        if s < 0:
            continue
        gst.wait(c.think_ms())
        if gst.my_turn() != s or gst.news != seen:
            continue
        if gin:
            from link.gin_table import GuestGin
            c.shown({"confirm": gst.view.version})
            gin_player(level, s).act(GuestGin(gst))    # checked here, sent to the host
            continue
        after = choose(level, gst.view, s)
        c.shown({"confirm": gst.view.version})    # the person's move, confirmed
        if after is None:
            gst.draw()
        else:
            gst.play(after)
    gst.wait(3000)                        # the host hears our last acks
    c.end("match %s over, version %d" % (gst.info["match"], gst.view.version), gst)


def main():
    o = _opts()
    c = Console(o)
    if o.get("role") == "host":
        run_host(c)
    else:
        run_guest(c)


if __name__ == "__main__":
    main()
