"""Validation stage: documents checked against their kinds' JSON Schemas, and the text and override checks."""
