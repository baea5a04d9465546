"""bench/floor.py's URLs: the site's, plus the two floors it measures against (never in the site's URLs)."""

from django.http import JsonResponse
from django.urls import include, path
from rest_framework.response import Response
from rest_framework.views import APIView


def bare(request):
    """What Django itself costs: a view returning a small JSON."""
    return JsonResponse({"ok": True, "floor": "django"})


class BareApi(APIView):
    """What DRF costs with the project's own authentication and permission (its REST_FRAMEWORK defaults)."""

    def get(self, request):
        return Response({"ok": True, "floor": "drf", "user": request.user.pk})


urlpatterns = [
    path("__floor__/bare/", bare),
    path("__floor__/drf/", BareApi.as_view()),
    path("", include("config.urls")),
]
