from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("archive.stats.urls")),
    path("", include("archive.urls")),
]

handler500 = "archive.common.errors.server_error"
handler404 = "archive.common.errors.not_found"
