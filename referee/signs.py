"""Signed numbers in the referee's words, written the one way the site writes them: the true minus sign
("Olga −14"), never a hyphen, so that a summary reads like the money and points beside it."""

MINUS = "\u2212"


def signed(n) -> str:
    """-14 -> "−14"; 48 -> "48" (a score: no plus)."""
    return f"{MINUS}{-n}" if n < 0 else str(n)
