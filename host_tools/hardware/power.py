"""The power model and hardware/power.md: standby days and games per charge.

inputs(pins, measured) -> {name: Input}: every figure with its unit, its
label (datasheet / measured / estimate) and its source; a figure recorded
in hardware/measured.json replaces the assumed one and is labelled
"measured (this build)".  budget(inputs) -> dict of derived numbers (the
contract: currents in mA, times in s, charge in mAh; games = usable charge /
charge per game).  power_md(pins, measured) -> the text of power.md.

The model of a game: the CPU is awake at `awake_ma` while it computes (AI
moves, redrawing frames, sending them over SPI) and for `poll_wake_ms` at
each button poll; every other moment it waits in light sleep, also while
the panel refreshes (the panel then draws `panel_refresh_ma` for the
refresh's duration).
"""
import json
import os

from host_tools import ROOT

MEASURED_JSON = os.path.join(ROOT, "hardware", "measured.json")
POWER_MD = os.path.join(ROOT, "hardware", "power.md")

DATASHEET = "datasheet"
MEASURED = "measured"
ESTIMATE = "estimate"

FRAME_BYTES = 15000         # 400 x 300 / 8: one RAM image of the panel


class Input:
    def __init__(self, value, unit, label, source):
        if label not in (DATASHEET, MEASURED, ESTIMATE):
            raise ValueError("label must be datasheet, measured or estimate: %r" % label)
        self.value = value
        self.unit = unit
        self.label = label
        self.source = source


def inputs(pins, measured=None):
    """The model's inputs for this pin map (board profile, SPI clock)."""
    prof = pins["esp32"]["profile"]
    lo, hi = prof["deep_sleep_ua"]
    spi_hz = pins["esp32"]["spi"]["baudrate"]
    d = {
        "board_deep_sleep": Input(hi / 1000.0, "mA", MEASURED,
                                  "%s, whole board on battery (upper end of %d-%d uA): %s"
                                  % (prof["part"], lo, hi, prof["deep_sleep_source"])),
        "panel_sleep": Input(0.00001, "mA", DATASHEET,
                             "Waveshare e-Paper module parameters: standby current < 0.01 uA"),
        "button_idle": Input(0.0, "mA", ESTIMATE,
                             "open switch: no current through the 100k pull-downs"),
        "awake_ma": Input(44.0, "mA", DATASHEET,
                          "ESP32 datasheet v3.5 table 6: CPU on, radio off, 160 MHz dual core 27-44 mA (upper end)"),
        "light_sleep_ma": Input(1.0, "mA", ESTIMATE,
                                "ESP32 datasheet v3.5 table 6: light sleep 0.8 mA, plus flash standby and board (~0.2 mA)"),
        "poll_ms": Input(20, "ms", DATASHEET, "hal.base.Hal.poll_ms: the app polls the buttons every 20 ms"),
        "poll_wake_ms": Input(2.0, "ms", ESTIMATE,
                              "awake per poll: light-sleep exit/entry, sampling 7 pins, one app step"),
        "panel_refresh_ma": Input(8.0, "mA", DATASHEET,
                                  "Waveshare e-Paper module parameters: refresh power 26.4 mW typ. (8 mA at 3.3 V)"),
        "t_full": Input(4.0, "s", ESTIMATE, "full refresh (flashing waveform); selftest prints the real busy_ms"),
        "t_fast": Input(1.5, "s", ESTIMATE, "fast refresh (LUT load + update)"),
        "t_partial": Input(0.4, "s", ESTIMATE, "partial refresh (differential waveform)"),
        "spi_hz": Input(spi_hz, "Hz", DATASHEET,
                        "pins.json spi.baudrate (SSD1683 write clock max 20 MHz; hand-wired at half)"),
        "render_ms": Input(100.0, "ms", ESTIMATE, "redrawing one whole frame in MicroPython (CRC per row included)"),
        "ai_s": Input(60.0, "s", ESTIMATE, "AI thinking per game: ~60 AI turns at ~1 s on the ESP32"),
        "battery_mah": Input(1200.0, "mAh", DATASHEET, "LiPo 603450, 1200 mAh (cell label)"),
        "usable": Input(0.85, "", ESTIMATE, "usable fraction of the cell (cut-off, ageing)"),
        "game_minutes": Input(25.0, "min", ESTIMATE, "a 4-player game against 3 AIs"),
        "game_partial": Input(600, "", ESTIMATE, "partial refreshes per game (cursor, pick/place)"),
        "game_fast": Input(120, "", ESTIMATE, "fast refreshes per game (turn changes, AI moves)"),
        "game_full": Input(2, "", ESTIMATE, "full refreshes per game (start, end)"),
    }
    for k, v in (measured or {}).items():
        if k.startswith("_") or v is None:
            continue
        if k not in d:
            raise ValueError("measured.json: %s is not a model input" % k)
        d[k] = Input(float(v), d[k].unit, MEASURED, "measured on this build (hardware/measured.json)")
    return d


def load_measured(path=MEASURED_JSON):
    try:
        with open(path) as f:
            return json.load(f)
    except OSError:
        return {}


def budget(inp, light_sleep=True):
    """Derived numbers; light_sleep=False models the CPU awake all game."""
    v = {k: i.value for k, i in inp.items()}
    sleep_ma = v["board_deep_sleep"] + v["panel_sleep"] + v["button_idle"]
    usable = v["battery_mah"] * v["usable"]
    game_s = v["game_minutes"] * 60.0
    frames = v["game_partial"] + v["game_fast"] + v["game_full"]
    whole = v["game_fast"] + v["game_full"]
    # whole-screen refreshes send both RAMs; partials only their window (small)
    spi_s = whole * 2 * FRAME_BYTES * 8 / v["spi_hz"]
    compute_s = v["ai_s"] + frames * v["render_ms"] / 1000.0 + spi_s
    refresh_s = sum(v["t_" + k] * v["game_" + k] for k in ("full", "fast", "partial"))
    if light_sleep:
        polls = (game_s - compute_s) * 1000.0 / v["poll_ms"]
        poll_s = polls * v["poll_wake_ms"] / 1000.0
        sleep_s = game_s - compute_s - poll_s
    else:
        poll_s = 0.0
        sleep_s = 0.0
        compute_s = game_s
    cpu_mah = (compute_s + poll_s) * v["awake_ma"] / 3600.0
    nap_mah = sleep_s * v["light_sleep_ma"] / 3600.0
    panel_mah = refresh_s * v["panel_refresh_ma"] / 3600.0
    game_mah = cpu_mah + nap_mah + panel_mah
    return {"sleep_ua": sleep_ma * 1000.0, "standby_days": usable / sleep_ma / 24.0,
            "game_mah": game_mah, "games": usable / game_mah,
            "compute_s": compute_s, "poll_s": poll_s, "sleep_s": sleep_s, "refresh_s": refresh_s,
            "spi_s": spi_s, "cpu_mah": cpu_mah, "nap_mah": nap_mah, "panel_mah": panel_mah,
            "usable_mah": usable,
            "refresh_uah": {k: v["t_" + k] * (v["panel_refresh_ma"] + v["light_sleep_ma"]) / 3.6
                            for k in ("full", "fast", "partial")}}


def _with(inp, **values):
    out = dict(inp)
    for k, val in values.items():
        i = inp[k]
        out[k] = Input(val, i.unit, i.label, i.source)
    return out


def power_md(pins, measured=None):
    inp = inputs(pins, measured)
    b = budget(inp)
    awake = budget(inp, light_sleep=False)
    slow = budget(_with(inp, poll_wake_ms=inp["poll_wake_ms"].value * 2))
    prof = pins["esp32"]["profile"]
    v = {k: i.value for k, i in inp.items()}
    L = [
        "# Power budget",
        "",
        "Generated by `python -m host_tools hardware` from the model in",
        "`host_tools/hardware/power.py` and the board profile in `pins.json`;",
        "figures measured on a real build go into `hardware/measured.json` (see",
        "below) and replace the assumed ones.  Every input is labelled",
        "**datasheet**, **measured** or **estimate**.  Nothing here has been",
        "measured on this project's own hardware yet.",
        "",
        "## Results (model)",
        "",
        "| quantity | value |",
        "|---|---|",
        "| standby current, whole device in deep sleep | %.1f uA |" % b["sleep_ua"],
        "| standby on one charge (sleep current only) | %d days |" % int(b["standby_days"]),
        "| one game (%d min) | %.2f mAh |" % (v["game_minutes"], b["game_mah"]),
        "| - CPU awake (AI, drawing, SPI: %d s; button polls: %d s) | %.2f mAh |" % (
            round(b["compute_s"]), round(b["poll_s"]), b["cpu_mah"]),
        "| - CPU in light sleep (%d s) | %.2f mAh |" % (round(b["sleep_s"]), b["nap_mah"]),
        "| - panel refreshing (%d s) | %.2f mAh |" % (round(b["refresh_s"]), b["panel_mah"]),
        "| **games per charge** (%.0f mAh usable) | **about %d** |" % (b["usable_mah"], int(b["games"])),
        "| games per charge if each poll wake costs twice as long | about %d |" % int(slow["games"]),
        "| games per charge with the CPU awake all game (no light sleep) | about %d |" % int(awake["games"]),
        "| energy per full / fast / partial refresh (panel + sleeping CPU) | %.1f / %.1f / %.1f uAh |" % (
            b["refresh_uah"]["full"], b["refresh_uah"]["fast"], b["refresh_uah"]["partial"]),
        "",
        "Standby: %d days is what the sleep current alone allows; a LiPo loses a" % int(b["standby_days"]),
        "few percent a month by itself (estimate), so in practice the cell, not",
        "the device, sets the limit: charge it about once a year when unused.",
        "The design target (a year of standby, at least 200 games a charge) holds",
        "in the model; the largest uncertain term is the time awake per button",
        "poll (the light-sleep row above shows what doubling it costs).",
        "",
        "Light sleep: between button polls and while the panel refreshes, the",
        "ESP32 waits in `machine.lightsleep()` with the seven buttons as ext1 wake",
        "sources (`hal/esp32.py`), so a press ends the wait at once and the UI",
        "reacts within one poll period (%d ms), as when awake.  While a button is" % v["poll_ms"],
        "held (repeat, long press) the CPU stays awake.  SPI runs at %d MHz: a" % (v["spi_hz"] // 1000000),
        "whole-screen refresh sends two 15,000-byte images, %.0f ms of clocking." % (
            2 * FRAME_BYTES * 8 / v["spi_hz"] * 1000),
        "",
        "## Inputs",
        "",
        "| input | value | unit | label | source |",
        "|---|---|---|---|---|",
    ]
    for k, i in inp.items():
        L.append("| %s | %s | %s | %s | %s |" % (k, i.value, i.unit, i.label, i.source))
    L += [
        "",
        "## What the sleep figure assumes (%s)" % prof["part"],
        "",
        "- The board's own USB-UART bridge and regulator are built for deep",
        "  sleep: the %d-%d uA are the maker's measurement of the whole board on" % tuple(prof["deep_sleep_ua"]),
        "  battery, with its battery divider.  A plain ESP32-DevKitC keeps its",
        "  USB-UART bridge and AMS1117 powered from 3V3: published measurements",
        "  of such boards in deep sleep are 3.8-11 mA, which would empty the cell",
        "  in about 11 days.  That is why the reference build no longer uses one.",
        "- The slide switch sits in the cell's lead, before the board: off means",
        "  nothing drains, the battery divider included.",
        "- The panel is put to deep sleep (command 0x10) before the ESP32 sleeps;",
        "  its RST, CS and DC lines are held (`Pin(..., hold=True)` and",
        "  `esp32.gpio_deep_sleep_hold(True)`), so RST cannot glitch it awake.",
        "- Buttons idle open: the 100k pull-downs carry no current.",
        "",
        "## Charging while playing",
        "",
        "A linear LiPo charger ends a charge when its current falls below a",
        "threshold (C/10 of the set current on the TP4054/TP4056 family:",
        "datasheet); a load on the cell during the charge adds to what the",
        "charger sees.  With the CPU awake all game (the old firmware, %.0f mA)" % v["awake_ma"],
        "that load can keep it above the threshold and the charge never ends.",
        "With light sleep the average load in play is %.1f mA (model: one game's" % (
            b["game_mah"] / (v["game_minutes"] / 60.0)),
        "charge over its length), well below a 50 mA threshold (500 mA charge):",
        "the charge still terminates.  A board whose charger has a power path",
        "(load fed from USB while charging) avoids the question; the uPesy",
        "documentation found for this board says \"built-in charger\" and does",
        "not describe one (estimate, to check on the board's schematic).",
        "",
        "## How to measure (and where to write it down)",
        "",
        "A multimeter in series with the battery: switch the device off, clip",
        "the meter's leads across the slide switch's two terminals (the meter now",
        "carries the whole current), use the A/mA socket first.",
        "",
        "1. **Sleep current**: let the device go to sleep (hold START in the",
        "   selftest, or wait for the idle timeout), then move the meter to its",
        "   uA range (a 200 uA range: 1 mV per uA burden is fine here).  Expect",
        "   %d-%d uA.  A reading in mA means something stays powered: a panel" % tuple(prof["deep_sleep_ua"]),
        "   that did not sleep, an LED, or a board that is not the low-power one.",
        "   Record it as `board_deep_sleep` (in mA) in `hardware/measured.json`.",
        "2. **Refresh current**: mA range; the selftest's full refresh lasts",
        "   seconds, long enough to read.  The reading is panel + sleeping CPU;",
        "   subtract the light-sleep reading (3) and record `panel_refresh_ma`.",
        "3. **Awake and idle in play**: run the selftest twice and read the",
        "   meter while no button is down: `t.run(Esp32Hal(light_sleep=False))`",
        "   gives `awake_ma`; `t.run(Esp32Hal())` gives the idle average of light",
        "   sleep and poll wakes: record it as `light_sleep_ma` and set",
        "   `poll_wake_ms` to 0 (the average already holds the wakes).  A meter",
        "   averages over its ~0.3 s update, good enough for both.",
        "4. **Refresh times**: the selftest prints the driver's `last_busy_ms`",
        "   after each refresh: record `t_full`, `t_fast`, `t_partial` (in s).",
        "",
        "Then run `python -m host_tools hardware`: this file is regenerated with",
        "your figures labelled **measured**.",
        "",
    ]
    return "\n".join(L)
