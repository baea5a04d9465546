"""Every game has its rule book page, and every rule id its referee can name in a violation links to the
paragraph that rules it (the hand page's violations link there)."""

import re
from pathlib import Path

import pytest

from referee.games import MODULES

ROOT = Path(__file__).resolve().parent.parent.parent


def rule_ids(game):
    sources = "".join(
        p.read_text() for p in sorted((ROOT / "referee/games" / game).glob("*.py")) if p.name != "generate.py"
    )
    return sorted(set(re.findall(rf'"({game}\.[a-z][a-z-]*)"', sources)))


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(MODULES))
def test_each_game_has_its_rule_book_with_every_rule_id_anchored(client, owner, family, game):
    client.force_login(owner)
    response = client.get(f"/families/{family.slug}/rules/{game}/")
    assert response.status_code == 200
    page = response.content.decode()
    ids = rule_ids(game)
    assert ids, f"{game}: the referee names no rule"
    missing = [rule_id for rule_id in ids if f'<a id="{rule_id}">' not in page]
    assert not missing, f"{game}: rule ids without a paragraph: {missing}"
    assert "../seeds" not in page
