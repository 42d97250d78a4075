"""Benchmarks that print figures (``solvelab bench ...``); speed is never asserted by tests."""
