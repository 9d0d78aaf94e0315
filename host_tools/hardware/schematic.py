"""The schematic, generated from the pin map: a SKiDL circuit (netlist +
electrical rule check) and a drawing of the same circuit (schemdraw SVG).

circuit(pins) -> (skidl Circuit, {net name: [(ref, pin name)]}) builds the
circuit: power path (cell, slide switch, the board's battery input), the
panel connector, seven buttons with their pull-downs, every net named.
erc(pins) -> (errors, warnings) runs SKiDL's electrical rule check on it.
netlist_text(pins) -> a KiCad netlist (the date line fixed, so the file is
reproducible); schematic_svg(pins) -> the drawing.  Needs skidl and
schemdraw (requirements-hardware.txt).
"""
import contextlib
import io
import os
import re

from hal.buttons import NAMES as BUTTON_NAMES
from host_tools import ROOT
from host_tools.hardware.pins import EPD_HEADER, ohms

NETLIST = os.path.join(ROOT, "hardware", "schematic.net")
SCHEMATIC_SVG = os.path.join(ROOT, "hardware", "schematic.svg")


def _skidl():
    # skidl looks for KiCad libraries on import and says so: not used here.
    # Its import opens skidl_REPL.log/.erc in the working folder and the
    # first Circuit deletes them: two processes sharing a folder (pytest -n)
    # would delete each other's, so the import runs in a folder of its own
    # and its log files go at once.
    import sys
    if "skidl" not in sys.modules:
        import tempfile
        here = os.getcwd()
        with tempfile.TemporaryDirectory() as tmp:
            os.chdir(tmp)
            try:
                with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
                    import skidl
                    from skidl.logger import stop_log_file_output
                    stop_log_file_output()
            finally:
                os.chdir(here)
    import skidl
    return skidl


def nets(pins):
    """{net name: [(ref, pin name)]}: the connections, tool-neutral."""
    e = pins["esp32"]
    d = e["display"]
    spi = e["spi"]
    n = {"GND": [("BT1", "-"), ("U1", "GND"), ("DS1", "GND")],
         "3V3": [("U1", "3V3"), ("DS1", "VCC")],
         "VBAT_CELL": [("BT1", "+"), ("SW8", "COM")],
         "VBAT_SW": [("SW8", "ON"), ("U1", "BAT")]}
    sig = {"mosi": ("MOSI", spi["mosi"]), "sck": ("SCK", spi["sck"]), "cs": ("EPD_CS", d["cs"]),
           "dc": ("EPD_DC", d["dc"]), "rst": ("EPD_RST", d["rst"]), "busy": ("EPD_BUSY", d["busy"])}
    for hdr, s in EPD_HEADER:
        if s in sig:
            name, gpio = sig[s]
            n[name] = [("U1", "GPIO%d" % gpio), ("DS1", hdr)]
    for i, b in enumerate(BUTTON_NAMES):
        ref = i + 1
        n["BTN_" + b.upper()] = [("U1", "GPIO%d" % e["buttons"][b]), ("SW%d" % ref, "2"), ("R%d" % ref, "1")]
        n["3V3"].append(("SW%d" % ref, "1"))
        n["GND"].append(("R%d" % ref, "2"))
    if e["battery"]["where"] != "board":
        # the battery divider across the switched cell lead, filtered for the ADC
        top, bottom = _divider_refs()
        n["VBAT_SW"].append((top, "1"))
        n["BAT_SENSE"] = [("U1", "GPIO%d" % e["battery"]["adc"]), (top, "2"), (bottom, "1"), ("C1", "1")]
        n["GND"] += [(bottom, "2"), ("C1", "2")]
    return n


def _divider_refs():
    """(top, bottom) references of the battery divider: after the pull-downs."""
    n = len(BUTTON_NAMES)
    return "R%d" % (n + 1), "R%d" % (n + 2)


def _parts(pins):
    """{ref: (value, [(pin name, kind)])}; kind: in/out/pwr_in/pwr_out/passive/nc."""
    e = pins["esp32"]
    u1 = [("3V3", "pwr_out"), ("GND", "pwr_in"), ("BAT", "pwr_in")]
    for role, gpio, direction in _roles(pins):
        u1.append(("GPIO%d" % gpio, "out" if direction == "out" else "in"))
    dsp = [(hdr, {"VCC": "pwr_in", "GND": "pwr_in", "BUSY": "out"}.get(hdr, "in")) for hdr, _ in EPD_HEADER]
    parts = {"U1": (e["profile"]["part"], u1),
             "DS1": (e["display"]["part"], dsp),
             "BT1": ("LiPo 3.7 V 1200 mAh", [("+", "pwr_out"), ("-", "pwr_out")]),
             "SW8": ("slide switch SPDT", [("COM", "passive"), ("ON", "passive"), ("OFF", "nc")])}
    for i in range(len(BUTTON_NAMES)):
        parts["SW%d" % (i + 1)] = ("B3F-1070", [("1", "passive"), ("2", "passive")])
        parts["R%d" % (i + 1)] = ("100k", [("1", "passive"), ("2", "passive")])
    bat = e["battery"]
    if bat["where"] != "board":
        top, bottom = _divider_refs()
        parts[top] = (ohms(bat["r_top"]), [("1", "passive"), ("2", "passive")])
        parts[bottom] = (ohms(bat["r_bottom"]), [("1", "passive"), ("2", "passive")])
        parts["C1"] = ("%dn" % bat["c_nf"], [("1", "passive"), ("2", "passive")])
    return parts


# KiCad footprints of the through-hole parts; the rest hang on wires
FOOTPRINTS = {"R": "Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P10.16mm_Horizontal",
              "C": "Capacitor_THT:C_Disc_D5.0mm_W2.5mm_P5.00mm",
              "SW": "Button_Switch_THT:SW_PUSH_6mm_H9.5mm"}
WIRED = {"U1": "handwired: wires soldered to the board's pins",
         "DS1": "handwired: the module's 8-pin JST PH cable",
         "BT1": "handwired: the cell's leads (JST PH 2-pin plug)",
         "SW8": "handwired: slide switch in the right wall"}


def footprint(ref):
    """The KiCad footprint of a part, or how it is wired when it has none."""
    return WIRED.get(ref) or FOOTPRINTS[re.sub(r"\d+$", "", ref)]


def _roles(pins):
    from host_tools.hardware.pins import esp32_roles
    e = pins["esp32"]
    # the battery sense pin is wired on the board itself
    return [r for r in esp32_roles(pins)
            if not (r[0] == "battery.adc" and e["battery"]["where"] == "board")]


def circuit(pins):
    """A fresh SKiDL circuit of the build; returns (circuit, nets(pins))."""
    skidl = _skidl()
    Pin = skidl.Pin
    kinds = {"in": Pin.types.INPUT, "out": Pin.types.OUTPUT, "pwr_in": Pin.types.PWRIN,
             "pwr_out": Pin.types.PWROUT, "passive": Pin.types.PASSIVE, "nc": Pin.types.NOCONNECT}
    circ = skidl.Circuit()
    circ.no_files = True          # no .erc/.log files beside the caller
    made = {}
    for ref, (value, plist) in _parts(pins).items():
        # a part with named pins (board, panel, cell, slide switch) is numbered
        # by its names, so the netlist says GPIO23, not 12
        part = skidl.Part(tool=skidl.SKIDL, name=re.sub(r"\d+$", "", ref), ref=ref, value=value,
                          circuit=circ, footprint=footprint(ref), tag=ref,
                          pins=[Pin(num=name, name=name, func=kinds[kind]) for name, kind in plist])
        made[ref] = part
    wiring = nets(pins)
    for name, ends in wiring.items():
        net = skidl.Net(name, circuit=circ)
        for ref, pin in ends:
            net += made[ref][pin]
        if name in ("GND", "VBAT_SW"):
            # GND is the cell's minus; VBAT_SW is the cell's plus through the
            # (passive) switch: both carry power, which ERC cannot see by itself
            net.drive = skidl.POWER
    for ref, (value, plist) in _parts(pins).items():
        for pname, kind in plist:
            if kind == "nc":
                made[ref][pname] += circ.NC
    return circ, wiring


def erc(pins):
    """(errors, warnings) of SKiDL's electrical rule check on the build."""
    return erc_of(circuit(pins)[0])


def netlist_text(pins):
    circ, _ = circuit(pins)
    skidl = _skidl()
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        text = circ.generate_netlist(tool=skidl.KICAD8, file_=io.StringIO())
    text = re.sub(r'\(date "[^"]*"\)', '(date "generated")', text)
    text = re.sub(r'\(source "[^"]*"\)', '(source "hardware/pins.json")', text)
    text = re.sub(r'\(name "SKiDL Line"\) "[^"]*"', '(name "SKiDL Line") "host_tools/hardware/schematic.py"', text)
    return text


def erc_of(circ):
    """(errors, warnings) of SKiDL's electrical rule check on circ."""
    from skidl.logger import erc_logger as log
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        circ.ERC()              # the logger's counts start from 0 each run
    return log.error.count, log.warning.count


def schematic_svg(pins):
    """The circuit drawn: power path, board, panel connector, buttons.

    Wires between blocks are drawn as net labels (the same name at both
    ends is one net), so the drawing stays readable and every net is named."""
    import schemdraw
    import schemdraw.elements as elm
    schemdraw.use("svg")
    e = pins["esp32"]
    wiring = nets(pins)
    gpio_net = {}
    for name, ends in wiring.items():
        for ref, pin in ends:
            if ref == "U1" and pin.startswith("GPIO"):
                gpio_net[pin] = name
    gpios = sorted(gpio_net, key=lambda g: int(g[4:]))
    d = schemdraw.Drawing(show=False)
    d.config(fontsize=11, unit=2.0)
    d += elm.Label().at((0, 3.5)).label(
        "Pocket Rummikub reference build - generated from hardware/pins.json", fontsize=13, halign="left")
    # power path: cell -> switch -> the board's battery input
    d += (bat := elm.BatteryCell().up().at((0, -4)).label("BT1\nLiPo 1200 mAh", loc="bottom"))
    d += elm.Line().up().length(1)
    d += elm.Dot()
    d += elm.Label().label("VBAT_CELL", loc="top")
    d += elm.Line().right().length(0.5)
    d += elm.Switch().right().label("SW8 power", loc="top")
    d += elm.Dot()
    d += elm.Label().label("VBAT_SW", loc="top")
    d += elm.Line().right().length(0.5)
    vbat_end = d.here
    d += elm.Line().down().at(bat.start).length(0.5)
    d += elm.Ground().label("GND", loc="right")
    # the board
    left = [elm.IcPin(name="GND", side="left"), elm.IcPin(name="3V3", side="left"), elm.IcPin(name="BAT", side="left")]
    right = [elm.IcPin(name=g, side="right") for g in gpios]
    u1 = elm.Ic(pins=left + right, size=(5, max(4, len(gpios) * 0.55)), pinspacing=0.55,
                edgepadW=0.5, edgepadH=0.4, leadlen=0.6)
    d += u1.theta(0).anchor("BAT").at((vbat_end[0] + 0.6, vbat_end[1]))
    d += elm.Line().at(vbat_end).to(u1.BAT)
    d += elm.Label().at((u1.BAT[0] + 0.8, u1.BAT[1] - 3.4)).label(
        "U1\n" + e["profile"]["part"].replace(" Low Power DevKit", "\nLow Power DevKit"), halign="left", fontsize=10)
    for p in ("3V3", "GND"):
        d += elm.Line().left().at(getattr(u1, p)).length(0.8)
        d += elm.Label().label(p, halign="right")
    for g in gpios:
        d += elm.Line().right().at(getattr(u1, g)).length(0.8)
        d += elm.Label().label(gpio_net[g], halign="left")
    # the panel's 8-pin header
    hdr = [elm.IcPin(name=h, side="left") for h, _ in EPD_HEADER]
    ds1 = elm.Ic(pins=hdr, size=(4.5, 4.8), pinspacing=0.55, edgepadH=0.5, leadlen=0.6,
                 label="DS1\nWaveshare 4.2in\ne-Paper Module V2\n(SSD1683)", lblsize=10)
    d += ds1.theta(0).at((19, -3))
    panel_net = {}
    for name, ends in wiring.items():
        for ref, pin in ends:
            if ref == "DS1":
                panel_net[pin] = name
    for h, _ in EPD_HEADER:
        d += elm.Line().left().at(getattr(ds1, h)).length(0.8)
        d += elm.Label().label(panel_net[h], halign="right")
    # buttons: 3V3 -> switch -> BTN_x (to the GPIO) -> 100k -> GND
    y0 = -11.5
    for i, b in enumerate(BUTTON_NAMES):
        x = i * 3.2
        net = "BTN_" + b.upper()
        d += elm.Vdd().at((x, y0 + 4)).label("3V3")
        d += elm.Button().down().at((x, y0 + 4)).length(2).label("SW%d\n%s" % (i + 1, b.upper()), loc="bottom")
        d += elm.Dot()
        d += elm.Line().right().length(0.4)
        d += elm.Label().label("%s\n(GPIO%d)" % (net, e["buttons"][b]), halign="left", fontsize=9)
        d += elm.Resistor().down().at((x, y0 + 2)).length(2).label("R%d\n100k" % (i + 1), loc="bottom")
        d += elm.Ground()
    if e["battery"]["where"] != "board":
        # the battery divider: VBAT_SW -> top -> BAT_SENSE (+ C1) -> bottom -> GND
        top, bottom = _divider_refs()
        bat = e["battery"]
        x = len(BUTTON_NAMES) * 3.2 + 0.8
        d += elm.Label().at((x, y0 + 4.3)).label("VBAT_SW")
        d += elm.Resistor().down().at((x, y0 + 4)).length(2).label("%s\n%s" % (top, ohms(bat["r_top"])),
                                                                  loc="bottom")
        d += elm.Dot()
        d += elm.Line().right().length(1.6)
        d += elm.Capacitor().down().length(2).label("C1\n%dn" % bat["c_nf"], loc="bottom")
        d += elm.Ground()
        d += elm.Label().at((x + 0.4, y0 + 2.3)).label("BAT_SENSE\n(GPIO%d)" % bat["adc"], halign="left",
                                                       fontsize=9)
        d += elm.Resistor().down().at((x, y0 + 2)).length(2).label("%s\n%s" % (bottom, ohms(bat["r_bottom"])),
                                                                  loc="bottom")
        d += elm.Ground()
    d += elm.Label().at((0, y0 - 2.2)).label(
        "Buttons: active high, external 100k pull-downs (hold in deep sleep; GPIO34-39 have no internal pulls). "
        "SPI %d MHz, MISO unused. Battery sense: %s on GPIO%d."
        % (e["spi"]["baudrate"] // 1000000, "the board's own divider" if e["battery"]["where"] == "board"
           else "the divider across the switched cell lead", e["battery"]["adc"]), fontsize=10, halign="left")
    return d.get_imagedata("svg").decode()
