"""URL wiring: the only module that sees every app.

The spec's agent endpoints answer at the spec's own paths (each app's `api/urls.py` exposes
`spec_urlpatterns` for those); resource APIs live under /api/v1/. One URL style: pages for people
end in a slash (as the admin's do), API endpoints never do (as the spec's paths do).
"""

from importlib import import_module

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from mnemosyne_site.health import healthz
from mnemosyne_site.metrics import metrics_view
from mnemosyne_site.views import favicon, home

APPS = ["governance", "notes", "lessons", "hindsight"]


def _app_urls(attribute: str) -> list:
    patterns: list = []
    for app in APPS:
        try:
            module = import_module(f"{app}.api.urls")
        except ModuleNotFoundError as exc:
            if exc.name != f"{app}.api.urls":
                raise
            continue
        patterns += getattr(module, attribute, [])
    return patterns


urlpatterns = [
    path("", home, name="home"),
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("metrics", metrics_view, name="metrics"),
    path("api/schema", SpectacularAPIView.as_view(), name="schema"),
    path("api/schema/", SpectacularAPIView.as_view()),  # the old address, which clients may use
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/v1/", include(_app_urls("urlpatterns"))),
    *_app_urls("spec_urlpatterns"),
    *_app_urls("page_urlpatterns"),
]

# A page that fails because the database is away answers 503 with Retry-After, not 500.
handler500 = "mnemosyne_site.health.server_error"
