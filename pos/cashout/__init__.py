"""Cash-out (issue 38): the shop buys an open slip back before its events start,
where its conditions announce it."""
