from django.http import HttpResponse


def proposal_queue(request):
    return HttpResponse("todo")


def proposal_detail(request, proposal_id):
    return HttpResponse("todo")
