"""The Blinka backend on this machine: real Blinka (BLINKA_OS_AGNOSTIC=1,
its generic board) with recording subclasses of DigitalInOut and busio.SPI,
because the agnostic board's pins answer fixed values."""
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

board = pytest.importorskip("board")
import busio  # noqa: E402
import digitalio  # noqa: E402

from hal import board as pinmap  # noqa: E402
from hal.base import SleepWake  # noqa: E402
from hal.blinka import BlinkaHal  # noqa: E402
from hal.buttons import A, START, PRESS, bit  # noqa: E402
from hal.epd_ssd1683 import BLACK, WHITE  # noqa: E402

if getattr(board, "board_id", None) != "OS_AGNOSTIC_BOARD":
    pytest.skip("not Blinka's OS-agnostic board", allow_module_level=True)


class Rig:
    """Shared record of what the backend did to the lines and the bus."""

    def __init__(self):
        self.log = []           # ("pin", name, level) / ("spi", dc, bytes)
        self.inputs = {}        # our pin name -> level the test drives
        self.busy_polls = 0
        self.by_name = {}


def make(rig):
    class RecPin(digitalio.DigitalInOut):
        def __init__(self, pin):
            name = pin.rig_name
            self.level = None
            super().__init__(pin)
            self.rig_name = name
            rig.by_name[name] = self

        @property
        def value(self):
            if self.rig_name == pinmap.BLINKA_EPD[3] and rig.busy_polls > 0:
                rig.busy_polls -= 1
                return True
            if self.direction == digitalio.Direction.OUTPUT:
                return self.level
            return rig.inputs.get(self.rig_name, False)

        @value.setter
        def value(self, v):
            digitalio.DigitalInOut.value.fset(self, v)
            # the agnostic board has one shared output pin: keep our own level
            self.level = bool(v)
            rig.log.append(("pin", self.rig_name, bool(v)))

    class RecSPI(busio.SPI):
        def configure(self, **kw):
            rig.config = kw
            return super().configure(**kw)

        def write(self, buf, *a, **kw):
            dc = rig.by_name[pinmap.BLINKA_EPD[1]]
            rig.log.append(("spi", dc.level, bytes(buf)))

    class Dio:
        DigitalInOut = RecPin
        Pull = digitalio.Pull
        Direction = digitalio.Direction

    class Bus:
        SPI = RecSPI

    def named(name):
        """A real agnostic-board pin carrying the name the pin map used."""
        if name in (pinmap.BLINKA_SCK, pinmap.BLINKA_MOSI):
            return getattr(board, name)       # busio checks these by identity
        outputs = (pinmap.BLINKA_EPD[0], pinmap.BLINKA_EPD[1], pinmap.BLINKA_EPD[2])
        real = board.Dx_OUTPUT if name in outputs else board.Dx_INPUT_FALSE
        pin = object.__new__(real.__class__)
        pin.__dict__.update(real.__dict__)
        pin.rig_name = name
        return pin

    return named, Dio, Bus


@pytest.fixture
def rig_hal(tmp_path):
    rig = Rig()
    Named, Dio, Bus = make(rig)
    hal = BlinkaHal(str(tmp_path / "data"), resolve=Named, digitalio=Dio, busio=Bus,
                    log=lambda s: None)
    rig.setup_log = rig.log
    rig.log = []
    return rig, hal


def test_lines_and_spi_from_the_pin_map(rig_hal):
    rig, hal = rig_hal
    assert rig.config == {"baudrate": pinmap.BLINKA_SPI_BAUD, "polarity": 0, "phase": 0}
    assert set(rig.by_name) >= set(pinmap.BLINKA_EPD) | set(pinmap.BLINKA_BUTTONS)
    cs = rig.by_name[pinmap.BLINKA_EPD[0]]
    assert cs.direction == digitalio.Direction.OUTPUT and cs.level is True
    for n in pinmap.BLINKA_BUTTONS:
        assert rig.by_name[n].direction == digitalio.Direction.INPUT
        assert rig.by_name[n].pull == digitalio.Pull.DOWN


def test_refresh_goes_over_spi_with_dc(rig_hal):
    rig, hal = rig_hal
    rig.busy_polls = 2
    d = hal.display
    d.fill(WHITE)
    d.text("K13", 0, 0, BLACK)
    d.refresh_full()
    spi = [e for e in rig.log if e[0] == "spi"]
    assert (("spi", False, b"\x12")) in spi                 # command with DC low
    # the image as data, in pieces spidev accepts (<= 4096 bytes)
    assert max(len(b) for _, dc, b in spi) <= 4096
    i = spi.index(("spi", False, b"\x24"))
    data = b"".join(b for _, dc, b in spi[i + 1:i + 5])
    assert all(dc for _, dc, b in spi[i + 1:i + 5])
    assert data == bytes(d.buf)
    assert spi[i + 5] == ("spi", False, b"\x26")
    assert ("spi", False, b"\x20") in spi
    assert rig.busy_polls == 0
    resets = [e[2] for e in rig.log if e[0] == "pin" and e[1] == pinmap.BLINKA_EPD[2]]
    assert resets == [True, False, True]
    assert d.counts["full"] == 1


def test_buttons_and_wake_by_button(rig_hal):
    rig, hal = rig_hal
    rig.inputs[pinmap.BLINKA_BUTTONS[A]] = True
    assert hal.read_buttons() == bit(A)
    rig.inputs.clear()
    rig.inputs[pinmap.BLINKA_BUTTONS[START]] = True
    with pytest.raises(SleepWake) as exc:
        # START is held when sleep starts: it must be released first, so
        # release it from the "sleep poll" and press it again after a while
        polls = []

        def fake_sleep(ms, _orig=hal.sleep_ms):
            polls.append(ms)
            if len(polls) == 2:
                rig.inputs.clear()
            if len(polls) == 5:
                rig.inputs[pinmap.BLINKA_BUTTONS[START]] = True
        hal.sleep_ms = fake_sleep
        hal.deep_sleep()
    assert exc.value.buttons == bit(START)
    assert len(polls) == 5
    hal2 = hal.reboot(exc.value)
    assert hal2.wake_reason() == "button"
    assert hal2.start() == [(PRESS, START)]
