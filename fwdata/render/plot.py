"""The chart adapter: the only module that imports matplotlib (an optional dependency, `fwdata[plot]`)."""

from __future__ import annotations

import importlib.util
import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from fwdata.errors import UsageError

PLOT_FORMATS = ("png", "pdf")


@dataclass(frozen=True)
class Series:
    """One line of a chart: a label and its points."""

    label: str
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    marker_only: bool = False


@dataclass(frozen=True)
class Panel:
    """One chart: a title, axis labels and its lines."""

    title: str
    x_label: str
    y_label: str
    series: tuple[Series, ...] = field(default_factory=tuple)


def require_plotting() -> None:
    """Raise UsageError (exit 2) now when matplotlib is missing, before any report is printed."""
    if importlib.util.find_spec("matplotlib") is None:
        raise UsageError("plotting needs matplotlib: pip install 'fwdata[plot]'")


def render_panels(panels: Sequence[Panel], image_format: str, *, title: str, columns: int = 2) -> bytes:
    """Draw `panels` in a grid and return the image bytes (png or pdf, reproducible).

    Raises UsageError when matplotlib is not installed or the format is unknown.
    """
    if image_format not in PLOT_FORMATS:
        raise UsageError(f"plot format {image_format!r} is not one of {', '.join(PLOT_FORMATS)}")
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        raise UsageError("plotting needs matplotlib: pip install 'fwdata[plot]'") from None
    rows = max(1, -(-len(panels) // columns))
    figure, axes = pyplot.subplots(rows, columns, figsize=(5.5 * columns, 3.2 * rows), squeeze=False)
    for index, panel in enumerate(panels):
        axis = axes[index // columns][index % columns]
        for series in panel.series:
            style = {"linestyle": "none", "marker": "o"} if series.marker_only else {"marker": "."}
            axis.plot(series.xs, series.ys, label=series.label, **style)
        axis.set_title(panel.title, fontsize=9)
        axis.set_xlabel(panel.x_label, fontsize=8)
        axis.set_ylabel(panel.y_label, fontsize=8)
        axis.tick_params(labelsize=7)
        axis.grid(alpha=0.3)
        if panel.series:
            axis.legend(fontsize=6)
    for index in range(len(panels), rows * columns):
        axes[index // columns][index % columns].axis("off")
    figure.suptitle(title, fontsize=11)
    figure.tight_layout(rect=(0, 0, 1, 1 - 0.45 / (3.2 * rows)))
    buffer = io.BytesIO()
    metadata = {"Software": None} if image_format == "png" else {"Creator": "fwdata", "CreationDate": None}
    figure.savefig(buffer, format=image_format, dpi=110, metadata=metadata)
    pyplot.close(figure)
    return buffer.getvalue()
