"""Card backs: the neutral back every card kind prints with `--backs` (game name and card kind, no rulebook art)."""

from __future__ import annotations

from fwdata.render.layout import Rect
from fwdata.render.pdf import Page
from fwdata.units import inches

SAFE_PT = inches(0.125)  # the frame sits on the safe line, 9 pt inside the trim (docs/printing.md)
FRAME_GAP_PT = 4.0
BACKGROUND_GRAY = 0.9
MAX_TITLE_PT = 28.0


def draw_card_back(page: Page, game: str, kind: str) -> None:
    """Draw a card back on `page`: a tint into the bleed, a double frame on the safe line, `game` over `kind`.

    The tint covers the trim and the page's bleed, so a cut a little off the line
    shows no white edge; frames and text stay inside the safe area. The design is
    symmetric about the card's centre lines, so it registers however the card turns.
    """
    page.rect(page.box.inset(-page.bleed_pt), stroke=False, fill_gray=BACKGROUND_GRAY)
    frame = page.box.inset(SAFE_PT)
    page.rect(frame, width=1.2)
    inner = frame.inset(FRAME_GAP_PT)
    page.rect(inner, width=0.4)
    title_pt = min(MAX_TITLE_PT, inner.width / 8)
    middle = inner.y + inner.height / 2
    text = inner.inset(FRAME_GAP_PT, 0)
    kind_pt = max(7.0, title_pt / 2)
    page.fit_text(Rect(text.x, middle + 2, text.width, title_pt * 1.2), game, title_pt, bold=True, align="centre",
                  truncate=True)
    page.line(text.x + text.width / 4, middle, text.right - text.width / 4, middle, 0.6)
    page.fit_text(Rect(text.x, middle - 2 - kind_pt * 1.4, text.width, kind_pt * 1.4), kind, kind_pt, italic=True,
                  align="centre", truncate=True)
