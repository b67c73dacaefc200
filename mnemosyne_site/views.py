"""`/`: the review pages for people who are logged in, else a short page of where to go."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("review:queue")
    return render(request, "home.html")
