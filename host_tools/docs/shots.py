"""The player guide's screenshots, made from the golden screens.

The golden screens are what the UI tests compare the app's frames with
(tests/ui/golden/, tests/gin/golden/), so a screenshot here is the screen
the app draws today.  Each is written 2x (nearest neighbour, the pixels
stay crisp) into docs/img/, which is committed: the guides show them on
GitHub and the site builds from a plain checkout.  `make docs-img`
(`python -m host_tools docs --images`) writes them again after the
screens change; tests/docs/test_docs.py fails while any pixel of a
committed one differs from what that would write.
"""
import os

from host_tools import ROOT

IMG = os.path.join(ROOT, "docs", "img")
SCALE = 2
# docs/img name -> the golden screen it is made from (relative to ROOT)
SHOTS = {
    "title.png": "tests/ui/golden/title.png",
    "setup.png": "tests/ui/golden/setup.png",
    "privacy.png": "tests/ui/golden/privacy.png",
    "play.png": "tests/ui/golden/play.png",
    "propose.png": "tests/ui/golden/propose.png",
    "refused.png": "tests/ui/golden/refused.png",
    "menu.png": "tests/ui/golden/menu.png",
    "help.png": "tests/ui/golden/help.png",
    "review.png": "tests/ui/golden/review.png",
    "result.png": "tests/ui/golden/result.png",
    "scoreboard.png": "tests/ui/golden/scoreboard.png",
    "history.png": "tests/ui/golden/history.png",
    "settings.png": "tests/ui/golden/settings.png",
    "watch.png": "tests/ui/golden/watch.png",
    "table_lobby.png": "tests/ui/golden/table_lobby.png",
    "table_turn.png": "tests/ui/golden/table_turn.png",
    "table_quiet.png": "tests/ui/golden/table_quiet.png",
    "table_lobby_gin.png": "tests/ui/golden/table_lobby_gin.png",
    "table_gin_turn.png": "tests/ui/golden/table_gin_turn.png",
    "gin_setup.png": "tests/gin/golden/gin_setup.png",
    "gin_draw.png": "tests/gin/golden/gin_draw.png",
    "gin_knock.png": "tests/gin/golden/gin_knock.png",
    "gin_hand.png": "tests/gin/golden/gin_hand.png",
    "gin_over.png": "tests/gin/golden/gin_over.png",
}
# copied as they are (already a screenshot of their own)
COPIES = {"web.png": "web/screenshot.png"}


def make(out=IMG):
    """Write every screenshot into `out`; returns the paths written (a
    file whose pixels are already those is left as it is)."""
    from PIL import Image
    os.makedirs(out, exist_ok=True)
    written = []
    for name, src in sorted(SHOTS.items()):
        im = Image.open(os.path.join(ROOT, src))
        im = im.resize((im.width * SCALE, im.height * SCALE), Image.NEAREST)
        path = os.path.join(out, name)
        if not same_pixels(path, im):
            im.save(path, optimize=True)
        written.append(path)
    for name, src in sorted(COPIES.items()):
        path = os.path.join(out, name)
        if not same_pixels(path, Image.open(os.path.join(ROOT, src))):
            with open(os.path.join(ROOT, src), "rb") as f, open(path, "wb") as g:
                g.write(f.read())
        written.append(path)
    return written


def same_pixels(path, im):
    """True if the PNG at path has im's size and pixels (False if missing)."""
    from PIL import Image, ImageChops
    if not os.path.exists(path):
        return False
    old = Image.open(path)
    if old.size != im.size:
        return False
    a, b = old.convert("RGB"), im.convert("RGB")
    return ImageChops.difference(a, b).getbbox() is None
