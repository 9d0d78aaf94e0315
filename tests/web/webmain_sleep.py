"""web/webmain.Runner on the WebAssembly runtime (run by test_wasm_runtime
under node): a game started by buttons, idle sleep (the sleep screen is
shown, the app stops), a button wakes it back into the same game; the
Sync screen on a backend without a serial line ends at once (a step that
never returned would freeze the page).
Prints one line per check; exits 1 on the first failure."""
import os
import sys
import time

import webmain

A = 1 << 4
START = 1 << 6
frames = []


def show(kind, y0, y1, data):
    frames.append(kind)


def run(r, bits, ms):
    t0 = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t0) < ms:
        st = r.step(bits)
        time.sleep_ms(20)
    return st


def press(r, bits):
    run(r, bits, 100)
    return run(r, 0, 200)


def check(what, ok):
    print("%s %s" % ("ok" if ok else "FAIL", what))
    if not ok:
        sys.exit(1)


os.mkdir("/data")
r = webmain.Runner("/data", show, log=lambda s: None)
check("boots to the title", r.status().split()[0] == "title" and frames == ["full"])
press(r, A)
st = press(r, START)
screen, turn, asleep = st.split()
check("a game is dealt: %s" % st, screen == "play" and asleep == "0")
r.app.sleeper.idle_ms = 300
n = len(frames)
st = run(r, 0, 600)
check("idle sleep: %s" % st, st.split()[2] == "1" and "full" in frames[n:])
check("the game was saved", "game" in os.listdir("/data"))
st = run(r, 0, 100)
check("asleep stays asleep", st.split()[2] == "1")
st = press(r, A)
check("a button wakes it into the same game: %s" % st,
      st.split()[0] == "play" and st.split()[1] == turn and st.split()[2] == "0")
r.app.goto("sync")
st = run(r, 0, 300)
check("sync without a serial line returns: %s" % st, st.split()[0] == "sync")
