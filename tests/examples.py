"""The public examples of every game in tests/data/ (and the bad records), as the JSON text a page sends:
what the offline referee and the server must answer alike."""

from pathlib import Path

DATA = Path(__file__).parent / "data"
GAMES = ("swik", "sedma", "seka", "poker", "rummy", "bad")


def public_examples():
    """[(name, JSON text)] of every record in tests/data/<game>/ (not the expected rulings beside them)."""
    out = []
    for game in GAMES:
        for f in sorted((DATA / game).glob("*.json")):
            if not f.name.endswith((".ruling.json", ".expect.json")):
                out.append((f"{game}/{f.stem}", f.read_text(encoding="utf-8")))
    return out
