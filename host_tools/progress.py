"""Progress for the host commands that take more than a few seconds: one
line on stderr (never stdout, so JSON output stays clean), redrawn in place:

    bar = Bar(total, "solver, CPython")     # total None: a counter
    bar.step()          # one more done (or bar.update(done))
    bar.close()         # ends the line

    label [##########....................] 40/120  12s elapsed, ~24s left
"""
import sys
import time

WIDTH = 30      # characters of the bar itself
STALL_S = 300   # a timing run silent this long is hung (its lines come in ms)


class Bar:
    def __init__(self, total, label="", out=None, enabled=True):
        self.total = total
        self.label = label
        self.out = out or sys.stderr
        self.enabled = enabled
        self.done = 0
        self.t0 = time.time()
        self.update(0)

    def update(self, done):
        self.done = done
        if not self.enabled:
            return
        el = time.time() - self.t0
        if self.total is None:          # no count known ahead: a counter
            self.out.write("\r%s %d done  %.0fs elapsed " % (self.label, done, el))
            self.out.flush()
            return
        fill = int(WIDTH * done / self.total) if self.total else WIDTH
        eta = el / done * (self.total - done) if done else 0
        self.out.write("\r%s%s[%s%s] %d/%d  %.0fs elapsed, ~%.0fs left " % (
            self.label, " " if self.label else "", "#" * fill, "." * (WIDTH - fill),
            done, self.total, el, eta))
        self.out.flush()

    def step(self, n=1):
        self.update(self.done + n)

    def close(self):
        if self.enabled:
            self.out.write("\n")
            self.out.flush()


def note(text, out=None):
    """One line on stderr for a step that has no count to show."""
    out = out or sys.stderr
    out.write(text + "\n")
    out.flush()


def run_counted(cmd, total, label, env=None, mark='"i":', stall=STALL_S):
    """Run `cmd` with a bar that steps at every line it prints holding
    `mark` (one position done, as the MicroPython timing scripts print;
    total None: a counter); returns (returncode, stdout, stderr).  A run
    that prints nothing for `stall` seconds is stopped (a hung port would
    otherwise hold the command for good): its stderr ends saying so."""
    import subprocess
    import tempfile
    import threading
    bar = Bar(total, label)
    out = []
    heard = [time.monotonic()]
    stalled = []
    done = threading.Event()
    with tempfile.TemporaryFile("w+") as err:
        p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=err, text=True)

        def watch():
            while not done.wait(0.2):
                if time.monotonic() - heard[0] > stall:
                    stalled.append(stall)
                    p.kill()
                    return
        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        for line in p.stdout:
            heard[0] = time.monotonic()
            out.append(line)
            if mark in line:
                bar.step()
        p.wait()
        done.set()
        watcher.join()
        bar.close()
        err.seek(0)
        why = err.read()
        if stalled:
            why += "\nno output for %g s: stopped" % stall
        return p.returncode, "".join(out), why
