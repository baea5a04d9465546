from django.contrib.auth import views as auth_views
from django.urls import include, path

from archive import views, views_disputes, views_flow, views_guide, views_hands, views_imports, views_people

urlpatterns = [
    path("", views.home, name="home"),
    path("how-to/", views_guide.guide, name="guide"),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/", include("archive.api.urls")),
    path("account/", views_people.account, name="account"),
    path("invite/", views_people.invitation_code, name="invitation_code"),
    path("invite/<str:code>/", views_people.invitation, name="invitation"),
    path("families/<slug:slug>/audit/", views_people.audit_page, name="audit"),
    path("families/<slug:slug>/invitations/<int:pk>/revoke/", views_people.invitation_revoke, name="invitation_revoke"),
    path("families/<slug:slug>/players/<int:pk>/unmerge/", views_people.player_unmerge, name="player_unmerge"),
    path("families/<slug:slug>/", views.family_page, name="family"),
    path("families/<slug:slug>/members/", views.member_add, name="member_add"),
    path("families/<slug:slug>/members/<int:pk>/", views.member_change, name="member_change"),
    path("families/<slug:slug>/players/<int:pk>/", views.player_page, name="player"),
    path("families/<slug:slug>/players/<int:pk>/merge/", views.player_merge, name="player_merge"),
    path("families/<slug:slug>/sessions/new/", views.session_new, name="session_new"),
    path("families/<slug:slug>/sessions/again/", views_flow.session_again, name="session_again"),
    path("families/<slug:slug>/rules/<str:game>/", views_flow.rules_page, name="rules"),
    path("families/<slug:slug>/sessions/<int:pk>/", views.session_page, name="session"),
    path("families/<slug:slug>/sessions/<int:pk>/log/", views.hand_log, name="hand_log"),
    path("families/<slug:slug>/hands/<int:pk>/", views_hands.hand_page, name="hand"),
    path("families/<slug:slug>/hands/<int:pk>/history/", views_hands.hand_history, name="hand_history"),
    path("families/<slug:slug>/hands/<int:pk>/edit/", views_hands.hand_edit, name="hand_edit"),
    path("families/<slug:slug>/hands/<int:pk>/delete/", views_hands.hand_delete, name="hand_delete"),
    path("families/<slug:slug>/hands/<int:pk>/restore/", views_hands.hand_restore, name="hand_restore"),
    path("families/<slug:slug>/hands/<int:pk>/disputes/new/", views_disputes.dispute_new, name="dispute_new"),
    path("families/<slug:slug>/disputes/", views_disputes.disputes_page, name="disputes"),
    path("families/<slug:slug>/disputes/<int:pk>/", views_disputes.dispute_page, name="dispute"),
    path("families/<slug:slug>/export/", views.history_export, name="history_export"),
    path("families/<slug:slug>/import/", views_imports.history_import, name="history_import"),
    path("families/<slug:slug>/import/jobs/<int:pk>/", views_imports.history_import_job, name="history_import_job"),
]
