from meeple.core.testing import GameContract
from meeple_terraforming_mars import TerraformingMars


class TestContract(GameContract):
    game = TerraformingMars()
    player_counts = (2, 3, 4, 5, 1)
    option_sets = ({}, {"corporations": "beginner"}, {"draft": True}, {"corporate_era": True})
    random_games = 1000  # about 40 s of CPU: a random game is 250-600 commands
    # fold places the opening events and applies each event's recorded delta; the log
    # lines come from render: every other module is forbidden in a replay
    fold_modules = ("meeple_terraforming_mars.delta", "meeple_terraforming_mars.opening",
                    "meeple_terraforming_mars.render")

    def test_wrong_player_is_refused(self) -> None:
        # Everyone chooses a corporation at once, so the check is made in the action phase.
        from meeple.core import IllegalCommand, LocalGame

        local = LocalGame(self.game, self.game.default_players(2), seed=5)
        while local.state.phase != "action":
            p = local.to_act()[0]
            local.play(p, self.game.legal(local.state, p)[0])
        acting = local.to_act()[0]
        idle = next(p for p in local.players if p != acting)
        cmd = self.game.legal(local.state, acting)[0]
        n = len(local.log)
        try:
            local.play(idle, cmd)
        except IllegalCommand:
            pass
        else:
            raise AssertionError("a player out of turn was allowed to act")
        assert len(local.log) == n
