from rest_framework import serializers

from governance.models import Layer, Scope


class ScopeOutputSerializer(serializers.ModelSerializer):
    parent = serializers.SlugRelatedField(slug_field="path", read_only=True)

    class Meta:
        model = Scope
        fields = ["id", "path", "layer", "slug", "name", "parent", "created_at"]


class ScopeInputSerializer(serializers.Serializer):
    parent = serializers.CharField(max_length=600, help_text="path of the parent scope")
    slug = serializers.SlugField(max_length=100)
    layer = serializers.ChoiceField(choices=Layer.choices)
    name = serializers.CharField(max_length=200, required=False, default="")


class WhoAmISerializer(serializers.Serializer):
    kind = serializers.CharField()
    name = serializers.CharField()
    can_write = serializers.BooleanField()
    domain = serializers.CharField()
    read_scopes = serializers.ListField(child=serializers.CharField(), allow_null=True)
    write_scopes = serializers.ListField(child=serializers.CharField(), allow_null=True)
