"""Meeple AI: agents, search and tournaments. Knows games only through the plugin contract."""
