"""Rendering: geometry in points (layout, imposition) and the one PDF adapter (pdf.py)."""
