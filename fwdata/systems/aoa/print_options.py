"""Ace of Aces' own print sizes (no drawing code: a check imports it)."""

from fwdata.render.layout import Size
from fwdata.units import inches

POKER = Size(inches(2.5), inches(3.5))  # an Ace of Aces plane card is poker size
