"""Button logic driven by scripted pin timelines (CPython and MicroPython).

A timeline is a list of (time_ms, bitmask) changes of the raw lines; the
helper samples it every `period` ms like the backends' poll loop and returns
(time, kind, button) for every event.
"""
from hal.buttons import (Buttons, PRESS, RELEASE, CLICK, LONG, REPEAT,
                         UP, LEFT, A, START, bit)


def play(timeline, until, period=20, phase=0, btn=None):
    btn = btn or Buttons()
    out = []
    level = 0
    i = 0
    t = phase
    while t <= until:
        while i < len(timeline) and timeline[i][0] <= t:
            level = timeline[i][1]
            i += 1
        for kind, b in btn.update(level, t):
            out.append((t, kind, b))
        t += period
    return out


def kinds(events, button=None):
    return [k for _, k, b in events if button is None or b == button]


def test_clean_press_and_release():
    ev = play([(100, bit(A)), (300, 0)], 600)
    assert kinds(ev) == [PRESS, RELEASE, CLICK]
    # accepted on the second sample that agrees (debounce 20 ms)
    assert ev[0][0] == 120
    assert ev[1][0] == 320


def test_bounce_is_ignored():
    # contact chatter on press and on release, shorter than the debounce
    tl = [(100, bit(A)), (105, 0), (112, bit(A)), (300, 0), (305, bit(A)), (318, 0)]
    for period in (20, 30, 50):
        for phase in (0, 7, 13):
            ev = play(tl, 700, period, phase)
            assert kinds(ev) == [PRESS, RELEASE, CLICK], (period, phase, ev)


def test_single_sample_glitch_is_not_a_press():
    # a spike seen by exactly one poll never becomes an event
    ev = play([(100, bit(A)), (110, 0)], 500)
    assert ev == []


def test_two_buttons_independent():
    ev = play([(100, bit(A)), (200, bit(A) | bit(LEFT)), (260, bit(LEFT)), (400, 0)], 700)
    assert [(k, b) for _, k, b in ev] == [(PRESS, A), (PRESS, LEFT), (RELEASE, A), (CLICK, A),
                                          (RELEASE, LEFT), (CLICK, LEFT)]


def test_dpad_auto_repeat():
    ev = play([(0, bit(UP)), (1000, 0)], 1200)
    times = [t for t, k, b in ev if k == REPEAT]
    # pressed at 20; first repeat 400 ms later, then every 120 ms
    assert times[0] == 420
    assert times == [420, 540, 660, 780, 900]
    assert kinds(ev) == [PRESS] + [REPEAT] * 5 + [RELEASE, CLICK]


def test_repeat_after_a_stall_does_not_burst():
    # polling stops for 1.2 s (a fast refresh); one repeat, then the cadence
    btn = Buttons()
    assert btn.update(bit(UP), 0) == []
    assert btn.update(bit(UP), 20) == [(PRESS, UP)]
    assert btn.update(bit(UP), 1220) == [(REPEAT, UP)]
    assert btn.update(bit(UP), 1240) == []
    assert btn.update(bit(UP), 1340) == [(REPEAT, UP)]


def test_long_press_start_then_no_click():
    ev = play([(0, bit(START)), (1500, 0)], 1700)
    assert kinds(ev) == [PRESS, LONG, RELEASE]
    assert [t for t, k, b in ev if k == LONG] == [820]


def test_short_start_is_a_click_without_long():
    ev = play([(0, bit(START)), (500, 0)], 1700)
    assert kinds(ev) == [PRESS, RELEASE, CLICK]


def test_no_repeat_on_action_buttons_and_no_long_on_dpad():
    ev = play([(0, bit(A) | bit(UP)), (2000, 0)], 2100)
    assert REPEAT not in kinds(ev, A)
    assert LONG not in kinds(ev, UP)
    assert LONG in kinds(ev, A)


def test_wake_button_is_first_press_even_if_released():
    btn = Buttons()
    # the board boots ~300 ms after the press; the button is already up
    assert btn.wake(bit(A), 0) == [(PRESS, A)]
    ev = play([(0, 0)], 100, btn=btn)
    assert kinds(ev) == [RELEASE, CLICK]


def test_wake_button_still_held_goes_on_as_a_hold():
    btn = Buttons()
    btn.wake(bit(UP), 0)
    ev = play([(0, bit(UP)), (700, 0)], 800, btn=btn)
    assert kinds(ev)[0] == REPEAT     # no second PRESS for the same hold
    assert PRESS not in kinds(ev)
    assert kinds(ev)[-2:] == [RELEASE, CLICK]


def test_configurable_timings():
    btn = Buttons()
    btn.debounce_ms = 40
    btn.long_ms = 300
    btn.long_mask = bit(A)
    ev = play([(0, bit(A)), (500, 0)], 700, btn=btn)
    assert [(t, k) for t, k, b in ev] == [(40, PRESS), (340, LONG), (540, RELEASE)]
    # one instance's timings stay its own: the next console starts at the defaults
    other = Buttons()
    assert (other.debounce_ms, other.long_ms) == (20, 800)


def test_busy_while_a_button_is_down_or_settling():
    b = Buttons()
    assert not b.busy()
    b.update(bit(A), 0)          # raw changed, not yet debounced
    assert b.busy()
    b.update(bit(A), 30)         # pressed and stable
    assert b.busy()
    b.update(0, 40)
    b.update(0, 70)              # released and settled
    assert not b.busy()
