# Tournaments, entrants, rounds and standings land here.
