"""Utopia: four players; ISMCTS 60 random commands in (phase 2 of the first round or
later), with every rollout played out (hundreds of plies) and cut after 40 plies."""

from game_bench import Profile, position

PROFILE = Profile(players=4, search_position=lambda game: position(game, 4, 60),
                  searches=((0, 50), (40, 200)))
