"""Fighting Wings' own print options: the ADC trim sizes and `--card-size` (no drawing code: a check imports it)."""

from fwdata.options import SystemOption
from fwdata.render.layout import Size
from fwdata.units import inches, mm

# The ADC's trim sizes: the rulebooks do not give the printed size (DESIGN.md outputs table).
CARD_SIZES = {"half-letter": Size(inches(8.5), inches(5.5)), "a5": Size(mm(210), mm(148))}
CARD_SIZE = SystemOption("card-size", "half-letter", "Trim size of Fighting Wings Aircraft Data Cards.",
                         choices=tuple(CARD_SIZES))
