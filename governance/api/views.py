from django.db import IntegrityError
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, mixins, status, viewsets
from rest_framework.response import Response
from rest_framework.views import APIView

from governance.api.serializers import (
    ScopeInputSerializer,
    ScopeOutputSerializer,
    WhoAmISerializer,
)
from governance.auth import principal_of
from governance.models import Scope
from governance.selectors import scope_by_path
from governance.services import audit_record, scope_create
from mnemosyne_site.api import Conflict


class WhoAmIView(APIView):
    @extend_schema(responses=WhoAmISerializer, summary="The caller as Mnemosyne sees it")
    def get(self, request):
        principal = principal_of(request)
        return Response(
            WhoAmISerializer(
                {
                    "kind": principal.kind,
                    "name": principal.name,
                    "can_write": principal.can_write,
                    "domain": principal.domain,
                    "read_scopes": principal.read_paths,
                    "write_scopes": principal.write_paths,
                }
            ).data
        )


class ScopeViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Scopes the caller may read; callers who may write under a scope may open child scopes
    (agents open a session scope per working session)."""

    queryset = Scope.objects.none()  # the real one is per caller, in get_queryset
    serializer_class = ScopeOutputSerializer
    lookup_field = "id"
    lookup_value_regex = r"\d+"
    filterset_fields = ["layer"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Scope.objects.none()
        principal = principal_of(self.request)
        return Scope.objects.filter(principal.readable_q("path")).select_related("parent")

    @extend_schema(request=ScopeInputSerializer, responses={201: ScopeOutputSerializer})
    def create(self, request):
        data = ScopeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        principal = principal_of(request)
        parent = scope_by_path(data.validated_data["parent"])
        if parent is None or not principal.can_read_path(parent.path):
            raise exceptions.ValidationError({"parent": ["No such scope."]})
        if not principal.can_write_path(parent.path):
            raise exceptions.PermissionDenied("This credential may not write in that scope.")
        try:
            scope = scope_create(
                layer=data.validated_data["layer"],
                slug=data.validated_data["slug"],
                parent=parent,
                name=data.validated_data["name"],
            )
        except IntegrityError:
            raise Conflict("A scope with that slug already exists there.") from None
        audit_record(actor=principal, action="scope.create", target=scope, scope_path=scope.path)
        return Response(ScopeOutputSerializer(scope).data, status=status.HTTP_201_CREATED)
