from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from archive.api import views
from archive.common.api.token import obtain_expiring_token

router = DefaultRouter()
router.register("families", views.FamilyViewSet, basename="api-family")
router.register("members", views.MembershipViewSet, basename="api-member")
router.register("players", views.PlayerViewSet, basename="api-player")
router.register("sessions", views.SessionViewSet, basename="api-session")
router.register("hands", views.HandViewSet, basename="api-hand")
router.register("disputes", views.DisputeViewSet, basename="api-dispute")

urlpatterns = [
    path("referee/", views.RefereeView.as_view(), name="api-referee"),
    path("referee/legal/", views.LegalView.as_view(), name="api-referee-legal"),
    path("games/", views.GamesView.as_view(), name="api-games"),
    path("token/", obtain_expiring_token, name="api-token"),
    path("invitations/accept/", views.InvitationAcceptView.as_view(), name="api-invitation-accept"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # the split view serves Swagger UI's start-up script as a file: no inline script (CSP)
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
    path("", include(router.urls)),
]
