"""What every flash step shares: the one-line error, the progress bar, the
file hash."""
import hashlib
import sys


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


class FlashError(Exception):
    """A failure the user can act on; `flash` prints it as one line."""


class Progress:
    """A bar on stdout (stderr is for the one-line error), redrawn in place
    on a terminal; elsewhere (CI logs, tests) only the finished line is
    printed, so logs stay short."""

    def __init__(self, label, total, unit="B", stream=None, width=28):
        self.label, self.total, self.unit = label, max(total, 1), unit
        self.stream = stream or sys.stdout
        self.width = width
        self.done = 0
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._closed = False

    def _line(self):
        frac = min(self.done / self.total, 1.0)
        fill = int(frac * self.width)
        return "%-10s [%s%s] %3d%% %d/%d %s" % (
            self.label, "#" * fill, "." * (self.width - fill), frac * 100,
            self.done, self.total, self.unit)

    def update(self, done):
        self.done = done
        if self.tty:
            self.stream.write("\r" + self._line())
            self.stream.flush()

    def advance(self, n):
        self.update(self.done + n)

    def close(self, ok=True):
        """Print the final line; after a failure only end the bar's line, so
        the error that follows stands alone."""
        if self._closed:
            return
        self._closed = True
        if ok:
            self.stream.write(("\r" if self.tty else "") + self._line() + "\n")
        elif self.tty:
            self.stream.write("\n")
        self.stream.flush()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, *exc):
        self.close(ok=exc_type is None)
