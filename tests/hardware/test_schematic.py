"""The generated schematic: SKiDL circuit with a passing ERC, the netlist
and the drawing up to date with the pin map, every net named and drawn."""
import copy
import importlib.util
import xml.etree.ElementTree as ET

import pytest

# not importorskip("skidl"): its import writes log files into the working
# folder, which schematic._skidl() keeps out of it
if importlib.util.find_spec("skidl") is None:
    pytest.skip("needs skidl (requirements-hardware.txt)", allow_module_level=True)
pytest.importorskip("schemdraw")

from hal.buttons import NAMES
from host_tools.hardware import pins as pinmap
from host_tools.hardware import schematic


@pytest.fixture(scope="module")
def pins():
    return pinmap.load()


def test_erc_passes(pins):
    assert schematic.erc(pins) == (0, 0)


def test_erc_catches_a_short_and_a_missing_supply(pins):
    # two outputs driving one net: the CS line shorted to the clock
    circ, _ = schematic.circuit(pins)
    u1 = [p for p in circ.parts if p.ref == "U1"][0]
    sck = [n for n in circ.nets if n.name == "SCK"][0]
    sck += u1["GPIO%d" % pins["esp32"]["display"]["cs"]]
    assert schematic.erc_of(circ)[0] > 0
    # the panel's VCC left unconnected
    circ, _ = schematic.circuit(pins)
    ds1 = [p for p in circ.parts if p.ref == "DS1"][0]
    ds1["VCC"].disconnect()
    errors, warnings = schematic.erc_of(circ)
    assert errors + warnings > 0


def test_every_pin_of_the_map_is_a_named_net(pins):
    nets = schematic.nets(pins)
    e = pins["esp32"]
    on_u1 = {pin: name for name, ends in nets.items() for ref, pin in ends if ref == "U1"}
    for n in NAMES:
        assert on_u1["GPIO%d" % e["buttons"][n]] == "BTN_" + n.upper()
    for k, net in (("cs", "EPD_CS"), ("dc", "EPD_DC"), ("rst", "EPD_RST"), ("busy", "EPD_BUSY")):
        assert on_u1["GPIO%d" % e["display"][k]] == net
    assert on_u1["GPIO%d" % e["spi"]["sck"]] == "SCK" and on_u1["GPIO%d" % e["spi"]["mosi"]] == "MOSI"
    # the power path: cell -> switch -> the board's battery input and the
    # divider's top; the divider's middle to the ADC pin, filtered
    assert sorted(nets["VBAT_CELL"]) == [("BT1", "+"), ("SW8", "COM")]
    assert sorted(nets["VBAT_SW"]) == [("R8", "1"), ("SW8", "ON"), ("U1", "BAT")]
    assert sorted(nets["BAT_SENSE"]) == [("C1", "1"), ("R8", "2"), ("R9", "1"),
                                         ("U1", "GPIO%d" % e["battery"]["adc"])]
    assert ("R9", "2") in nets["GND"] and ("C1", "2") in nets["GND"]
    # each button: switch to 3V3, 100k to GND
    for i in range(len(NAMES)):
        assert ("SW%d" % (i + 1), "1") in nets["3V3"] and ("R%d" % (i + 1), "2") in nets["GND"]


def test_netlist_and_drawing_are_up_to_date(pins):
    with open(schematic.NETLIST) as f:
        assert f.read() == schematic.netlist_text(pins), "run: python -m host_tools hardware"
    with open(schematic.SCHEMATIC_SVG) as f:
        text = f.read()
    assert text == schematic.schematic_svg(pins), "run: python -m host_tools hardware"


def test_the_drawing_names_every_net_and_follows_the_map(pins):
    svg = schematic.schematic_svg(pins)
    words = " ".join(t.text or "" for t in ET.fromstring(svg).iter() if t.tag.endswith(("text", "tspan")))
    for name in schematic.nets(pins):
        assert name in words, name
    moved = copy.deepcopy(pins)
    moved["esp32"]["buttons"]["a"] = 15
    assert "GPIO15" in schematic.schematic_svg(moved) and "GPIO15" not in svg


def test_netlist_names_the_board_pins_and_real_footprints(pins):
    import re
    text = schematic.netlist_text(pins)
    u1 = re.findall(r'\(ref "U1"\)\s*\(pin "([^"]+)"\)', text)
    assert u1 and all(p in ("3V3", "GND", "BAT") or p.startswith("GPIO") for p in u1)
    assert "GPIO%d" % pins["esp32"]["battery"]["adc"] in u1
    fps = dict(re.findall(r'\(ref "([^"]+)"\)\s*\(value "[^"]*"\)\s*\(description "[^"]*"\)\s*'
                          r'\(footprint "([^"]+)"\)', text))
    assert len(fps) == len(schematic._parts(pins))
    for ref, fp in fps.items():
        if ref[0] in "RC" or (ref.startswith("SW") and ref != "SW8"):
            assert re.match(r"(Resistor|Capacitor|Button_Switch)_THT:", fp), (ref, fp)
        else:
            assert fp.startswith("handwired: "), (ref, fp)
