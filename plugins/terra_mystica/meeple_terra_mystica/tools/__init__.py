"""Research tools for Terra Mystica's agent and rules, each run as a module, e.g.
``python -m meeple_terra_mystica.tools.ai_strength --games 20`` (docs/ai.md,
docs/games/terra-mystica.md). They play and measure with game objects of their own:
evaluate's weights are handed to a ``TerraMystica`` as a ``Weights`` value, never set on
the plugin's modules.

- ``ai_strength``: four-player games between agents; VP, buildings, towns, wins.
- ``eval_h2h``: today's weights against others, two seats each.
- ``faction_record``: each faction's mean VP as the heuristic agent plays it.
- ``heuristic_speed``: the heuristic agent's CPU time per decision on recorded positions.
- ``legal_coverage``: is ``legal`` complete on every league record.
- ``read_game``: one agent game printed row by row with the acting faction's state.
- ``replay_all``: replay every league record, first mismatch per game.
- ``tune_eval``: search evaluate's weights by self-play.
- ``worker_ledger``: where each faction's workers come from and go.

``ai_strength`` and ``read_game`` are also ``meeple tm-strength`` and ``meeple
tm-read-game`` (the ``meeple_commands`` hook of meeple_terra_mystica.plugin).
"""
