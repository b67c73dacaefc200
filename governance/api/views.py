from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from governance.api.serializers import (
    AuditLogOutputSerializer,
    CancelInputSerializer,
    DecisionInputSerializer,
    EffectivePolicyOutputSerializer,
    EscalationOutputSerializer,
    NotificationOutputSerializer,
    PolicyQuerySerializer,
    ProposalOutputSerializer,
    ReadAllOutputSerializer,
    ScopeInputSerializer,
    ScopeOutputSerializer,
    TransitionInputSerializer,
    WhoAmISerializer,
)
from governance.auth import principal_of
from governance.filters import (
    AuditLogFilter,
    EscalationFilter,
    NotificationFilter,
    ProposalFilter,
)
from governance.models import (
    Approval,
    AuditLog,
    Decision,
    Escalation,
    EscalationStatus,
    Notification,
    Priority,
    Proposal,
    ProposalKind,
    Scope,
)
from governance.permissions import IsPerson
from governance.selectors import policy_for, scope_named
from governance.selectors.queues import escalations_readable, inbox_of, proposals_readable
from governance.services import (
    escalation_transition,
    notification_mark,
    notifications_mark_all_read,
    proposal_cancel,
    proposal_decide,
    scope_add,
)
from mnemosyne_site.api import CursorPagination


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

    serializer_class = ScopeOutputSerializer
    lookup_field = "id"
    filterset_fields = ["layer"]
    queryset = Scope.objects.none()  # for the schema; requests use get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        principal = principal_of(self.request)
        return Scope.objects.filter(principal.readable_q("path")).select_related("parent")

    @extend_schema(request=ScopeInputSerializer, responses={201: ScopeOutputSerializer})
    def create(self, request):
        data = ScopeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        scope = scope_add(
            principal=principal_of(request),
            parent_path=data.validated_data["parent"],
            layer=data.validated_data["layer"],
            slug=data.validated_data["slug"],
            name=data.validated_data["name"],
        )
        return Response(ScopeOutputSerializer(scope).data, status=status.HTTP_201_CREATED)


# --- proposals --------------------------------------------------------------------------------


class ProposalViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Proposals in scopes the caller may read. Deciding is a state transition: `approve`,
    `reject` (maintainers of the proposal's scope) and `cancel` (its proposer or a maintainer);
    each returns the proposal as it now stands. The review pages call the same services."""

    serializer_class = ProposalOutputSerializer
    filterset_class = ProposalFilter
    queryset = Proposal.objects.none()  # for the schema; requests use get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        principal = principal_of(self.request)
        return (
            proposals_readable(principal)
            .select_related("scope")
            .prefetch_related(
                Prefetch("approvals", queryset=Approval.objects.select_related("user"))
            )
        )

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "principal": principal_of(self.request)}

    def _respond(self, proposal_id):
        proposal = self.get_queryset().get(pk=proposal_id)
        return Response(self.get_serializer(proposal).data)

    def _decide(self, request, decision: str):
        proposal = self.get_object()  # 404 for proposals outside what the caller may read
        data = DecisionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        proposal_decide(
            proposal_id=proposal.pk,
            principal=principal_of(request),
            decision=decision,
            comment=data.validated_data["comment"],
        )
        return self._respond(proposal.pk)

    @extend_schema(
        request=DecisionInputSerializer,
        responses=ProposalOutputSerializer,
        summary="Approve a proposal (applied once its policy's approvals are reached)",
    )
    @action(detail=True, methods=["post"])
    def approve(self, request, pk=None):
        return self._decide(request, Decision.APPROVE)

    @extend_schema(
        request=DecisionInputSerializer,
        responses=ProposalOutputSerializer,
        summary="Reject a proposal",
    )
    @action(detail=True, methods=["post"])
    def reject(self, request, pk=None):
        return self._decide(request, Decision.REJECT)

    @extend_schema(
        request=CancelInputSerializer,
        responses=ProposalOutputSerializer,
        summary="Withdraw a pending proposal",
    )
    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        proposal = self.get_object()
        data = CancelInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        proposal_cancel(
            proposal_id=proposal.pk,
            principal=principal_of(request),
            reason=data.validated_data["reason"],
        )
        return self._respond(proposal.pk)


# --- escalations ------------------------------------------------------------------------------


class EscalationViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Escalations in scopes the caller may read; supervisors move them on with `review`,
    `resolve` and `dismiss` (resolve and dismiss need notes)."""

    serializer_class = EscalationOutputSerializer
    filterset_class = EscalationFilter
    queryset = Escalation.objects.none()  # for the schema; requests use get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        return escalations_readable(principal_of(self.request)).select_related("scope")

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "principal": principal_of(self.request)}

    def _transition(self, request, status_: str):
        escalation = self.get_object()
        data = TransitionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        escalation_transition(
            escalation_id=escalation.pk,
            principal=principal_of(request),
            status=status_,
            notes=data.validated_data["notes"],
        )
        return Response(self.get_serializer(self.get_queryset().get(pk=escalation.pk)).data)

    @extend_schema(
        request=TransitionInputSerializer,
        responses=EscalationOutputSerializer,
        summary="Mark an escalation reviewed (seen, still open)",
    )
    @action(detail=True, methods=["post"])
    def review(self, request, pk=None):
        return self._transition(request, EscalationStatus.REVIEWED)

    @extend_schema(
        request=TransitionInputSerializer,
        responses=EscalationOutputSerializer,
        summary="Resolve an escalation (notes required)",
    )
    @action(detail=True, methods=["post"])
    def resolve(self, request, pk=None):
        return self._transition(request, EscalationStatus.RESOLVED)

    @extend_schema(
        request=TransitionInputSerializer,
        responses=EscalationOutputSerializer,
        summary="Dismiss an escalation (notes required)",
    )
    @action(detail=True, methods=["post"])
    def dismiss(self, request, pk=None):
        return self._transition(request, EscalationStatus.DISMISSED)


# --- inbox ------------------------------------------------------------------------------------


class NotificationViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """The caller's own inbox (people only): what entered their queues, newest first."""

    serializer_class = NotificationOutputSerializer
    filterset_class = NotificationFilter
    permission_classes = [IsPerson]
    queryset = Notification.objects.none()  # for the schema; requests use get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        return inbox_of(principal_of(self.request).user)

    def _mark(self, request, read: bool):
        notification = self.get_object()
        notification = notification_mark(
            user=principal_of(request).user, notification_id=notification.pk, read=read
        )
        return Response(self.get_serializer(notification).data)

    @extend_schema(request=None, responses=NotificationOutputSerializer)
    @action(detail=True, methods=["post"])
    def read(self, request, pk=None):
        return self._mark(request, True)

    @extend_schema(request=None, responses=NotificationOutputSerializer)
    @action(detail=True, methods=["post"])
    def unread(self, request, pk=None):
        return self._mark(request, False)

    @extend_schema(request=None, responses=ReadAllOutputSerializer)
    @action(detail=False, methods=["post"], url_path="read-all")
    def read_all(self, request):
        marked = notifications_mark_all_read(user=principal_of(request).user)
        return Response(ReadAllOutputSerializer({"marked": marked}).data)


# --- policy and audit -------------------------------------------------------------------------


class PolicyView(APIView):
    """The effective policy of a scope after inheritance, and where each value comes from.
    Policies are edited in the admin."""

    @extend_schema(
        parameters=[PolicyQuerySerializer],
        responses=EffectivePolicyOutputSerializer,
        summary="Effective policy of a scope",
    )
    def get(self, request):
        query = PolicyQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        principal = principal_of(request)
        scope = scope_named(principal, query.validated_data["scope"])
        policy = policy_for(scope)
        body = {
            "scope": scope.path,
            "layer": scope.layer,
            "proposer_may_approve": policy.proposer_may_approve,
            "approvals_needed": {k: policy.approvals_for(k) for k in ProposalKind.values},
            "deadline_hours": {
                p: int(policy.deadline(p).total_seconds() // 3600) for p in Priority.values
            },
            "values": policy.values,
            "sources": policy.sources,
            "approval_rules": policy.rules,
        }
        return Response(EffectivePolicyOutputSerializer(body).data)


class AuditPagination(CursorPagination):
    ordering = "-at"


class AuditLogViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """The audit trail of the caller's scopes and below (append-only); an ancestor scope's rows
    only for those who govern it."""

    serializer_class = AuditLogOutputSerializer
    filterset_class = AuditLogFilter
    pagination_class = AuditPagination
    queryset = AuditLog.objects.none()  # for the schema; requests use get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        return AuditLog.objects.filter(principal_of(self.request).governed_q("scope_path"))
