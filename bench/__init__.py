"""Benchmarks for Duelhall (issue 8). Run from the project root, e.g. ``python -m bench.engines``.

Benchmarks print figures and write results under ``bench/results/``; they never assert times.
"""
