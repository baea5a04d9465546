from django.urls import path

from archive.stats import api, views

urlpatterns = [
    path("families/<slug:slug>/stats/", views.family_stats, name="stats-family"),
    path("families/<slug:slug>/stats/sessions/<int:pk>/", views.session_stats, name="stats-session"),
    path("families/<slug:slug>/stats/recompute/", views.recompute, name="stats-recompute"),
    path("families/<slug:slug>/stats/jobs/<int:pk>/", views.job_status, name="stats-job"),
    path("families/<slug:slug>/settle/", views.settle_page, name="stats-settle"),
    path("families/<slug:slug>/settle/paid/", views.settle_paid, name="stats-settle-paid"),
    path("api/stats/families/<slug:slug>/", api.FamilyStatsView.as_view(), name="api-stats-family"),
    path("api/stats/families/<slug:slug>/players/<int:pk>/", api.PlayerStatsView.as_view(), name="api-stats-player"),
    path("api/stats/families/<slug:slug>/sessions/<int:pk>/", api.SessionStatsView.as_view(), name="api-stats-session"),
    path("api/stats/families/<slug:slug>/settle/", api.SettleView.as_view(), name="api-stats-settle"),
    path("api/stats/families/<slug:slug>/settle/paid/", api.SettlePaidView.as_view(), name="api-stats-settle-paid"),
    path(
        "api/stats/families/<slug:slug>/settle/paid/<int:pk>/",
        api.SettlePaymentView.as_view(),
        name="api-stats-settle-payment",
    ),
    path("api/stats/families/<slug:slug>/recompute/", api.RecomputeView.as_view(), name="api-stats-recompute"),
    path("api/stats/families/<slug:slug>/jobs/<int:pk>/", api.JobView.as_view(), name="api-stats-job"),
]
