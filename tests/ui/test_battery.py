"""The battery in the app (ui.power) on the emulator backend, its cell
voltage set through the hal's real interface (EmulatorHal.battery):
the mark, one warning when low, the safe stop when empty, USB; and the
other safe stop, main.py's last resort for an error no screen caught."""
import os
import sys

from hal.buttons import bit, B
from hal.base import SleepWake
from ui.power import EMPTY_TEXT, LOW_TEXT
from ui.power import _CHECK_MS as CHECK_MS, _EMPTY_MV as EMPTY_MV, _EMPTY_READS as EMPTY_READS
from ui.power import _MARK_W as MARK_W, _WARN_MV as WARN_MV

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_keys import rigged  # noqa: E402

NO_IDLE = {"idle_min": 0}          # only the battery puts the console to sleep here


def _mark(fb):
    """The mark's corner of the frame, one bit per pixel."""
    return [[fb.pixel(x, y) for x in range(fb.width - MARK_W, fb.width)] for y in range(11)]


def _glass_band(hal, y, h):
    img = hal.image().convert("1")
    return bytes(img.crop((0, y, img.width, y + h)).tobytes())


def _drawn_band(text, y, h):
    """The same line drawn by ui.gfx on a blank frame (what the glass must hold)."""
    from hal.epd_ssd1683 import SSD1683
    from ui.gfx import WHITE, centre_text
    from PIL import Image
    buf = bytearray(400 * 300 // 8)
    fb = SSD1683(None, buf)         # the screen's text(): its own font
    fb.fill(WHITE)
    centre_text(fb, text, y)
    return bytes(Image.frombytes("1", (400, 300), bytes(buf)).crop((0, y, 400, y + h)).tobytes())


def test_the_mark_follows_the_charge_and_leaves_the_status_bar_room(tmp_path):
    d = rigged(str(tmp_path), settings=NO_IDLE)
    hal, app = d.r.hal, d.app
    full = _mark(app.fb)
    assert any(0 in row for row in full) and any(1 in row for row in full)
    # the status bar's pool count ends left of the mark
    assert all(app.fb.pixel(x, 5) == 0 for x in range(app.fb.width - MARK_W - 2, app.fb.width - MARK_W))
    hal.battery = 3650
    d.r.run(CHECK_MS + 100)
    low = _mark(app.fb)
    assert sum(r.count(1) for r in low) < sum(r.count(1) for r in full)
    # no battery pin: no mark, the bar as before
    hal.battery = None
    d.r.run(CHECK_MS + 100)
    assert app.battery.room() == 0


def test_one_warning_when_the_cell_runs_low(tmp_path):
    d = rigged(str(tmp_path), settings=NO_IDLE)
    hal, app = d.r.hal, d.app
    hal.battery = WARN_MV + 50
    d.r.run(CHECK_MS + 100)
    assert app.error == ""
    hal.battery = WARN_MV - 20
    d.r.run(CHECK_MS + 100)
    assert app.error == LOW_TEXT
    assert _glass_band(hal, 276, 8) != _glass_band(hal, 0, 8) and "play" == app.screen.name
    d.key("right")                   # the next press takes the line away ...
    assert app.error == ""
    d.r.run(3 * CHECK_MS)            # ... and it does not come back while low
    assert app.error == "" and not d.r.asleep


def test_an_empty_cell_saves_says_so_on_the_glass_and_sleeps(tmp_path):
    d = rigged(str(tmp_path), settings=NO_IDLE)
    hal, app = d.r.hal, d.app
    hal.storage.delete("game")
    d.key("right")
    hal.battery = EMPTY_MV - 100
    d.r.run(CHECK_MS * (EMPTY_READS - 1) + 100)
    assert not d.r.asleep            # a dip or two is not the end
    d.r.run(CHECK_MS)
    assert d.r.asleep and d.r.sleeps == 1
    assert hal.storage.load("game") is not None     # the match was saved first
    assert _glass_band(hal, 170, 8) == _drawn_band(EMPTY_TEXT, 170, 8)


def test_a_refresh_dip_does_not_stop_the_game(tmp_path):
    d = rigged(str(tmp_path), settings=NO_IDLE)
    hal = d.r.hal
    for _ in range(3):
        hal.battery = EMPTY_MV - 100
        d.r.run(CHECK_MS * (EMPTY_READS - 1))
        hal.battery = 3800
        d.r.run(CHECK_MS)
    assert not d.r.asleep


def test_woken_on_an_empty_cell_it_sleeps_again_at_once(tmp_path):
    d = rigged(str(tmp_path), settings=NO_IDLE)
    hal = d.r.hal
    hal.battery = EMPTY_MV - 100
    d.r.run(CHECK_MS * EMPTY_READS + 100)
    assert d.r.asleep
    d.key("b")                        # a press boots the board: still empty
    assert d.r.asleep and d.r.sleeps == 2
    assert _glass_band(d.r.hal, 170, 8) == _drawn_band(EMPTY_TEXT, 170, 8)
    d.r.hal.battery = 4100            # charged: the next press resumes the game
    d.key("b")
    assert not d.r.asleep and d.app.screen.name == "play"


def test_on_usb_nothing_warns_or_stops(tmp_path):
    d = rigged(str(tmp_path), settings=NO_IDLE)
    hal, app = d.r.hal, d.app
    hal.battery = 5000                # the pin sees the USB supply (hal.battery)
    d.r.run(CHECK_MS * (EMPTY_READS + 1))
    usb = _mark(app.fb)
    assert app.error == "" and not d.r.asleep
    hal.battery = 3200                # charging flagged by the hal: a low cell charging
    hal.is_charging = True
    d.r.run(CHECK_MS * (EMPTY_READS + 1))
    assert app.error == "" and not d.r.asleep
    assert _mark(app.fb) == usb


def test_an_error_no_screen_caught_ends_with_one_line_and_the_last_save(tmp_path):
    """main.py's last word (App.crashed): one line on the glass, power
    down, nothing saved over the last good save; a button resumes it."""
    from host_tools.emulator.backend import DeepSleep
    d = rigged(str(tmp_path), settings=NO_IDLE)
    hal, app = d.r.hal, d.app
    saved = hal.storage.load("game")
    assert saved is not None
    d.key("right")
    try:
        raise KeyError("boom")
    except KeyError as e:
        try:
            app.crashed(e)
        except DeepSleep:
            pass
        else:
            raise AssertionError("crashed() did not power down")
    assert hal.storage.load("game") == saved          # nothing written over it
    line = "Sorry: KeyError. Any button: last save"
    assert _glass_band(hal, 170, 8) == _drawn_band(line, 170, 8)
