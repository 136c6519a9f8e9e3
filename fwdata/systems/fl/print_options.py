"""Flight Leader's own print options: the card's trim size and `--verdicts` (no drawing code: a check imports it)."""

from fwdata.options import SystemOption
from fwdata.render.layout import Size
from fwdata.units import inches

CARD = Size(inches(5), inches(3))  # a Flight Leader aircraft card is a 5 x 3 in index card
VERDICTS = SystemOption("verdicts", False, "Print the checks' verdicts on Flight Leader scenario sheets (printed "
                        "points against the rules); players' sheets leave them out, fl/crosscheck.md always has them.")
