"""Draw games as rooms (issue 36): the interface a game implements and the games the shop sells."""
