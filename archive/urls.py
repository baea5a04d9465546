"""The site's URLs, composed from each part's views (the statistics' own are archive.stats.urls, included
by config.urls); the API's router registers each part's view sets. Names and paths are the API's contract."""

from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from archive import views
from archive.common.api.token import obtain_expiring_token
from archive.history import api as history_api
from archive.history import views as history
from archive.people import views as people
from archive.people.api import families
from archive.table.api import disputes as disputes_api
from archive.table.api import hands as hands_api
from archive.table.api import players as players_api
from archive.table.api import referee as referee_api
from archive.table.api import sessions as sessions_api
from archive.table.views import disputes, flow, hands, install, nights, offline, players

router = DefaultRouter()
router.register("families", history_api.FamilyViewSet, basename="api-family")  # with the history's actions
router.register("members", families.MembershipViewSet, basename="api-member")
router.register("players", players_api.PlayerViewSet, basename="api-player")
router.register("sessions", sessions_api.SessionViewSet, basename="api-session")
router.register("hands", hands_api.HandViewSet, basename="api-hand")
router.register("disputes", disputes_api.DisputeViewSet, basename="api-dispute")

api_urls = [
    path("referee/", referee_api.RefereeView.as_view(), name="api-referee"),
    path("referee/legal/", referee_api.LegalView.as_view(), name="api-referee-legal"),
    path("referee/next/", referee_api.NextView.as_view(), name="api-referee-next"),
    path("games/", referee_api.GamesView.as_view(), name="api-games"),
    path("token/", obtain_expiring_token, name="api-token"),
    path("invitations/accept/", families.InvitationAcceptView.as_view(), name="api-invitation-accept"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # the split view serves Swagger UI's start-up script as a file: no inline script (CSP)
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
    path("", include(router.urls)),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("how-to/", views.guide, name="guide"),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout/", install.LogoutView.as_view(), name="logout"),
    path("api/", include(api_urls)),
    path("manifest.webmanifest", install.web_manifest, name="web-manifest"),
    path("sw.js", install.service_worker, name="service-worker"),
    path("offline/manifest.json", offline.manifest, name="offline-manifest"),
    path("offline/referee-<str:digest>.zip", offline.referee_archive, name="offline-referee"),
    path("offline/worker.js", offline.worker, name="offline-worker"),
    path("account/", people.account, name="account"),
    path("language/", people.language, name="language"),
    path("jsi18n/<str:language>/", people.javascript_catalog, name="javascript-catalog"),
    path("families/<slug:slug>/currency/", people.family_currency, name="family_currency"),
    path("invite/", people.invitation_code, name="invitation_code"),
    path("invite/<str:code>/", people.invitation, name="invitation"),
    path("families/<slug:slug>/audit/", people.audit_page, name="audit"),
    path("families/<slug:slug>/invitations/<int:pk>/revoke/", people.invitation_revoke, name="invitation_revoke"),
    path("families/<slug:slug>/players/<int:pk>/unmerge/", players.player_unmerge, name="player_unmerge"),
    path("families/<slug:slug>/", views.family_page, name="family"),
    path("families/<slug:slug>/members/", people.member_add, name="member_add"),
    path("families/<slug:slug>/members/<int:pk>/", people.member_change, name="member_change"),
    path("families/<slug:slug>/players/<int:pk>/", views.player_page, name="player"),
    path("families/<slug:slug>/players/<int:pk>/merge/", players.player_merge, name="player_merge"),
    path("families/<slug:slug>/sessions/new/", nights.session_new, name="session_new"),
    path("families/<slug:slug>/sessions/again/", flow.session_again, name="session_again"),
    path("families/<slug:slug>/rules/<str:game>/", flow.rules_page, name="rules"),
    path("families/<slug:slug>/sessions/<int:pk>/", nights.session_page, name="session"),
    path("families/<slug:slug>/sessions/<int:pk>/log/", nights.hand_log, name="hand_log"),
    path("families/<slug:slug>/hands/<int:pk>/", hands.hand_page, name="hand"),
    path("families/<slug:slug>/hands/<int:pk>/history/", hands.hand_history, name="hand_history"),
    path("families/<slug:slug>/hands/<int:pk>/edit/", hands.hand_edit, name="hand_edit"),
    path("families/<slug:slug>/hands/<int:pk>/delete/", hands.hand_delete, name="hand_delete"),
    path("families/<slug:slug>/hands/<int:pk>/restore/", hands.hand_restore, name="hand_restore"),
    path("families/<slug:slug>/hands/<int:pk>/disputes/new/", disputes.dispute_new, name="dispute_new"),
    path("families/<slug:slug>/disputes/", disputes.disputes_page, name="disputes"),
    path("families/<slug:slug>/disputes/<int:pk>/", disputes.dispute_page, name="dispute"),
    path("families/<slug:slug>/export/", history.history_export, name="history_export"),
    path("families/<slug:slug>/import/", history.history_import, name="history_import"),
    path("families/<slug:slug>/import/jobs/<int:pk>/", history.history_import_job, name="history_import_job"),
]
