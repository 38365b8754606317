"""Results and settlement: results and their files, the settlement rules (pure), the batch
settlement, the results' use cases."""
