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
    assert "Total about **%d USD**" % round(total) in text


def test_the_bom_names_maker_part_number_and_datasheet_of_every_part():
    # "SS12D00G4" was listed as C&K's (it is not theirs), C1 had no part
    # number, the cell and screws "generic"; tape, Kapton and the cable
    # the guide uses were missing
    rows = guide.bom()
    for r in rows:
        assert r["maker"] and r["part_number"] and r["datasheet"], r["ref"]
        assert "generic" not in (r["maker"] + r["part_number"]).lower() and r["part_number"] != "-", r["ref"]
        if r["maker"] == "any":
            # a standard part: the standard it is made to, or its spec
            assert r["datasheet"].startswith("ISO ") or (r["datasheet"] == "-" and len(r["part_number"]) > 20), r["ref"]
        else:
            assert r["datasheet"].startswith("http"), r["ref"]
    assert "SS12D00G4" not in " ".join(r["part_number"] for r in rows)
    parts = " ".join(r["part"] for r in rows).lower()
    for needed in ("double-sided tape", "kapton", "usb cable", "heat-shrink"):
        assert needed in parts, needed


def test_every_file_states_the_same_total():
    # the guide said 59 USD and hardware/README.md 58
    import glob
    import os
    import re
    from host_tools import ROOT
    want = guide.total(guide.bom())
    found = {}
    for path in glob.glob(os.path.join(ROOT, "hardware", "*.md")) + glob.glob(os.path.join(ROOT, "docs", "*.md")) + [
            os.path.join(ROOT, "README.md")]:
        with open(path) as f:
            for n in re.findall(r"(\d+(?:\.\d+)?) USD\b", f.read()):
                found.setdefault(float(n), []).append(os.path.relpath(path, ROOT))
    assert set(found) == {want}, found
    assert "hardware/README.md" in found[want] and "hardware/assembly.md" in found[want]


def test_switch_positions_match_the_case(text):
    # each switch by the holes its legs go in, and its centre (mm on the board)
    lay = enclosure.layout(pinmap.load())
    pb = lay["parts"]["perfboard"]
    for i, n in enumerate(NAMES):
        x, y = lay["holes"][n]
        cols = sorted({c + 1 for c, _ in enclosure.switch_legs(n)})
        rows = sorted({r + 1 for _, r in enclosure.switch_legs(n)})
        assert "| SW%d | %s | columns %d and %d, rows %d and %d | %.2f, %.2f |" % (
            i + 1, n.upper(), cols[0], cols[1], rows[0], rows[1], x - pb[0], y - pb[1]) in text
    for c, r in enclosure.PERF_POST_HOLES:
        assert "column %d row %d" % (c + 1, r + 1) in text


def test_guide_says_how_each_thing_is_done_right(text):
    flat = " ".join(text.split())
    # the header's spacer off before the pins are cut (+2.5 mm otherwise)
    assert "first take the black plastic spacer off" in flat and "*then* cut the pins flush" in flat
    # the cell: one lead at a time, only the red one
    assert "**one lead at a time**" in flat and "Cut only the red lead" in flat
    # what holds each part
    for held in ("three posts", "by three screws", "the switch by its pocket", "by four screws",
                 "between its ledges and the lid's ribs"):
        assert held in flat, held
    # the meter procedure with the switch as its bypass, so the board never resets
    assert "the switch as its bypass" in flat and "slide the switch on again" in flat
    with open(pinmap.PINS_JSON.replace("pins.json", "power.md")) as f:
        power = " ".join(f.read().split())
    assert "the slide switch as its bypass" in power and "Slide it on again before changing the meter's range" in power
    # a drawing of every step of putting it in the case, rendered from the model
    from host_tools.hardware import render
    for name, _, _ in render.STEPS:
        assert "](step%s.png)" % name in text and "**%s.**" % name in text


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
    assert abs(pu - pdn - (xu - xd) * 6) < 0.1 and abs((qd - qu) - (yu - yd) * 6) < 0.1   # to 0.1 px
    labels = " ".join(t.text for t in root.iter(ns + "text"))
    for i, n in enumerate(NAMES):
        assert "SW%d %s" % (i + 1, n.upper()) in labels
        assert "R%d, GPIO%d" % (i + 1, pins["esp32"]["buttons"][n]) in labels
    assert "R8, R9, C1 to GPIO%d" % pins["esp32"]["battery"]["adc"] in labels


def test_bom_and_guide_hold_everything_the_build_needs(text):
    rows = {r["ref"]: r for r in guide.bom()}
    pins = pinmap.load()
    bat = pins["esp32"]["battery"]
    # the button board's four posts and the board's three take M2 screws; the case's bosses M2.5
    lay = enclosure.layout(pins)
    assert "M2 x" in rows["HW2"]["part"] and rows["HW2"]["qty"] == str(len(lay["perf_posts"]))
    assert "M2 x" in rows["HW3"]["part"] and rows["HW3"]["qty"] == str(len(lay["board_posts"]))
    assert "M2 x 6 mm screws" in text and "M2 x 4 mm screw" in text
    # the divider's parts are the pin map's values
    assert rows["R8-R9"]["part"].startswith("resistor %s" % pinmap.ohms(bat["r_top"]))
    assert bat["r_top"] == bat["r_bottom"] and "%d nF" % bat["c_nf"] in rows["C1"]["part"]
    # the cell's own plug goes into the board: no crimped plug, no crimp tool
    assert "J1" not in rows and "crimp" not in text
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


def test_hardware_readme_states_the_case_size():
    lay = enclosure.layout(pinmap.load())
    with open(guide.BOM_CSV.replace("bom.csv", "README.md")) as f:
        text = " ".join(f.read().split())
    assert "**Case**: %g x %g x %g mm" % (lay["w"], lay["d"], round(lay["h"], 2)) in text
