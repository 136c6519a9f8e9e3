"""Source stage: find YAML files and load them into located documents."""

from fwdata.sources.discover import discover_sources
from fwdata.sources.document import SourceDocument
from fwdata.sources.yaml_loader import LoadLimits, load_source, load_sources

__all__ = ["LoadLimits", "SourceDocument", "discover_sources", "load_source", "load_sources"]
