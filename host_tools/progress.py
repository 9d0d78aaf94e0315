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


def run_counted(cmd, total, label, env=None, mark='"i":'):
    """Run `cmd` with a bar that steps at every line it prints holding
    `mark` (one position done, as the MicroPython timing scripts print;
    total None: a counter); returns (returncode, stdout, stderr)."""
    import subprocess
    import tempfile
    bar = Bar(total, label)
    out = []
    with tempfile.TemporaryFile("w+") as err:
        p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=err, text=True)
        for line in p.stdout:
            out.append(line)
            if mark in line:
                bar.step()
        p.wait()
        bar.close()
        err.seek(0)
        return p.returncode, "".join(out), err.read()
