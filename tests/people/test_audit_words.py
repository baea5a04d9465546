"""Issue 32: the audit log reads in the reader's language, its lines made from each entry's data when the page
is read (an entry written while the family read English reads in Czech to a Czech owner); English as before."""

import pytest
from django.urls import reverse

from archive.models import Player
from archive.people import invitations
from archive.people import services as people_services
from archive.table import services
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "language, lines",
    [
        (
            "en",
            [
                "player Grandpa added",
                "Uncle Joe merged into Dad",
                "invitation as editor made",
                "editor: editor → viewer",
                "dispute “Misdeal!” on hand 1: version 2 chosen: four cards",
            ],
        ),
        (
            "cs",
            [
                "přidán hráč Grandpa",
                "sloučení hráčů: Uncle Joe → Dad",
                "vytvořena pozvánka (role zapisovatel)",
                "editor: zapisovatel → čtenář",
                "spor „Misdeal!“ o rozdání č. 1: vybrána verze 2: four cards",
            ],
        ),
        (
            "ru",
            [
                "добавлен игрок Grandpa",
                "объединение игроков: Uncle Joe → Dad",
                "создано приглашение (роль «редактор»)",
                "editor: редактор → читатель",
                "спор «Misdeal!» по раздаче № 1: выбрана версия 2: four cards",
            ],
        ),
    ],
)
def test_the_audit_log_reads_in_the_readers_language(client, family, owner, editor, hands, language, lines):
    people_services.player_create(family=family, name="Grandpa", by=owner)
    services.players_merge(
        keep=Player.objects.get(family=family, name="Dad"),
        merge=Player.objects.get(family=family, name="Uncle Joe"),
        by=owner,
    )
    invitations.invitation_create(family=family, role="editor", by=owner)
    people_services.member_add(family=family, user=editor, role="viewer", by=owner)
    dispute = services.dispute_open(hand=hands[0], title="Misdeal!", text="Joe had four cards", by=owner)
    version = services.version_propose(
        dispute=dispute, record=factories.example_record("05-misdeal"), by=owner, why="four cards"
    )
    services.dispute_settle(dispute=dispute, version=version, by=owner, why="four cards")
    client.force_login(owner)
    page = client.get(reverse("audit", args=[family.slug]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for line in lines:
        assert line in page, line
