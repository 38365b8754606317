"""The people at the terminal: users, PINs and their locks, the permission matrix, the actor
a use case acts for, the player's document and its MRZ."""
