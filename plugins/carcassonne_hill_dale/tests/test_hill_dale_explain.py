"""``? NAME`` and ``meeple rules``: every tile kind in words (its count in the box, its
edges unturned, each piece with its harvest, a junction, its animals counted as people
say them) and every feature of the game, found by name whatever the case or plural."""

from __future__ import annotations

import pytest
from hill_dale_helpers import GAME
from meeple_carcassonne_hill_dale.tiles import KINDS


@pytest.mark.parametrize(("topic", "text"), [
    ("start", "start (tile kind, 1 in the box, the start tile)\n"
              "  edges unturned: N field, E path, S meadow, W path\n"
              "  field touching N\n"
              "  path touching E-W"),
    ("straight", "straight (tile kind, 4 in the box)\n"
                 "  edges unturned: N path, E meadow, S path, W meadow\n"
                 "  path touching N-S"),
    ("Field-N-Junction-Scarecrow", "field-n-junction-scarecrow (tile kind, 1 in the box)\n"
     "  edges unturned: N field, E path, S path, W path\n"
     "  field touching N, harvest scarecrow\n"
     "  path touching E\n  path touching S\n  path touching W\n"
     "  a junction: its paths end here"),
    ("fields-e-w-strawberry", "fields-e-w-strawberry (tile kind, 1 in the box)\n"
     "  edges unturned: N meadow, E field, S meadow, W field\n"
     "  field touching E, harvest strawberry\n  field touching W\n  animals: 1 pig"),
    ("meadow-1", "meadow-1 (tile kind, 1 in the box)\n"
     "  edges unturned: N meadow, E meadow, S meadow, W meadow\n  animals: 3 sheep"),
    ("meadow-2", "meadow-2 (tile kind, 1 in the box)\n"
     "  edges unturned: N meadow, E meadow, S meadow, W meadow\n"
     "  animals: 2 horses, 1 pig"),
    ("meadow-5", "meadow-5 (tile kind, 1 in the box)\n"
     "  edges unturned: N meadow, E meadow, S meadow, W meadow\n"
     "  animals: 1 horse, 2 chickens"),
    (" field-all ", "field-all (tile kind, 1 in the box)\n"
     "  edges unturned: N field, E field, S field, W field\n  field touching N-E-S-W"),
])
def test_a_tile_kind_is_explained_with_its_edges_pieces_and_animals(topic, text):
    assert GAME.explain(topic) == text


@pytest.mark.parametrize(("topic", "name"), [
    ("path", "path"), ("Paths", "path"), ("fields", "field"), ("meadows", "meadow"),
    ("JUNCTION", "junction"), ("wanderers", "wanderer"), ("farmer", "farmer"),
    ("stables", "stable"), ("walks", "walk"), ("harvest", "harvest"),
    ("animals", "animals"), ("animal", "animals"),
])
def test_a_feature_is_found_by_its_name_in_any_case_or_plural(topic, name):
    from meeple_carcassonne_hill_dale.words import FEATURES

    assert GAME.explain(topic) == f"{name}: {FEATURES[name]}"


def test_the_features_state_the_points_scoring_gives():
    assert GAME.explain("path").startswith(
        "path: a path ends at junctions and fields; closed, it scores 1 point per tile")
    assert "it scores 2 points per tile to its farmers' majority" in GAME.explain("field")


@pytest.mark.parametrize("topic", ["nonsense", "", "meadow-7", "s", "pat", "pathss"])
def test_an_unknown_topic_explains_nothing(topic):
    assert GAME.explain(topic) is None


def test_the_topics_list_every_tile_kind_and_feature_and_the_table_names_the_tie_break():
    topics = GAME.topics()
    assert topics["tile kinds"] == [k.id for k in KINDS] and len(KINDS) == 64
    assert topics["features"] == ["path", "field", "meadow", "junction", "wanderer",
                                  "farmer", "stable", "walk", "harvest", "animals"]
    assert GAME.describe_table(None) == [
        "tie-break: players with equal points at the end share the rank"]
