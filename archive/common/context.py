"""What every page's template knows of its reader: the money unit its amounts are written in (the scripts
write theirs the same way, from the page's <html data-money>)."""

from archive.common import money


def reader(request):
    return {"money_unit": money.active()}
