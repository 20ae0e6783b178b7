"""Built-in agents by name. Being written; see issue 3."""


def builtin_agents() -> dict:
    return {}
