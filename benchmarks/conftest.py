"""Benchmarks are run on demand: `.venv/bin/pytest benchmarks/ --benchmark-only`."""
