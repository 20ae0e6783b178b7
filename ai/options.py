"""Agent options: the ``key=value`` parts of a spec string, checked against a schema."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs
from meeple.core import BadOptions


@attrs.frozen
class AgentOption:
    """One option an agent accepts. ``check`` returns an error text or None."""

    name: str
    kind: type
    default: Any
    help: str
    check: Callable[[Any], str | None] | None = None

    def coerce(self, agent: str, text: str) -> Any:
        try:
            if self.kind is bool:
                low = text.strip().lower()
                if low not in ("1", "0", "true", "false", "yes", "no", "on", "off"):
                    raise ValueError(text)
                value: Any = low in ("1", "true", "yes", "on")
            else:
                value = self.kind(text)
        except ValueError:
            raise BadOptions(
                f"option {self.name!r} of agent {agent!r} takes {_kind_name(self.kind)}, "
                f"not {text!r}"
            ) from None
        problem = self.check(value) if self.check else None
        if problem:
            raise BadOptions(f"option {self.name!r} of agent {agent!r} {problem}, not {text!r}")
        return value


def _kind_name(kind: type) -> str:
    return {int: "a whole number", float: "a number", bool: "true or false"}.get(kind, "text")


def positive(value: float) -> str | None:
    return None if value > 0 else "must be above 0"


def non_negative(value: float) -> str | None:
    return None if value >= 0 else "must be 0 or more"


def parse_options(agent: str, schema: tuple[AgentOption, ...],
                  given: Mapping[str, str]) -> dict[str, Any]:
    """Defaults filled in, every given option checked; unknown names name the allowed ones."""
    known = {o.name: o for o in schema}
    for key in given:
        if key not in known:
            allowed = ", ".join(known) or "none"
            raise BadOptions(f"agent {agent!r} has no option {key!r}; its options are: {allowed}")
    return {name: (opt.coerce(agent, given[name]) if name in given else opt.default)
            for name, opt in known.items()}


def describe(schema: tuple[AgentOption, ...]) -> list[dict[str, Any]]:
    return [{"name": o.name, "default": o.default, "help": o.help} for o in schema]
