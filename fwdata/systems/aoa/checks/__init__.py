"""Ace of Aces cross-checks: plane stats relations, chart shapes and monotonicity, campaign tables, book invariants."""

from fwdata.systems.aoa.checks.books import check_books
from fwdata.systems.aoa.checks.charts import check_charts
from fwdata.systems.aoa.checks.run import run_checks

__all__ = ["check_books", "check_charts", "run_checks"]
