from django.contrib.auth.views import LoginView, LogoutView


class ReviewLoginView(LoginView):
    pass


class ReviewLogoutView(LogoutView):
    pass
