"""The OpenAPI schema that bot authors generate clients from builds with no warning: every
component and enum has one name, and every view documents its body and answers."""

from django.core.management import call_command


def test_the_schema_builds_without_a_warning(tmp_path):
    target = tmp_path / "schema.yml"
    call_command("spectacular", "--fail-on-warn", "--file", str(target))  # raises on any warning
    schema = target.read_text()
    assert "/api/v1/bots/{id}/sparring/:" in schema and "/api/v1/challenges/{id}/accept/:" in schema
    assert "HouseBotStrengthEnum" in schema
