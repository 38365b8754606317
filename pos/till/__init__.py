"""The till: the fiscal register and its receipts, X and Z reports, shifts and cash, printers."""
