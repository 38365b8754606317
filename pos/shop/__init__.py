"""The shop: the service API (`Shop` for the system, `Desk` for a signed-in user) and the demo."""
