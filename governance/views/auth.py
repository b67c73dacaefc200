from django.contrib.auth.views import LoginView, LogoutView
from django.urls import reverse


class ReviewLoginView(LoginView):
    template_name = "review/login.html"
    redirect_authenticated_user = True

    def get_default_redirect_url(self):
        return reverse("review:queue")


class ReviewLogoutView(LogoutView):
    next_page = "review:login"  # resolve_url takes a URL name
