"""fwdata: validate, cross-check and print data for tabletop air-combat wargames."""

__version__ = "0.1.0"
