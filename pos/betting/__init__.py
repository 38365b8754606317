"""Betting at the counter: bet kinds and limits, pricing, slips and their numbers, the 5-minute
window, the counter's use cases and the slip's printing."""
