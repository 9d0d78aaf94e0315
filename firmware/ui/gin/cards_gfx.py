"""Cards on the 1-bit panel: a framed card, its rank at the top left and
a suit shape below.  Spades and clubs are solid, hearts and diamonds
hollow (the red suits), so the four tell apart at a glance."""
from ui.gfx import BLACK, WHITE, big_text, hatch
from gin.cards import RANKS
from ui.layout import W as SCREEN_W

W = 30          # a full card
H = 42
SW = 22         # a small card (result screens)
SH = 30

# 9x9 suit shapes, one int per row, bit 8 = leftmost pixel
_SHAPES = (
    (0x010, 0x038, 0x07C, 0x0FE, 0x1FF, 0x1FF, 0x0D6, 0x010, 0x038),   # spade
    (0x0C6, 0x1EF, 0x1FF, 0x1FF, 0x0FE, 0x07C, 0x038, 0x010, 0x000),   # heart
    (0x010, 0x038, 0x07C, 0x0FE, 0x1FF, 0x0FE, 0x07C, 0x038, 0x010),   # diamond
    (0x038, 0x07C, 0x07C, 0x1BB, 0x1FF, 0x1AB, 0x010, 0x038, 0x000),   # club
)


def _bit(rows, x, y):
    if x < 0 or y < 0 or x > 8 or y > 8:
        return 0
    return (rows[y] >> (8 - x)) & 1


def draw_suit(fb, x, y, suit, scale=1, col=BLACK):
    rows = _SHAPES[suit]
    hollow = suit == 1 or suit == 2
    for yy in range(9):
        for xx in range(9):
            if not _bit(rows, xx, yy):
                continue
            if hollow and _bit(rows, xx - 1, yy) and _bit(rows, xx + 1, yy) and \
                    _bit(rows, xx, yy - 1) and _bit(rows, xx, yy + 1):
                continue
            fb.fill_rect(x + xx * scale, y + yy * scale, scale, scale, col)


def draw_card(fb, x, y, c, small=False, lifted=False, mark=False):
    """Card code c with its top-left corner at x, y.  lifted: drawn 6 px
    higher (the cursor); mark: an underline bar (laid off, new)."""
    w, h = (SW, SH) if small else (W, H)
    if lifted:
        y -= 6
    fb.fill_rect(x, y, w, h, WHITE)
    fb.rect(x, y, w, h, BLACK)
    r = RANKS[c % 13]
    if small:
        fb.text(r, x + 2 if len(r) == 2 else x + 3, y + 3, BLACK)
        draw_suit(fb, x + 7, y + 16, c // 13, 1)
    else:
        if len(r) == 2:
            big_text(fb, r, x + 3, y + 3, 1, 2)
        else:
            big_text(fb, r, x + 3, y + 3, 2, 2)
        draw_suit(fb, x + 6, y + 21, c // 13, 2)
    if mark:
        fb.fill_rect(x + 2, y + h + 2, w - 4, 3, BLACK)


def draw_back(fb, x, y, small=False):
    w, h = (SW, SH) if small else (W, H)
    fb.fill_rect(x, y, w, h, WHITE)
    fb.rect(x, y, w, h, BLACK)
    hatch(fb, x + 3, y + 3, w - 6, h - 6)


def group_xs(groups, x0, step, gap):
    """x of every card when groups (lists) are laid left to right."""
    xs = []
    x = x0
    for g in groups:
        for _ in g:
            xs.append(x)
            x += step
        x += gap
    return xs


def row_width(groups, step, gap, w):
    n = 0
    for g in groups:
        n += len(g)
    return n * step + (len(groups) - 1) * gap - (step - w) if n else 0


def draw_group_row(fb, groups, y, small=True, marks=(), x0=None):
    """Groups of cards on one row, centred unless x0 is given; cards in
    marks get the underline bar."""
    step, gap, w = (SW + 1, 6, SW) if small else (W + 2, 8, W)
    if x0 is None:
        x0 = (SCREEN_W - row_width(groups, step, gap, w)) // 2
    xs = group_xs(groups, x0, step, gap)
    i = 0
    for g in groups:
        for c in g:
            draw_card(fb, xs[i], y, c, small, mark=c in marks)
            i += 1
    return xs
