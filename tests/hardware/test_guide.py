"""The assembly guide: generated, up to date, and consistent with the pin
map, the bill of materials, the enclosure layout and what hal.selftest
really prints."""
import re

import pytest

from hal.buttons import NAMES
from host_tools.hardware import enclosure, guide
from host_tools.hardware import pins as pinmap


@pytest.fixture(scope="module")
def text():
    pins = pinmap.load()
    return guide.guide_md(pins, guide.bom(), enclosure.layout(pins))


def test_guide_is_up_to_date(text):
    with open(guide.ASSEMBLY_MD) as f:
        assert f.read() == text, "run: python -m host_tools hardware"


def test_guide_wires_what_the_pin_map_says(text):
    e = pinmap.load()["esp32"]
    for i, n in enumerate(NAMES):
        assert "| SW%d (%s) signal | GPIO%d |" % (i + 1, n.upper(), e["buttons"][n]) in text
    for hdr, key in (("CS", "cs"), ("DC", "dc"), ("RST", "rst"), ("BUSY", "busy")):
        assert "| %s | GPIO%d |" % (hdr, e["display"][key]) in text
    assert "| DIN | GPIO%d |" % e["spi"]["mosi"] in text and "| CLK | GPIO%d |" % e["spi"]["sck"] in text


def test_guide_prices_every_part(text):
    rows = guide.bom()
    for r in rows:
        assert "| %s | %s |" % (r["ref"], r["qty"]) in text
    total = sum(int(r["qty"]) * float(r["approx_unit_usd"]) for r in rows)
    assert "Total about **%.0f USD**" % total in text


def test_switch_positions_match_the_case(text):
    pins = pinmap.load()
    lay = enclosure.layout(pins)
    pb = lay["parts"]["perfboard"]
    for i, n in enumerate(NAMES):
        x, y = lay["holes"][n]
        assert "| SW%d | %s | %.1f | %.1f |" % (i + 1, n.upper(), x - pb[0], y - pb[1]) in text


def test_checklist_quotes_what_the_selftest_prints(text, tmp_path):
    # run the real selftest in the emulator and compare its console lines
    from hal import selftest
    from host_tools.emulator.backend import EmulatorHal
    hal = EmulatorHal(str(tmp_path / "d"), log=lambda s: None)
    hal.play("3000 up 150")
    lines = []
    selftest.run(hal, max_ms=6000, log=lines.append)
    quoted = re.findall(r"`(selftest: [a-z]+)", text)
    printed = {" ".join(l.split()[:2]) for l in lines} | {"selftest: sleeping"}
    assert {"selftest: storage", "selftest: battery", "selftest: wake", "selftest: full",
            "selftest: press", "selftest: sleeping"} <= set(quoted)
    assert set(quoted) <= printed


def test_button_board_drawing_is_up_to_date_and_to_scale():
    import xml.etree.ElementTree as ET
    pins = pinmap.load()
    lay = enclosure.layout(pins)
    svg = guide.button_board_svg(pins, lay)
    with open(guide.BUTTON_BOARD_SVG) as f:
        assert f.read() == svg, "run: python -m host_tools hardware"
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    plungers = [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(ns + "circle")
                if c.get("fill") == "#999"]
    assert len(plungers) == len(NAMES)
    # drawn 6 px per mm: the spacing between two switches is the case's
    (xu, yu), (xd, yd) = lay["holes"]["up"], lay["holes"]["down"]
    (pu, qu), (pdn, qd) = plungers[0], plungers[1]
    assert abs(pu - pdn - (xu - xd) * 6) < 1e-6 and abs((qd - qu) - (yu - yd) * 6) < 1e-6
    labels = " ".join(t.text for t in root.iter(ns + "text"))
    for i, n in enumerate(NAMES):
        assert "SW%d %s" % (i + 1, n.upper()) in labels
        assert "R%d, GPIO%d" % (i + 1, pins["esp32"]["buttons"][n]) in labels
    assert "R8, R9, C1 to GPIO%d" % pins["esp32"]["battery"]["adc"] in labels


def test_bom_and_guide_hold_everything_the_build_needs(text):
    rows = {r["ref"]: r for r in guide.bom()}
    pins = pinmap.load()
    bat = pins["esp32"]["battery"]
    # the button board's four posts take M2 screws; the case's bosses M2.5
    assert "M2 x" in rows["HW2"]["part"] and rows["HW2"]["qty"] == str(len(enclosure.layout(pins)["perf_posts"]))
    assert "M2 x 5 mm screws" in text
    # the divider's parts are the pin map's values
    assert rows["R8-R9"]["part"].startswith("resistor %s" % pinmap.ohms(bat["r_top"]))
    assert bat["r_top"] == bat["r_bottom"] and "%d nF" % bat["c_nf"] in rows["C1"]["part"]
    # J1's contacts are crimped: the tool is in the list
    assert "crimp" in rows["J1"]["notes"] and "crimp tool for" in text
    # no header housings: the case has no room for them
    assert "female header" not in " ".join(r["part"] for r in rows.values())
    # charging: said plainly, with how
    assert "**Charging needs the switch ON.**" in text
    # the licence, beside the files it covers
    with open(guide.BOM_CSV.replace("bom.csv", "LICENSE")) as f:
        assert f.readline().strip() == "SPDX-License-Identifier: CERN-OHL-P-2.0"
    assert "CERN-OHL-P-2.0 (`LICENSE` in this folder)" in text
    # every part's size and source is in the guide, the case's size too
    lay = enclosure.layout(pins)
    assert "Outside %.1f x %.1f x %.1f mm" % (lay["w"], lay["d"], lay["h"]) in text
    for name, (size, source) in enclosure.PARTS.items():
        dims = "%g x %g x %g" % size if size[0] else "its part's outline x %g" % size[2]
        assert "| %s | %s | %s |" % (name, dims, source) in text
