"""Key-value knowledge, skills and external references (seed 003), addressed by name.

A name resolves in the scope the request names (`scope` in the body or query, else the caller's
own): reads take the nearest layer that has it, writes go to exactly that scope.
"""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from governance.selectors import scope_by_path, scope_for_read
from governance.services import scope_for_write
from mnemosyne_site.embeddings import embed_one
from notes.api.common import principal, session_key
from notes.api.serializers import (
    ExternalRefOutputSerializer,
    ExternalRefSaveInputSerializer,
    ExternalRefSearchQuerySerializer,
    KnowledgeOutputSerializer,
    KnowledgeSaveInputSerializer,
    KnowledgeSearchQuerySerializer,
    KnowledgeSearchResultSerializer,
    KnowledgeSemanticQuerySerializer,
    ScopeQuerySerializer,
    SkillActivateOutputSerializer,
    SkillOutputSerializer,
    SkillSaveInputSerializer,
    SkillUsageInputSerializer,
    validate_name,
)
from notes.filters import KnowledgeFilter, SkillFilter
from notes.models import KEY_VALUE_KINDS, KnowledgeItem, Skill
from notes.selectors.knowledge import (
    external_ref_by_name,
    external_refs_search,
    knowledge_by_key,
    knowledge_keyword_search,
    knowledge_semantic_search,
    knowledge_visible,
    skill_by_name,
    skills_active,
    skills_visible,
)
from notes.services.knowledge import knowledge_delete, knowledge_save, knowledge_use
from notes.services.skills import (
    external_ref_delete,
    external_ref_save,
    skill_deprecate,
    skill_record_usage,
    skill_request_activation,
    skill_save,
)

SCOPE_PARAM = OpenApiParameter(
    "scope", str, description="scope path (default: the caller's scope)", required=False
)


def _check_name(field: str, value: str) -> str:
    try:
        validate_name(value)
    except Exception as exc:
        raise ValidationError(
            {field: exc.detail if hasattr(exc, "detail") else [str(exc)]}
        ) from None
    return value


def _lookup_scope(who, path: str | None):
    """The scope a lookup by name starts from: the one named, else the caller's own, else the
    site's default (where a save without a scope put it). None: that scope does not exist yet,
    so nothing can be found there."""
    scope = scope_for_read(who, path, use_default=True)
    if scope is None:
        scope = scope_by_path(settings.MNEMOSYNE_DEFAULT_SCOPE.strip("/"))
        if scope is not None and not who.can_read_path(scope.path):
            scope = None
    return scope


def _body_scope(request) -> str | None:
    data = ScopeQuerySerializer(data=request.data if isinstance(request.data, dict) else None)
    if request.data and not isinstance(request.data, dict):
        raise ValidationError({"non_field_errors": ["Expected a JSON object."]})
    data.is_valid(raise_exception=True)
    return data.validated_data.get("scope")


def _query(request, serializer_class):
    data = serializer_class(data=request.query_params)
    data.is_valid(raise_exception=True)
    return data.validated_data


# --- key-value knowledge --------------------------------------------------------------------------


class KnowledgeListView(generics.ListAPIView):
    serializer_class = KnowledgeOutputSerializer
    filterset_class = KnowledgeFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return KnowledgeItem.objects.none()
        return knowledge_visible(principal(self.request))


class KnowledgeEntryView(APIView):
    def _scope_and_key(self, request, key: str, *, for_write: bool, data=None):
        _check_name("key", key)
        who = principal(request)
        path = (data or {}).get("scope") if data is not None else request.query_params.get("scope")
        scope = scope_for_write(who, path) if for_write else _lookup_scope(who, path)
        return who, scope

    @extend_schema(
        parameters=[SCOPE_PARAM],
        responses=KnowledgeOutputSerializer,
        summary="Get a knowledge entry by key (the nearest layer's); 404 if none",
    )
    def get(self, request, key: str):
        who, scope = self._scope_and_key(request, key, for_write=False)
        item = knowledge_by_key(principal=who, scope=scope, key=key) if scope else None
        if item is None:
            raise NotFound(f"No knowledge entry with key {key!r}.")
        return Response(KnowledgeOutputSerializer(item).data)

    @extend_schema(
        request=KnowledgeSaveInputSerializer,
        responses={200: KnowledgeOutputSerializer, 201: KnowledgeOutputSerializer},
        summary="Save a knowledge entry: create it, or update the one with this key",
    )
    def put(self, request, key: str):
        data = KnowledgeSaveInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        params = data.validated_data
        who, scope = self._scope_and_key(request, key, for_write=True, data=params)
        item, created = knowledge_save(
            principal=who,
            scope=scope,
            key=key,
            category=params["category"],
            content=params["content"],
            tags=params["tags"],
            source=params["source"],
            title=params["title"],
            relevance_score=params.get("relevance_score"),
            session_key=session_key(request, params.get("session")),
        )
        return Response(
            KnowledgeOutputSerializer(item).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )

    @extend_schema(
        parameters=[SCOPE_PARAM],
        responses={204: None},
        summary="Delete the knowledge entry with this key in the scope",
    )
    def delete(self, request, key: str):
        who, scope = self._scope_and_key(
            request, key, for_write=True, data={"scope": request.query_params.get("scope")}
        )
        item = (
            KnowledgeItem.objects.select_related("scope")
            .filter(scope=scope, key=key, kind__in=KEY_VALUE_KINDS)
            .first()
        )
        if item is None:
            raise NotFound(f"No knowledge entry with key {key!r} in {scope.path}.")
        knowledge_delete(principal=who, item=item)
        return Response(status=status.HTTP_204_NO_CONTENT)


class KnowledgeUseView(APIView):
    @extend_schema(
        request=ScopeQuerySerializer,
        responses=KnowledgeOutputSerializer,
        summary="Count one use of a knowledge entry",
    )
    def post(self, request, key: str):
        _check_name("key", key)
        who = principal(request)
        scope = _lookup_scope(who, _body_scope(request))
        item = knowledge_by_key(principal=who, scope=scope, key=key) if scope else None
        if item is None:
            raise NotFound(f"No knowledge entry with key {key!r}.")
        return Response(KnowledgeOutputSerializer(knowledge_use(principal=who, item=item)).data)


class KnowledgeSearchView(APIView):
    @extend_schema(
        parameters=[KnowledgeSearchQuerySerializer],
        responses=KnowledgeSearchResultSerializer(many=True),
        summary="Keyword search over key and content, by relevance (default 10)",
    )
    def get(self, request):
        params = _query(request, KnowledgeSearchQuerySerializer)
        who = principal(request)
        items = knowledge_keyword_search(
            principal=who,
            scope=scope_for_read(who, params.get("scope"), use_default=True),
            query=params["q"],
            category=params.get("category"),
            limit=params["limit"],
        )
        return Response(KnowledgeSearchResultSerializer(items, many=True).data)


class KnowledgeSemanticSearchView(APIView):
    @extend_schema(
        parameters=[KnowledgeSemanticQuerySerializer],
        responses=KnowledgeSearchResultSerializer(many=True),
        summary="Semantic search over knowledge entries (cosine similarity)",
    )
    def get(self, request):
        params = _query(request, KnowledgeSemanticQuerySerializer)
        who = principal(request)
        results = knowledge_semantic_search(
            principal=who,
            scope=scope_for_read(who, params.get("scope"), use_default=True),
            embedding=embed_one(params["q"]),
            category=params.get("category"),
            limit=params["limit"],
            threshold=params["threshold"],
        )
        return Response(KnowledgeSearchResultSerializer(results, many=True).data)


# --- skills ---------------------------------------------------------------------------------------


class SkillListView(generics.ListCreateAPIView):
    serializer_class = SkillOutputSerializer
    filterset_class = SkillFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return Skill.objects.none()
        return skills_visible(principal(self.request))

    @extend_schema(
        request=SkillSaveInputSerializer,
        responses={200: SkillOutputSerializer, 201: SkillOutputSerializer},
        summary="Save a skill (created as draft; an existing name is updated)",
    )
    def post(self, request):
        data = SkillSaveInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        params = data.validated_data
        who = principal(request)
        skill, created = skill_save(
            principal=who,
            scope=scope_for_write(who, params.get("scope")),
            name=params["name"],
            skill_type=params["skill_type"],
            description=params["description"],
            definition=params["definition"],
            parameters=params["parameters"],
            requires_approval=params["requires_approval"],
            session_key=session_key(request, params.get("session")),
        )
        return Response(
            SkillOutputSerializer(skill).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class SkillActiveView(APIView):
    @extend_schema(
        parameters=[SCOPE_PARAM],
        responses=SkillOutputSerializer(many=True),
        summary="Active skills of the scope's layers (nearest layer wins a name)",
    )
    def get(self, request):
        who = principal(request)
        scope = scope_for_read(who, request.query_params.get("scope"), use_default=True)
        return Response(
            SkillOutputSerializer(skills_active(principal=who, scope=scope), many=True).data
        )


def _skill(request, name: str, scope_path: str | None):
    _check_name("name", name)
    who = principal(request)
    scope = _lookup_scope(who, scope_path)
    skill = skill_by_name(principal=who, scope=scope, name=name) if scope else None
    if skill is None:
        raise NotFound(f"No skill named {name!r}.")
    return who, skill


class SkillDetailView(APIView):
    @extend_schema(parameters=[SCOPE_PARAM], responses=SkillOutputSerializer)
    def get(self, request, name: str):
        _, skill = _skill(request, name, request.query_params.get("scope"))
        return Response(SkillOutputSerializer(skill).data)


class SkillActivateView(APIView):
    @extend_schema(
        request=ScopeQuerySerializer,
        responses={200: SkillActivateOutputSerializer, 202: SkillActivateOutputSerializer},
        summary="Activate a skill (a proposal for maintainers when it needs approval)",
    )
    def post(self, request, name: str):
        who, skill = _skill(request, name, _body_scope(request))
        skill, proposal = skill_request_activation(principal=who, skill=skill)
        body = SkillActivateOutputSerializer({"skill": skill, "proposal": proposal}).data
        return Response(body, status=status.HTTP_202_ACCEPTED if proposal else status.HTTP_200_OK)


class SkillDeprecateView(APIView):
    @extend_schema(
        request=ScopeQuerySerializer, responses=SkillOutputSerializer, summary="Deprecate a skill"
    )
    def post(self, request, name: str):
        who, skill = _skill(request, name, _body_scope(request))
        return Response(SkillOutputSerializer(skill_deprecate(principal=who, skill=skill)).data)


class SkillUsageView(APIView):
    @extend_schema(
        request=SkillUsageInputSerializer,
        responses=SkillOutputSerializer,
        summary="Record one use of a skill (and whether it succeeded)",
    )
    def post(self, request, name: str):
        data = SkillUsageInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        who, skill = _skill(request, name, data.validated_data.get("scope"))
        skill = skill_record_usage(
            principal=who, skill=skill, success=data.validated_data["success"]
        )
        return Response(SkillOutputSerializer(skill).data)


# --- external references --------------------------------------------------------------------------


class ExternalRefListView(APIView):
    @extend_schema(
        parameters=[ExternalRefSearchQuerySerializer],
        responses=ExternalRefOutputSerializer(many=True),
        summary="External references; `q` searches name and summary",
    )
    def get(self, request):
        params = _query(request, ExternalRefSearchQuerySerializer)
        who = principal(request)
        refs = external_refs_search(
            principal=who,
            scope=scope_for_read(who, params.get("scope"), use_default=True),
            query=params.get("q", ""),
            ref_type=params.get("ref_type"),
        )
        return Response(ExternalRefOutputSerializer(refs, many=True).data)


class ExternalRefDetailView(APIView):
    @extend_schema(parameters=[SCOPE_PARAM], responses=ExternalRefOutputSerializer)
    def get(self, request, name: str):
        _check_name("name", name)
        who = principal(request)
        scope = _lookup_scope(who, request.query_params.get("scope"))
        ref = external_ref_by_name(principal=who, scope=scope, name=name) if scope else None
        if ref is None:
            raise NotFound(f"No external reference named {name!r}.")
        return Response(ExternalRefOutputSerializer(ref).data)

    @extend_schema(
        request=ExternalRefSaveInputSerializer,
        responses={200: ExternalRefOutputSerializer, 201: ExternalRefOutputSerializer},
        summary="Save an external reference: create it, or update the one of this name",
    )
    def put(self, request, name: str):
        _check_name("name", name)
        data = ExternalRefSaveInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        params = data.validated_data
        who = principal(request)
        ref, created = external_ref_save(
            principal=who,
            scope=scope_for_write(who, params.get("scope")),
            name=name,
            ref_type=params["ref_type"],
            location=params["location"],
            summary=params["summary"],
            metadata=params["metadata"],
            session_key=session_key(request, params.get("session")),
        )
        return Response(
            ExternalRefOutputSerializer(ref).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )

    @extend_schema(parameters=[SCOPE_PARAM], responses={204: None})
    def delete(self, request, name: str):
        _check_name("name", name)
        who = principal(request)
        scope = scope_for_write(who, request.query_params.get("scope"))
        ref = scope.external_refs.filter(name=name).first()
        if ref is None:
            raise NotFound(f"No external reference named {name!r} in {scope.path}.")
        external_ref_delete(principal=who, ref=ref)
        return Response(status=status.HTTP_204_NO_CONTENT)
