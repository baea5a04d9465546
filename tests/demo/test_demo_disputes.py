"""The demo family's two open disputes with versions (issue 31): a Swik misdeal and a Seka showdown, each with
the hand as logged and a second story that the referee rules with other money."""

from django.core.management import call_command
from django.urls import reverse

from archive.models import Dispute, Family
from archive.table.selectors.disputes import dispute_comparison


def test_demo_has_a_swik_misdeal_and_a_seka_showdown_to_compare(db, capsys, client):
    call_command("demo", hands=300, hands_per_night=30, seka_nights=2, seed=4, family="The Dispute family")
    assert "2 open disputes with versions to compare" in capsys.readouterr().out
    family = Family.objects.get(name="The Dispute family")
    disputes = {
        d.hand.session.game: d
        for d in Dispute.objects.filter(family=family, status="open").exclude(versions=None).distinct()
    }
    assert set(disputes) == {"swik", "seka"}

    swik = dispute_comparison(disputes["swik"])
    assert disputes["swik"].title == "That was a misdeal!"
    logged, story = swik["versions"]
    assert logged["choosable"] and story["choosable"]  # the referee rules both; neither is a bad record
    assert any(v["rule"] == "swik.misdeal" for v in story["violations"])
    assert not any(v["rule"] == "swik.misdeal" for v in logged["violations"])
    # the dealer pays the misdeal: the dealer's money differs, and the night after the hand with it
    dealer = disputes["swik"].hand.dealer
    row = swik["money"][dealer]
    assert row["differs"] and row["nets"][1] < row["nets"][0]
    assert sum(story["net"]) == disputes["swik"].hand.pot_in - story["pot_out"]

    seka = dispute_comparison(disputes["seka"])
    assert disputes["seka"].title == "Who won the showdown?"
    logged, story = seka["versions"]
    assert story["choosable"] and any(r["differs"] for r in seka["money"])
    assert sum(story["net"]) == disputes["seka"].hand.pot_in - story["pot_out"]

    # A new user opens both from the family's disputes page and sees each side's story ruled.
    client.force_login(family.memberships.get(role="owner").user)
    listing = client.get(reverse("disputes", args=[family.slug])).content.decode()
    for dispute in disputes.values():
        assert dispute.title.replace("!", "") in listing.replace("&#x27;", "'").replace("!", "")
        page = client.get(reverse("dispute", args=[family.slug, dispute.pk])).content.decode()
        assert "Mary&#x27;s story" in page or "Mary's story" in page
        assert page.count("Settle: choose") == 2  # both versions may be chosen


def test_demo_second_family_reads_czech_and_plays_for_korunas(db, client):
    call_command("demo", hands=40, hands_per_night=20, seed=4, czech_nights=2, family="The Small family")
    family = Family.objects.get(name="Dvořákovi")
    assert family.currency == "czk" and family.timezone == "Europe/Prague"
    jana = family.memberships.get(role="owner").user
    assert jana.username == "jana" and jana.check_password("demo") and jana.account.language == "cs"
    assert family.memberships.filter(user__username="demo", role="editor").exists()
    games = set(family.sessions.values_list("game", flat=True))
    assert games == {"swik", "sedma"}
    client.force_login(jana)
    page = client.get(reverse("family", args=[family.slug])).content.decode()
    assert '<html lang="cs"' in page and "Kč" in page and "Večery" in page
