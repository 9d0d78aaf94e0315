"""The host console of a linked match on the glass, for the heap on the
32-bit model: the whole app (ui.app.App on the test hal, the real SSD1683
driver and its framebuffer) hosting a table from its lobby, over the
simulated radio (hal.simradio), its person playing through the play
screen, the joined consoles headless (host_tools.link.console_mp).

Started by the air as a console (tests/mp32.py), its options in
POCKET_CONSOLE as console_mp's: mac, name, dir, code, seats (host,
linked, ai:LEVEL), rounds, game (gin: a Gin Rummy game to `target`, its
person playing through Gin's screens).  Prints "link console ok: ..." at
the end.
"""
import gc
import os

import compat
from ui_hal import TestHal


class RadioHal(TestHal):
    """The test hal with the radio's clock (as hal.unixport on the air)."""

    def __init__(self, root, radio):
        self.radio = radio
        TestHal.__init__(self, root)
        self.id_folder = root + "/"         # its device id beside its flash

    def link(self):
        return self.radio

    def ticks_ms(self):
        return self.radio.ticks_ms()

    def sleep_ms(self, ms):
        self.radio.sleep_ms(ms)


def gin_act(scr, hb):
    """A plain Gin player at the glass: pass the up-card, draw from the
    stock, knock when the screen offers it, else discard the card it
    lifts; A on a hand's end.  True for an action of the person's."""
    name = scr.name if scr is not None else ""
    if name == "gin_hand" or name == "gin_pass":
        scr.key(hb.A, False)
    elif name == "gin_play":
        ph = scr.g.phase
        scr.key(hb.B if ph == 0 else hb.START if ph == 1 or scr.knocks else hb.A, False)
        return True
    return False


def main():
    from hal.simradio import SimRadio
    from hal import buttons as hb
    from console_mp import _opts     # the headless console's options, the same words
    o = _opts()
    radio = SimRadio(bytes.fromhex(o["mac"]), int(os.getenv("POCKET_AIR")))
    compat.ticks_ms = radio.ticks_ms          # before any AI module binds it
    from ui.app import App
    app = App(RadioHal(o["dir"], radio))
    app.settings["names"][0] = o.get("name", "Ann")
    app.settings["idle_min"] = 0
    app.sleeper.idle_ms = 0
    app.boot()
    app.goto("table_lobby")
    lobby = app.screen
    lobby.host.new_code(o.get("code", "123456"))
    lobby.seats = [("human" if k == "host" else k[3:] if k.startswith("ai:") else k)
                   for k in o.get("seats", "host,linked").split(",")]
    lobby.rounds = int(o.get("rounds", "1"))
    gin = o.get("game") == "gin"
    if gin:
        lobby.gin = True
        lobby.target = int(o.get("target", "100"))
    lobby._apply()
    while lobby.host.free():
        app.step()
        app.idle(200)
    lobby = None
    app.screen._start()
    turns = 0
    while True:
        app.step()
        app.idle(50)
        scr = app.screen if app.stack else None
        name = scr.name if scr is not None else ""
        if gin:
            if name == "gin_over":
                break
            if gin_act(scr, hb):
                turns += 1
            continue
        if name == "play":
            from ai.players import Player
            g = app.match.game
            turn = (g.round_no, g.turn_no)
            after = Player("greedy", seed=turns + 1).decide(g)
            if after is not None:
                scr.ed.load_table(after, "")
                scr.key(hb.START, False)
            if (g.round_no, g.turn_no) == turn and g.phase == 0:
                scr.key(hb.START, False)          # nothing played, or refused: draw
                scr.key(hb.START, False)
            turns += 1
        elif name == "privacy":
            scr.key(hb.A, False)
        elif name == "result":
            g = app.match.game
            if g.phase == 2:                      # MATCH_OVER
                break
            scr.key(hb.A, False)
    m = app.match
    t0 = radio.ticks_ms()
    while radio.ticks_ms() - t0 < 8000:           # the others hear the end
        m.listen(app, 200)
    gc.collect()
    print("link console ok: glass host, %s over, %d of its person's %s, version %d, "
          "heap in use %d" % ("Gin game" if gin else "match", turns,
                              "actions" if gin else "turns", m.version(), gc.mem_alloc()))
    radio.close()


if __name__ == "__main__":
    main()
