"""The betting shop's domain and use cases: pure Python, no Qt, no SQL."""
