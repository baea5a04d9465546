"""The "How to" page: the user's guide (docs/guide.md), for anyone, logged in or not."""

from django.shortcuts import render

from archive.guide import guide_html


def guide(request):
    title, body = guide_html()
    return render(request, "archive/guide.html", {"title": title, "body": body})
