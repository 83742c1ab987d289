"""Migration bots 0002 carries existing bots over: each plain ``secret_hash`` (the signing key
itself) is sealed into ``signing_key_sealed`` and the plain column is dropped, so the bots keep
their secrets; migrating back opens the seals again."""

import hashlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from bots.signing import seal, unseal

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("bots", "0001_bot_turn"), ("bots", "0002_bot_signing_key_sealed")


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def bot_columns():
    with connection.cursor() as cursor:
        return {c.name for c in connection.introspection.get_table_description(cursor, "bots_bot")}


@pytest.fixture
def back_to_the_latest_schema():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def make_owner(apps):
    return apps.get_model("auth", "User").objects.create(username="author", password="!")


def test_existing_bots_keep_their_signing_keys_sealed_and_the_plain_column_is_gone(back_to_the_latest_schema):
    old = migrate(BEFORE)
    owner = make_owner(old)
    keys = {}
    for i in range(3):
        key = hashlib.sha256(f"krs_secret-{i}".encode()).hexdigest()
        bot = old.get_model("bots", "Bot").objects.create(
            owner=owner,
            name=f"bot{i}",
            kind="webhook",
            url="https://bots.example.org/turn",
            token_hash=f"{i:064x}",
            token_prefix="krb_",
            secret_hash=key,
        )
        keys[bot.pk] = key

    new = migrate(AFTER)
    assert "secret_hash" not in bot_columns()
    rows = list(new.get_model("bots", "Bot").objects.values())
    assert {r["id"]: unseal(r["signing_key_sealed"]) for r in rows} == keys
    assert not any(key in str(value) for r in rows for value in r.values() for key in keys.values())


def test_migrating_back_opens_the_seals_into_the_plain_column(back_to_the_latest_schema):
    new = migrate(AFTER)
    key = hashlib.sha256(b"krs_secret").hexdigest()
    new.get_model("bots", "Bot").objects.create(
        owner=make_owner(new),
        name="bot",
        kind="webhook",
        token_hash="1" * 64,
        token_prefix="krb_",
        signing_key_sealed=seal(key),
    )
    old = migrate(BEFORE)
    assert "signing_key_sealed" not in bot_columns()
    assert old.get_model("bots", "Bot").objects.values_list("secret_hash", flat=True).get() == key
