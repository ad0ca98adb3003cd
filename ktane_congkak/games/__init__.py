"""The traditional games: rules of play, saved games, computer players and both front ends."""
