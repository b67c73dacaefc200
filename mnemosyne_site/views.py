"""`/`: the review pages for people who are logged in, else a short page of where to go; and the
icon every browser asks for on its first visit."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

# An "M" on a dark tile: small enough to live here rather than in a static folder.
ICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    '<rect width="32" height="32" rx="6" fill="#1f2937"/>'
    '<path d="M7 24V8h3l6 9 6-9h3v16h-3V13l-6 8.5L10 13v11z" fill="#f9fafb"/></svg>'
)


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("review:queue")
    return render(request, "home.html")


@require_safe
@cache_control(public=True, max_age=86400)
def favicon(request: HttpRequest) -> HttpResponse:
    return HttpResponse(ICON, content_type="image/svg+xml")
