"""Player accounts (issue 19): one per identity document at the organiser, its number with a
check code, its balance a ledger of free and blocked money that never goes below zero."""
