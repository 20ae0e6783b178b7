"""What bench_games.py needs to know of one game, one module per game named after it
(``terra-mystica`` -> ``terra_mystica.py``), each with a ``PROFILE`` (game_bench.Profile).
A game without a module here is measured with the default profile."""
