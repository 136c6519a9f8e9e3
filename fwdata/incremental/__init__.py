"""Incremental builds: what a build keeps in its folder (sources, check results, outputs) for the next one to reuse."""
