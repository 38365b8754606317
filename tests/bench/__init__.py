"""Benchmarks (`make bench`).

Each figure is one line: `bench: NAME value=V unit=U ref=R ref_name=WHAT ratio=V/R`.
"""
