"""SSD1683 driver against a recording bus: the exact controller sequences.

Where the sequences come from (re-stated here in our own terms):
- INIT: Waveshare's reference driver for the 4.2" V2 panel (epd4in2_V2,
  init()): hardware reset, wait BUSY, software reset 0x12, wait, 0x21
  "display update control 1" = 40 00 (mode 1 ignores the RED/old RAM), 0x3C
  border waveform = 05, 0x11 data entry = 03 (x+, y+), RAM window 0x44 =
  bytes 0..0x31 (50 bytes), 0x45 = rows 0..0x12B (299, little-endian
  pairs), cursor 0x4E = 0, 0x4F = 0 0.
- FULL: same driver, display() + TurnOnDisplay(): image to RAM 0x24 (new) and
  0x26 (old), then 0x22 = F7 (clock, analog, load temperature, load LUT,
  display mode 1, power down) and 0x20 to start, wait BUSY.
- FAST: init_fast(1 s mode) + display_Fast(): temperature register 0x1A = 5A
  and 0x22 = 91 + 0x20 load the fast LUT, then both RAMs and 0x22 = C7
  (display mode 1 with the loaded LUT) + 0x20.
- PARTIAL: display_Partial(): 0x3C = 80 (border holds), 0x21 = 00 00 (mode 2
  uses the old RAM), image to 0x24 and 0x22 = FF + 0x20.  The window form
  (0x44/0x45 limited to the window, cursor at its corner, only the window's
  bytes) is the SSD1683 datasheet's RAM-window addressing as GxEPD2 uses it
  for GDEY042T81 (same glass and controller).  Afterwards the same window
  goes to 0x26 so the old RAM matches the glass for the next partial.
- SLEEP: 0x10 = 01 (deep sleep mode 1).
Full and fast refreshes also restate 0x21 40 00 / 0x3C 05 and the full window
first, because a preceding partial changed them.
"""
from check import raises
from epd_fakes import RecordingBus

from hal.epd_ssd1683 import SSD1683, EPDTimeout, BLACK, WHITE

W_FULL = [(0x44, bytes([0x00, 0x31])), (0x45, bytes([0x00, 0x00, 0x2B, 0x01])),
          (0x4E, bytes([0x00])), (0x4F, bytes([0x00, 0x00]))]
INIT = [("reset", b""), (0x12, b""), (0x21, bytes([0x40, 0x00])), (0x3C, bytes([0x05])),
        (0x11, bytes([0x03]))] + W_FULL
MODE1 = [(0x21, bytes([0x40, 0x00])), (0x3C, bytes([0x05]))]


def _panel():
    bus = RecordingBus()
    epd = SSD1683(bus)
    return bus, epd


def _image(epd):
    epd.fill(WHITE)
    epd.text("R13", 9, 9, BLACK)
    epd.fill_rect(100, 100, 50, 40, BLACK)
    return bytes(epd.buf)


def _drawn():
    """A panel past init (its log emptied) with _image in its buffer:
    (bus, epd, the image)."""
    bus, epd = _panel()
    epd.init()
    bus.take()
    return bus, epd, _image(epd)


def test_init_sequence():
    bus, epd = _panel()
    epd.init()
    assert bus.take() == INIT


def test_full_refresh_sequence():
    bus, epd, img = _drawn()
    epd.refresh_full()
    assert bus.take() == MODE1 + W_FULL + [(0x24, img), (0x26, img), (0x22, bytes([0xF7])), (0x20, b"")]
    assert epd.counts == {"full": 1, "fast": 0, "partial": 0}


def test_fast_refresh_sequence():
    bus, epd, img = _drawn()
    epd.refresh_fast()
    assert bus.take() == (MODE1 + [(0x1A, bytes([0x5A])), (0x22, bytes([0x91])), (0x20, b"")] + W_FULL
                          + [(0x24, img), (0x26, img), (0x22, bytes([0xC7])), (0x20, b"")])
    assert epd.counts["fast"] == 1


def test_first_refresh_initialises():
    bus, epd = _panel()
    _image(epd)
    epd.refresh_full()
    log = bus.take()
    assert log[:len(INIT)] == INIT


def _window_bytes(img, xb0, xb1, y0, y1):
    out = bytearray()
    for y in range(y0, y1):
        out += img[y * 50 + xb0:y * 50 + xb1]
    return bytes(out)


def test_partial_refresh_sends_only_window_bytes():
    bus, epd = _panel()
    epd.refresh_full()
    bus.take()
    epd.fill_rect(0, 0, 400, 300, WHITE)
    epd.text("K7", 67, 41, BLACK)
    img = bytes(epd.buf)
    # x=67 is not byte aligned: the window grows to bytes 8..10 (x 64..87)
    assert epd.refresh_partial(67, 41, 16, 8) == "partial"
    win = [(0x44, bytes([8, 10])), (0x45, bytes([41, 0, 48, 0])), (0x4E, bytes([8])),
           (0x4F, bytes([41, 0]))]
    data = _window_bytes(img, 8, 11, 41, 49)
    assert len(data) == 3 * 8
    assert bus.take() == ([(0x3C, bytes([0x80])), (0x21, bytes([0x00, 0x00]))] + win
                          + [(0x24, data), (0x22, bytes([0xFF])), (0x20, b"")] + win + [(0x26, data)])
    assert epd.counts == {"full": 1, "fast": 0, "partial": 1}
    assert epd.partials_since_clean == 1
    epd.refresh_partial(0, 0, 8, 8)
    assert epd.partials_since_clean == 2
    epd.refresh_fast()
    assert epd.partials_since_clean == 0


def test_partial_window_clipped_to_screen_and_large_rows():
    bus, epd = _panel()
    epd.refresh_fast()
    bus.take()
    img = _image(epd)
    epd.refresh_partial(390, 290, 40, 40)
    log = bus.take()
    assert (0x44, bytes([48, 49])) in log
    assert (0x45, bytes([0x22, 0x01, 0x2B, 0x01])) in log
    assert (0x24, _window_bytes(img, 48, 50, 290, 300)) in log
    # whole-width window: one transfer of full rows
    epd.refresh_partial(0, 10, 400, 2)
    log = bus.take()
    assert (0x24, img[500:600]) in log


def test_partial_rejects_empty_window():
    bus, epd = _panel()
    epd.refresh_full()
    raises(ValueError, epd.refresh_partial, 10, 10, 0, 5)
    raises(ValueError, epd.refresh_partial, 500, 10, 8, 5)


def test_partial_after_sleep_becomes_fast():
    bus, epd = _panel()
    epd.refresh_full()
    epd.sleep()
    log = bus.take()
    assert log[-1] == (0x10, bytes([0x01]))
    assert epd.refresh_partial(0, 0, 8, 8) == "fast"
    log = bus.take()
    assert log[:len(INIT)] == INIT
    assert (0x22, bytes([0xC7])) in log
    assert epd.counts == {"full": 1, "fast": 1, "partial": 0}


def test_sleep_when_not_initialised_sends_nothing():
    bus, epd = _panel()
    epd.sleep()
    assert bus.take() == []


def test_busy_wait_waits_and_counts():
    bus = RecordingBus(busy_ms=400)
    epd = SSD1683(bus)
    epd.init()
    t0 = bus.now
    epd.refresh_partial(0, 0, 8, 8)   # becomes fast: LUT load + refresh
    assert bus.now - t0 >= 800
    assert epd.last_busy_ms >= 400
    assert epd.busy_ms >= 800


def test_busy_timeout_is_a_clear_error():
    bus = RecordingBus(stuck=True)
    epd = SSD1683(bus)
    e = raises(EPDTimeout, epd.init)
    msg = str(e)
    assert "BUSY" in msg and "reset" in msg and "ms" in msg
    # Waveshare's V1 module (UC8176) holds BUSY the other way round: name it
    assert "V1 panel" in msg and "V2" in msg
    # it gave up after the timeout, not immediately and not never
    assert 1000 <= bus.now <= 1100


def test_after_a_timeout_the_next_partial_is_a_fast_refresh():
    bus, epd = _panel()
    epd.refresh_full()
    bus.busy_ms = 10000                # the panel hangs in the update
    e = raises(EPDTimeout, epd.refresh_partial, 0, 0, 8, 8)
    assert "partial refresh" in str(e)
    bus.now += 10000
    bus.busy_ms = 30
    bus.take()
    assert epd.refresh_partial(0, 0, 8, 8) == "fast"
