"""Over Hill and Dale: three players; ISMCTS 20 random commands in, with random play-outs
to the end and with an 8-ply cut-off."""

from game_bench import Profile, position

PROFILE = Profile(players=3, search_position=lambda game: position(game, 3, 20),
                  searches=((0, 100), (8, 400)))
