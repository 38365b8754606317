"""Payouts and the cash payout journal: the payout rules, the journal's entries, the two
steps of a payout and the use cases."""
