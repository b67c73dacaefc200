from django.http import HttpResponse


def escalation_queue(request):
    return HttpResponse("todo")


def escalation_detail(request, escalation_id):
    return HttpResponse("todo")
