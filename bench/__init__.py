"""Benchmarks, run as modules from the repository root."""
