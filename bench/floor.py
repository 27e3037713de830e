"""The floor: a webhook that only stores the raw body in one INSERT.

The pipeline's cost is quoted against this view measured in the same run, so the
ratio says what the product adds beyond receiving and storing a POST.
"""

from django.http import HttpResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from bench.models import FloorPost


@csrf_exempt
@require_POST
def floor_receive(request):
    """Store the raw request body and answer 200."""
    FloorPost.objects.create(body=request.body)
    return HttpResponse("ok")
