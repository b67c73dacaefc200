from django.http import HttpResponse


def inbox(request):
    return HttpResponse("todo")
