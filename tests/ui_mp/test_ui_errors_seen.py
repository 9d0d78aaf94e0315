"""Every error a screen should show reaches the glass (issue 33, item 4;
both runtimes): the press that wakes the console from an idle sleep
neither clears the line a failed resume leaves nor acts (any button,
both games), and a save whose every copy is damaged is named (the title,
the Gin set-up, a wake), not passed over as if nothing were saved; the
title says a save stays on flash only of a save that did not load."""
import os

from hal.base import WAKE_BUTTON
from hal.buttons import COUNT
from synctmp import scratch
import ui_hal
from ui.app import App
from ui.seats import GIN_ON

_DAMAGED = "Saved game damaged: could not be read"


def boot(root, wake=None, ms=300):
    """The app booted (woken by the buttons in mask `wake`, held 60 ms,
    else powered on) and run for ms."""
    hal = ui_hal.TestHal(root)
    if wake:
        hal._wake = (WAKE_BUTTON, wake)
        hal.lines = wake
        hal.until = 60
    app = App(hal)
    app.boot()
    app.run_for(ms)
    return app


def clear(root):
    for name in os.listdir(root):
        os.remove(root + "/" + name)


def damage(root, name):
    """Both copies of save `name` (the newest and its backup) damaged."""
    for path in (root + "/" + name, root + "/" + name + ".bak"):
        with open(path, "rb") as f:
            b = bytearray(f.read())
        b[-1] ^= 0x20
        with open(path, "wb") as f:
            f.write(b)


def test_the_wake_press_leaves_a_failed_resume_on_the_glass():
    root = scratch("wake-err")
    ui_hal.mkdir(root)
    try:
        for game, key, line in (("rummikub", "game", "Saved game not loaded"),
                                ("gin", "gin", "Gin save not loaded")):
            for b in range(COUNT):
                clear(root)
                st = ui_hal.TestHal(root).storage
                st.save(key, b"not a save")
                if game == "gin":
                    st.save(GIN_ON, b"1")
                app = boot(root, 1 << b)
                assert app.screen.name == "title", (game, b, app.screen.name)
                assert app.error.startswith(line), (game, b, app.error)
                assert app.screen.cur == 0 and len(app.stack) == 1, (game, b)
                st = app = None
    finally:
        clear(root)
        os.rmdir(root)


def test_a_save_whose_copies_are_all_damaged_is_named():
    root = scratch("damaged")
    ui_hal.mkdir(root)
    try:
        for wake in (0, 1 << 4):
            clear(root)
            st = ui_hal.TestHal(root).storage
            st.save("game", b"first")
            st.save("game", b"second")          # and its backup
            damage(root, "game")
            st = None
            app = boot(root, wake)
            assert app.screen.name == "title" and app.error == _DAMAGED, (wake, app.error)
            assert "resume" not in [i[1] for i in app.screen.items]
            app = None
        clear(root)                              # nothing saved: nothing said
        assert boot(root).error == ""
        st = ui_hal.TestHal(root).storage
        st.save("gin", b"first")
        st.save("gin", b"second")
        damage(root, "gin")
        app = boot(root)
        assert app.error == ""                   # the title: no Rummikub save
        app.goto("gin_setup")
        assert app.screen.error.startswith("Gin save damaged: could not be read")
        assert "resume" not in [i[2] for i in app.screen.items()]
        st.save(GIN_ON, b"1")                    # asleep in that gin game
        app = boot(root, 1 << 4)
        assert app.error == "Gin save not loaded: damaged: could not be read", app.error
    finally:
        clear(root)
        os.rmdir(root)


def test_the_title_says_a_save_stays_on_flash_only_of_a_save():
    """Before: the title added "(it stays on flash; ...)" to every error it
    showed, a low battery or damaged settings too."""
    from ui.power import LOW_TEXT
    root = scratch("kept")
    ui_hal.mkdir(root)
    try:
        app = boot(root)
        said = []
        fb = app.fb
        fb.text = lambda s, x, y, c=1: said.append(s)
        for error, kept in ((LOW_TEXT, False), ("Settings damaged (crc); defaults used", False),
                            (_DAMAGED, True), ("Gin save not loaded: no gin game saved", True)):
            del said[:]
            app.error = error
            app.screen.draw(fb)
            shown = " ".join(said)
            assert error in shown, (error, shown)
            assert ("stays on flash" in shown) == kept, (error, shown)
    finally:
        clear(root)
        os.rmdir(root)
