"""Benchmarks (``make bench``): the rules engine against OpenSpiel's hearts, side by side."""
