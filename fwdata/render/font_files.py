"""The house fonts' names and files (Bitstream Vera, shipped with reportlab), known without loading reportlab."""

FONT = "FwSans"
FONT_BOLD = "FwSans-Bold"
FONT_ITALIC = "FwSans-Oblique"
FONT_FILES = {FONT: "Vera.ttf", FONT_BOLD: "VeraBd.ttf", FONT_ITALIC: "VeraIt.ttf"}
