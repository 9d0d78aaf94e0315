"""Run by test_wasm_runtime.py under node with TZ set: the web page's hal
has the browser's clock and its offset from UTC, and History words a
match's end in that local time."""
import os
from hal.web import WebHal
from ui.screens.history import date_text

try:
    os.mkdir("/webclock")
except OSError:
    pass
h = WebHal("/webclock", lambda *a: None)
print("offset", h.utc_offset())
print("time", h.time())
print("date", date_text(1764300658, h.utc_offset()))     # Fri 28 Nov 2025 03:30:58 UTC
