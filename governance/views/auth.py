from django.contrib.auth.views import LoginView, LogoutView
from django.urls import reverse, reverse_lazy


class ReviewLoginView(LoginView):
    template_name = "review/login.html"
    redirect_authenticated_user = True

    def get_default_redirect_url(self):
        return reverse("review:queue")


class ReviewLogoutView(LogoutView):
    next_page = reverse_lazy("review:login")
