"""The machine-learning hooks of a Game (``action_count``, ``encode_action``,
``decode_action``, ``observation_size``, ``observation``; docs/rl.md) taken from two of
the game's own modules, for a game that numbers its actions and its view there:

    class Utopia(Encoded, Game):
        encoding = encoding        # ACTION_COUNT, encode_action, decode_action
        observing = observation    # OBSERVATION_SIZE, observe
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar


class Encoded:
    """A mixin, before ``Game`` in the bases: the hooks delegate to ``encoding`` and
    ``observing``, and the two sizes are read from them when the class is made."""

    encoding: ClassVar[ModuleType]
    observing: ClassVar[ModuleType]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "encoding" in cls.__dict__:
            cls.action_count = cls.encoding.ACTION_COUNT
        if "observing" in cls.__dict__:
            cls.observation_size = cls.observing.OBSERVATION_SIZE

    def encode_action(self, command: Any, state: Any) -> int:
        return self.encoding.encode_action(command, state)

    def decode_action(self, index: int, state: Any, player: str) -> Any:
        return self.encoding.decode_action(index, state, player)

    def observation(self, view: Any, player: str) -> list[float]:
        return self.observing.observe(view, player)
