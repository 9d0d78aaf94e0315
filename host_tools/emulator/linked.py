"""`pocket emulate --link N` with windows: N consoles, each the whole app
in its own window and process, on the simulated radio in real time (the
options are `emulate --link`'s: host_tools.link.command)."""
import os
import sys

from host_tools.emulator import window
from host_tools.link import air as A
from host_tools.link import run as R


def windows(args):
    """N windows, each the whole app in its own process with its own flash
    (DIR/ann, DIR/bo, ...), on the simulated radio in real time: host a
    table in one ("Host a table"), join it from the others."""
    why = window.unavailable()
    if why is not None:
        print("emulate: no windows (%s): `emulate --link %d --headless` plays without"
              % (why, args.link), file=sys.stderr)
        return 2
    folder = args.dir or os.path.join("build", "emulator-link")
    faults = A.Faults(args.loss, args.dup, args.reorder, args.delay, args.partition)
    air = A.Air(faults, args.seed, real_limit_s=24 * 3600, realtime=True)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for i in range(args.link):
        name = R.NAMES[i]
        d = os.path.abspath(os.path.join(folder, name.lower()))
        os.makedirs(d, exist_ok=True)
        env = {"POCKET_MAC": R.mac(i).hex(), "POCKET_NAME": name}
        air.add(A.Console(name, R.mac(i), [sys.executable, "-m", "host_tools", "emulate",
                                            "--save-dir", d], root, env, d + ".out"))
    print("emulate: %d windows (%s) on the simulated radio; their flash and output in %s. "
          "Host a table in one, join it from the others; close every window to end."
          % (args.link, ", ".join(R.NAMES[:args.link]), folder), flush=True)
    import signal

    def stop(signum, frame):
        raise SystemExit(0)         # the air's run closes every window on its way out
    signal.signal(signal.SIGTERM, stop)
    try:
        air.run()
    except KeyboardInterrupt:
        pass
    return 0
