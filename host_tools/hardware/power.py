"""The power model and hardware/power.md: games per charge and standby, as ranges.

inputs(pins, measured) -> {name: Input}: every figure as low / typical /
high, with its unit, its label (datasheet / measured / estimate), its
source and the measurement on a real board that settles it; a figure in
hardware/measured.json replaces all three ends and is labelled
"measured (this build)".  budget(inp, ends) -> the derived numbers with
every input at its typical value, or at the end `ends` names ("lo"/"hi").
ranges(inp) -> {quantity: (low, typical, high)}: the model is monotonic in
each input, so the extremes put each input at whichever end lowers (or
raises) the quantity.  power_md(pins, measured) -> the text of power.md:
the prose of power.template.md (beside this file) with the model's figures.

A game: the CPU is awake while it computes (AI moves, redrawing, SPI),
while a button is held (repeat, long press) and for `poll_wake_ms` at each
button poll; every other moment it waits in light sleep, also while the
panel refreshes.  After a game is put down the console idles for the
firmware's idle time (light sleep and polls) before deep sleep, and each
later wake boots the firmware again: `wakes` of those per game.  The cell's
protection board, the battery divider and the panel module draw all the
time; standby adds the board's deep sleep and the cell's self-discharge.

Link play: the same game on each of four consoles, plus the radio: on for
`link_on_share` of the game (listening at i_radio_ma, the CPU awake with
it, in place of light sleep) and `link_wakes_min` wake-ups a minute, each
costing `radio_wake_ms` at i_radio_ma.  The share and the wake-ups are the
simulation's counts (hardware/link_duty.json, written by
`python -m host_tools.link.bench --json`: the busiest console's).
"""
import json
import os

from hal.base import CPU_HZ, Hal
from hal.sleep import DEFAULT_IDLE_MS
from host_tools import ROOT
from host_tools.hardware import prose
from host_tools.hardware.pins import battery_drain_ua

MEASURED_JSON = os.path.join(ROOT, "hardware", "measured.json")
LINK_DUTY_JSON = os.path.join(ROOT, "hardware", "link_duty.json")
POWER_MD = os.path.join(ROOT, "hardware", "power.md")

DATASHEET = "datasheet"
MEASURED = "measured"
ESTIMATE = "estimate"

FRAME_BYTES = 15000         # 400 x 300 / 8: one RAM image of the panel
HOURS_PER_MONTH = 730.0     # 365.25 x 24 / 12
ENDS = ("lo", "hi")
# ESP32 datasheet v3.5 table 6, modem sleep (CPU on, radio off), dual core:
# the current range at each clock the app can be set to (hal.base.CPU_HZ)
AWAKE_MA = {80000000: (20.0, 31.0), 160000000: (27.0, 44.0), 240000000: (30.0, 68.0)}


class Input:
    """One figure: value is the typical one, lo and hi the range's ends."""

    def __init__(self, value, unit, label, source, settle="", lo=None, hi=None):
        if label not in (DATASHEET, MEASURED, ESTIMATE):
            raise ValueError("label must be datasheet, measured or estimate: %r" % label)
        self.value = value
        self.lo = value if lo is None else lo
        self.hi = value if hi is None else hi
        self.unit = unit
        self.label = label
        self.source = source
        self.settle = settle

    def at(self, end=None):
        return {"lo": self.lo, "hi": self.hi}.get(end, self.value)


def _r(lo, typ, hi, unit, label, source, settle):
    return Input(typ, unit, label, source, settle, lo, hi)


def load_link_duty(path=LINK_DUTY_JSON):
    try:
        with open(path) as f:
            return json.load(f)
    except OSError:
        return None


def inputs(pins, measured=None, duty=None):
    """The model's inputs for this pin map (board profile, divider, SPI
    clock); duty: the link's duty-cycle counts (load_link_duty())."""
    prof = pins["esp32"]["profile"]
    lo, hi = prof["deep_sleep_ua"]
    dlo, dhi = battery_drain_ua(pins)
    spi_hz = pins["esp32"]["spi"]["baudrate"]
    awake = AWAKE_MA[CPU_HZ]
    sleep_meter = "the sleep current, meter across the open slide switch (How to measure, 1)"
    d = {
        "board_deep_sleep": _r(lo / 1000.0, (lo + hi) / 2000.0, hi / 1000.0, "mA", DATASHEET,
                               "%s, whole board on battery: %s" % (prof["part"], prof["deep_sleep_source"]),
                               sleep_meter + ": the whole device after the switch (board, panel, divider)"),
        "panel_module": _r(0.00001, 0.002, 0.055, "mA", ESTIMATE,
                           "the glass < 0.01 uA asleep (Waveshare module parameters); the module's regulator"
                           " and level shifter are not published: typical a low-Iq LDO (~2 uA), high ~55 uA"
                           " as a panel regulator like WeAct's draws (issue 23 review)",
                           "the sleep current with and without the panel's VCC wire: the difference"),
        "divider": _r(dlo / 1000.0, (dlo + dhi) / 2000.0, dhi / 1000.0, "mA", DATASHEET,
                      "the battery divider (pins.json): the cell's 3.0-4.2 V over %g Mohm" % (
                          (pins["esp32"]["battery"]["r_top"] + pins["esp32"]["battery"]["r_bottom"]) / 1e6),
                      "Ohm's law; included in the sleep-current reading"),
        "pcm": _r(0.0015, 0.0035, 0.007, "mA", DATASHEET,
                  "the cell's protection board, drawn even when switched off: 3.5 uA typ., 7.0 max."
                  " (Fullwat LP803450-CI specification, 'current consumption in normal operation');"
                  " low 1.5 uA (estimate, newer protection ICs)",
                  "not measurable outside the pack: the shelf test settles it with the self-discharge"),
        "self_discharge": _r(1.0, 1.5, 2.0, "%/month", ESTIMATE,
                             "Li-ion self-discharge after the first day: 1-2 % a month (Battery University"
                             " BU-802b)",
                             "the shelf test: the cell's voltage a month apart, switched off (percent from"
                             " the discharge curve)"),
        "awake_ma": _r(awake[0], (awake[0] + awake[1]) / 2.0, awake[1], "mA", DATASHEET,
                       "ESP32 datasheet v3.5 table 6: CPU on, radio off, %d MHz (hal.base.CPU_HZ)"
                       " dual core %g-%g mA" % (CPU_HZ // 1000000, awake[0], awake[1]),
                       "How to measure, 3: the selftest with light sleep off"),
        "light_sleep_ma": _r(0.8, 1.0, 1.5, "mA", ESTIMATE,
                             "ESP32 datasheet v3.5 table 6: light sleep 0.8 mA, plus flash standby and"
                             " the board (0-0.7 mA, estimate)",
                             "How to measure, 3: the selftest's idle average"),
        "poll_ms": Input(Hal.poll_ms, "ms", DATASHEET, "hal.base.Hal.poll_ms: the app polls the buttons"),
        "poll_wake_ms": _r(1.0, 2.0, 4.0, "ms", ESTIMATE,
                           "awake per poll: light-sleep exit and entry, sampling 7 pins, one app step",
                           "How to measure, 3 (0 once light_sleep_ma is the idle average)"),
        "held_s": _r(60.0, 120.0, 300.0, "s", ESTIMATE,
                     "CPU awake while a button is held, per game: ~700 presses of 0.1-0.2 s, plus repeats"
                     " and long presses (to 300 s)",
                     "a real game's presses: their count times the average hold (REPL log of"
                     " Hal.buttons)"),
        "idle_s": Input(DEFAULT_IDLE_MS / 1000.0, "s", DATASHEET,
                        "hal.sleep.DEFAULT_IDLE_MS: idle before deep sleep (Settings: idle minutes)"),
        "wakes": _r(1.0, 2.0, 4.0, "", ESTIMATE,
                    "times a game is put down long enough to sleep, with its idle and a boot each",
                    "how the console is used (not a board measurement)"),
        "boot_s": _r(1.0, 1.5, 3.0, "s", ESTIMATE,
                     "awake from a wake press to the first screen: ROM and MicroPython boot, the app's"
                     " import and restore",
                     "ticks_ms() printed when the first screen is drawn after a wake"),
        "panel_refresh_ma": _r(5.0, 8.0, 12.0, "mA", DATASHEET,
                               "Waveshare e-Paper module parameters: refresh power 26.4 mW typ. (8 mA at"
                               " 3.3 V); the ends +-50 % (estimate)",
                               "How to measure, 2"),
        "t_full": _r(3.0, 4.0, 5.0, "s", DATASHEET, "Waveshare: full refresh 4 s; +-1 s (estimate)",
                     "How to measure, 4 (selftest's busy_ms)"),
        "t_fast": _r(1.0, 1.5, 2.0, "s", ESTIMATE, "fast refresh (LUT load + update)", "How to measure, 4"),
        "t_partial": _r(0.3, 0.4, 0.7, "s", ESTIMATE, "partial refresh (differential waveform)",
                        "How to measure, 4"),
        "spi_hz": Input(spi_hz, "Hz", DATASHEET,
                        "pins.json spi.baudrate (SSD1683 write clock max 20 MHz; hand-wired at half)"),
        "render_ms": _r(60.0, 100.0, 200.0, "ms", ESTIMATE,
                        "redrawing one whole frame in MicroPython (CRC per row included)",
                        "ticks_ms() around one redraw on the device"),
        "ai_s": _r(30.0, 60.0, 120.0, "s", ESTIMATE, "AI thinking per game: ~60 AI turns at 0.5-2 s on the ESP32",
                   "the AI's think times logged over a real game"),
        "battery_mah": _r(1100.0, 1200.0, 1200.0, "mAh", DATASHEET,
                          "LiPo 1200 mAh, PKCELL LP-503562 (Adafruit 258: its drawing); cells often hold less"
                          " (estimate)",
                          "a capacity test: full to 3.0 V at ~100 mA"),
        "usable": _r(0.80, 0.85, 0.90, "", ESTIMATE,
                     "usable fraction: the app stops at 3.3 V (ui.power._EMPTY_MV), ageing",
                     "the same discharge: charge left below 3.3 V"),
        "game_minutes": Input(25.0, "min", ESTIMATE, "a 4-player game against 3 AIs (the unit of 'a game')"),
        "game_partial": _r(400, 600, 900, "", ESTIMATE, "partial refreshes per game (cursor, pick/place)",
                           "the driver's refresh counts over a real game"),
        "game_fast": _r(80, 120, 180, "", ESTIMATE, "fast refreshes per game (turn changes, AI moves)",
                        "the driver's refresh counts over a real game"),
        "game_full": Input(2, "", ESTIMATE, "full refreshes per game (start, end)"),
        "i_radio_ma": _r(100.0, 115.0, 130.0, "mA", ESTIMATE,
                         "the whole chip with the radio listening (ESP32 datasheet v3.5 table 5:"
                         " receiving 95-100 mA, plus the CPU awake)",
                         "the maker guide's first-board check 4: the supply current while a"
                         " console listens"),
        "radio_wake_ms": _r(1.0, 5.0, 30.0, "ms", ESTIMATE,
                            "the radio's start after each off spell, at i_radio_ma: ~1 ms for the"
                            " driver's own connectionless power save, tens of ms for a WLAN"
                            " start after a stop",
                            "the maker guide's first-board check 3: radio(True)'s time on a scope"),
        "link_on_share": Input(duty["radio_on_share"] if duty else 1.0, "", ESTIMATE,
                               "radio on, share of a linked game (the busiest of 4 consoles): the"
                               " simulation's count, hardware/link_duty.json" if duty else
                               "radio on all game (no duty-cycle count: hardware/link_duty.json)",
                               "the first boards' link.stats() and a supply trace over a linked game"),
        "link_wakes_min": Input(duty["wakes_per_min"] if duty else 0.0, "/min", ESTIMATE,
                                "radio wake-ups a minute (the busiest console): the simulation's"
                                " count, hardware/link_duty.json",
                                "as link_on_share"),
    }
    for k, v in (measured or {}).items():
        if k.startswith("_") or v is None:
            continue
        if k not in d:
            raise ValueError("measured.json: %s is not a model input" % k)
        d[k] = Input(float(v), d[k].unit, MEASURED, "measured on this build (hardware/measured.json)",
                     "settled")
    return d


def load_measured(path=MEASURED_JSON):
    try:
        with open(path) as f:
            return json.load(f)
    except OSError:
        return {}


def budget(inp, ends=None, light_sleep=True):
    """Derived numbers (currents in mA, times in s, charge in mAh) with each
    input at its typical value or at ends[name]; light_sleep=False models
    the CPU awake all game (no light sleep between polls)."""
    ends = ends or {}
    v = {k: i.at(ends.get(k)) for k, i in inp.items()}
    # a measured sleep current is the whole device after the switch
    whole = inp["board_deep_sleep"].label == MEASURED
    device_ma = v["board_deep_sleep"] + (0.0 if whole else v["panel_module"] + v["divider"])
    always_ma = v["pcm"] + (v["panel_module"] + v["divider"])
    self_ma = v["battery_mah"] * v["self_discharge"] / 100.0 / HOURS_PER_MONTH
    usable = v["battery_mah"] * v["usable"]
    game_s = v["game_minutes"] * 60.0
    frames = v["game_partial"] + v["game_fast"] + v["game_full"]
    whole_frames = v["game_fast"] + v["game_full"]
    # whole-screen refreshes send both RAMs; partials only their window (small)
    spi_s = whole_frames * 2 * FRAME_BYTES * 8 / v["spi_hz"]
    compute_s = v["ai_s"] + frames * v["render_ms"] / 1000.0 + spi_s
    held_s = v["held_s"]
    refresh_s = sum(v["t_" + k] * v["game_" + k] for k in ("full", "fast", "partial"))
    idle_s = v["wakes"] * v["idle_s"]
    boot_s = v["wakes"] * v["boot_s"]
    duty = v["poll_wake_ms"] / v["poll_ms"]
    if light_sleep:
        napping = game_s - compute_s - held_s + idle_s
        poll_s = napping * duty
        sleep_s = napping - poll_s
    else:
        poll_s = sleep_s = 0.0
        compute_s = game_s - held_s + idle_s
    cpu_mah = (compute_s + held_s + poll_s + boot_s) * v["awake_ma"] / 3600.0
    nap_mah = sleep_s * v["light_sleep_ma"] / 3600.0
    panel_mah = (refresh_s + v["wakes"] * v["t_fast"]) * v["panel_refresh_ma"] / 3600.0
    always_mah = (game_s + idle_s + boot_s) * always_ma / 3600.0
    game_mah = cpu_mah + nap_mah + panel_mah + always_mah
    radio_s = v["link_on_share"] * game_s
    wakes = v["link_wakes_min"] * v["game_minutes"]
    radio_mah = (radio_s * (v["i_radio_ma"] - v["light_sleep_ma"])
                 + wakes * v["radio_wake_ms"] / 1000.0 * v["i_radio_ma"]) / 3600.0
    link_mah = game_mah + radio_mah
    standby_ma = device_ma + v["pcm"] + self_ma
    return {"device_sleep_ua": device_ma * 1000.0, "standby_ua": standby_ma * 1000.0,
            "self_discharge_ua": self_ma * 1000.0,
            "standby_days": usable / standby_ma / 24.0,
            "device_days": usable / device_ma / 24.0,
            "off_months": usable / (v["pcm"] + self_ma) / HOURS_PER_MONTH,
            "game_mah": game_mah, "games": usable / game_mah, "usable_mah": usable,
            "radio_s": radio_s, "radio_wakes": wakes, "radio_mah": radio_mah,
            "link_mah": link_mah, "link_games": usable / link_mah,
            "game_s": game_s, "compute_s": compute_s, "held_s": held_s, "poll_s": poll_s,
            "sleep_s": sleep_s, "idle_s": idle_s, "boot_s": boot_s, "refresh_s": refresh_s, "spi_s": spi_s,
            "cpu_mah": cpu_mah, "nap_mah": nap_mah, "panel_mah": panel_mah, "always_mah": always_mah,
            "play_ma": game_mah / ((game_s + idle_s + boot_s) / 3600.0),
            "refresh_uah": {k: v["t_" + k] * (v["panel_refresh_ma"] + v["light_sleep_ma"]) / 3.6
                            for k in ("full", "fast", "partial")}}


def _extreme(inp, key, lower):
    """The input ends that make budget()[key] lowest (or highest)."""
    ends = {}
    for name in inp:
        at = [(budget(inp, {name: e})[key], e) for e in ENDS]
        ends[name] = min(at)[1] if lower else max(at)[1]
    return ends


def ranges(inp):
    """{quantity: (low, typical, high)} over every input's range."""
    out = {}
    for key in ("games", "link_games", "standby_days", "off_months", "game_mah", "device_sleep_ua"):
        out[key] = (budget(inp, _extreme(inp, key, True))[key], budget(inp)[key],
                    budget(inp, _extreme(inp, key, False))[key])
    return out


def swings(inp, key="games"):
    """[(swing, name, value at lo, value at hi)]: each input alone from one
    end to the other, largest first: what a measurement would settle most."""
    out = []
    for name, i in inp.items():
        lo, hi = (budget(inp, {name: e})[key] for e in ENDS)
        if lo != hi:
            out.append((abs(hi - lo), name, lo, hi))
    return sorted(out, reverse=True)


def rounded(x):
    """Two significant figures: no false precision."""
    if x <= 0:
        return 0
    p = 10 ** max(len(str(int(x))) - 2, 0)
    return int(round(x / p) * p)


def _fmt(x):
    return "%g" % x if isinstance(x, int) or x >= 0.01 or x == 0 else "%.3g" % x


def power_md(pins, measured=None, duty=None):
    """power.md: power.template.md (beside this file) with the model's
    inputs and results (duty: the link's counts, load_link_duty())."""
    inp = inputs(pins, measured, duty)
    b = budget(inp)
    r = ranges(inp)
    awake = budget(inp, light_sleep=False)
    prof = pins["esp32"]["profile"]
    v = {k: i.value for k, i in inp.items()}
    n_measured = sum(1 for i in inp.values() if i.label == MEASURED)

    def span(key, fmt=rounded):
        lo, typ, hi = r[key]
        return "%s | %s | %s" % (fmt(lo), fmt(typ), fmt(hi))

    def one_decimal(x):
        return "%.1f" % x

    def swing_rows(key, n):
        return prose.table("| %s | %s | %s | %s |" % (name, rounded(lo), rounded(hi), inp[name].settle)
                           for _, name, lo, hi in swings(inp, key)[:n])

    cell_wins = b["self_discharge_ua"] + v["pcm"] * 1000 > b["device_sleep_ua"]
    return prose.fill("power", dict(
        measured_note=("Nothing here has been measured on this project's own hardware yet."
                       if not n_measured else "%d inputs are measured on this build." % n_measured),
        game_minutes="%d" % v["game_minutes"], games=span("games"),
        link_games=span("link_games"), link_on="%.0f" % (100 * v["link_on_share"]),
        link_wakes="%.0f" % v["link_wakes_min"], radio_s=round(b["radio_s"]),
        radio_wakes="%.0f" % b["radio_wakes"], radio_mah="%.1f" % b["radio_mah"],
        link_mah="%.1f" % b["link_mah"], i_radio_ma="%g" % v["i_radio_ma"],
        radio_wake_ms="%g" % v["radio_wake_ms"],
        link_source=(duty or {}).get("_about", "no count yet: the radio on all game"),
        game_mah_span=span("game_mah", one_decimal), standby_days=span("standby_days"),
        off_months=span("off_months"), device_sleep_span=span("device_sleep_ua", one_decimal),
        standby_by="the cell, not the device" if cell_wins else "the device more than by the cell",
        device_sleep_ua="%.0f" % b["device_sleep_ua"], pcm_ua="%.1f" % (v["pcm"] * 1000),
        self_discharge_ua="%.0f" % b["self_discharge_ua"], device_days=rounded(b["device_days"]),
        wakes="%d" % v["wakes"],
        compute_s=round(b["compute_s"]), held_s=round(b["held_s"]), poll_s=round(b["poll_s"]),
        poll_wake_ms="%g" % v["poll_wake_ms"], poll_ms="%d" % v["poll_ms"], boot_s=round(b["boot_s"]),
        awake_ma="%g" % v["awake_ma"], cpu_mah="%.2f" % b["cpu_mah"],
        idle_s="%d" % v["idle_s"], sleep_s=round(b["sleep_s"]), nap_mah="%.2f" % b["nap_mah"],
        refresh_s=round(b["refresh_s"] + v["wakes"] * v["t_fast"]), panel_mah="%.2f" % b["panel_mah"],
        always_s=round(b["game_s"] + b["idle_s"] + b["boot_s"]), always_mah="%.3f" % b["always_mah"],
        game_mah="%.2f" % b["game_mah"],
        awake_game_mah="%.1f" % awake["game_mah"], awake_games=rounded(awake["games"]),
        spi_mhz="%d" % (v["spi_hz"] // 1000000),
        spi_ms="%.0f" % (2 * FRAME_BYTES * 8 / v["spi_hz"] * 1000),
        full_uah="%.1f" % b["refresh_uah"]["full"], fast_uah="%.1f" % b["refresh_uah"]["fast"],
        partial_uah="%.1f" % b["refresh_uah"]["partial"],
        games_swings=swing_rows("games", 8), standby_swings=swing_rows("standby_days", 5),
        inputs_table=prose.table("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            k, _fmt(i.lo), _fmt(i.value), _fmt(i.hi), i.unit, i.label, i.source, i.settle or "-")
            for k, i in inp.items()),
        board_part=prof["part"], board_sleep_ua="%d-%d" % tuple(prof["deep_sleep_ua"]),
        divider_ua="%.1f-%.1f" % battery_drain_ua(pins),
        awake_ma_whole="%.0f" % v["awake_ma"], play_ma="%.1f" % b["play_ma"],
    ))
