"""Every card's one-line text (the hand listing) says all that the card does: each kind of
effect in the card's data shows in its line, and no line starts with a stray separator."""

from __future__ import annotations

from meeple_terraforming_mars.cards import CARDS
from meeple_terraforming_mars.cardtext import effects, hand_line

#: For each effect kind of the card data, what its line must say.
SAYS = {
    "prod": ("production",), "prod_per": ("production per",), "gain": ("gain ", "lose "),
    "gain_per": ("per",), "tr": ("TR",), "temp": ("temperature",), "oxygen": ("oxygen",),
    "oceans": ("ocean",), "tile": (" tile",), "remove": ("remove", "steal"),
    "reduce": ("production",), "add": ("add ",), "draw": ("draw ",),
    "discount": (" less",), "choice": ("either ",), "action": ("action: ",),
    "vp": ("VP",), "resource": ("holds ",), "start_res": ("starts with",),
}
NOT_EFFECTS = {"number", "name", "cost", "type", "tags", "req", "effect", "special"}


def test_every_card_line_says_each_of_its_effects() -> None:
    missing = []
    for name, card in CARDS.items():
        line = hand_line(name, card["cost"])
        body = line.split("] ", 1)[1]
        assert body and not body.startswith(";"), line
        for kind in card:
            if kind in NOT_EFFECTS:
                continue
            assert kind in SAYS, f"{name}: no check for the effect kind {kind!r}"
            if not any(word in body for word in SAYS[kind]):
                missing.append(f"{name}: {kind} not in {body!r}")
        if card.get("effect"):
            assert card["effect"] in body, name
        special = card.get("special")
        if isinstance(special, str) and special != "steal":
            assert special in body, name
        for option in card.get("choice", []):  # each side of an either-or is said
            said = "; ".join(effects(option))
            assert said and said in body.split("either ", 1)[1], (name, option)
    assert not missing, "\n".join(missing)
