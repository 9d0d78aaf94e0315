"""What the hostile-input tests of the JSON commands share (tests/host:
check and solve; tests/gin: gin score): the command run for real, the
one-line refusal every bad input gets, and hypothesis strategies for bytes
no well-formed request is."""
import json
import os
import subprocess
import sys

from hypothesis import strategies as st

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINE_MAX = 300          # characters of an error line (host_tools.options.LINE_MAX)


def run(args, data, **env):
    """(status, stdout, stderr) of `python -m host_tools *args` in a fresh
    interpreter, stdin as bytes."""
    e = dict(os.environ, PYTHONIOENCODING="utf-8:strict", **env)
    r = subprocess.run([sys.executable, "-m", "host_tools"] + list(args), input=data, env=e,
                       capture_output=True, cwd=ROOT, timeout=120)
    return r.returncode, r.stdout.decode("utf-8"), r.stderr.decode("utf-8")


def refusal(rc, out, err, needle):
    """The one short error line of an exit 2 that names `needle`."""
    assert "Traceback" not in err, err[-2000:]
    assert rc == 2, (rc, out[:300], err[:300])
    lines = err.splitlines()
    assert len(lines) == 1 and len(lines[0]) <= LINE_MAX, err[:1000]
    assert needle in lines[0], lines[0]
    return lines[0]


def encode(obj):
    return json.dumps(obj, allow_nan=True).encode("utf-8")


def hostile_bytes(spliced, nested, *documents):
    """Each of `documents` (strategies of JSON values) encoded, random
    bytes, an encoded `spliced` with a few bytes spliced in, and up to
    `nested` brackets deep."""
    return st.one_of(
        *[d.map(encode) for d in documents],
        st.binary(max_size=64),
        st.tuples(spliced.map(encode), st.integers(0, 200), st.binary(min_size=1, max_size=4))
        .map(lambda t: t[0][:t[1]] + t[2] + t[0][t[1]:]),
        st.integers(1, nested).map(lambda n: b"[" * n + b"]" * n))
