"""The settings helpers, called directly: config.settings itself is loaded once by Django."""

import os
from pathlib import Path

from config.env import celery_config, celery_folders, database_config, env_bool, env_list


def test_sqlite_in_the_project_root_without_database_url(tmp_path):
    for url in (None, ""):
        db = database_config(url, tmp_path)
        assert db["ENGINE"] == "django.db.backends.sqlite3"
        assert db["NAME"] == tmp_path / "db.sqlite3"


def test_sqlite_writers_queue_for_the_lock_instead_of_failing(tmp_path):
    for url in (None, f"sqlite:///{tmp_path / 'other.sqlite3'}"):
        options = database_config(url, tmp_path)["OPTIONS"]
        assert options["transaction_mode"] == "IMMEDIATE" and options["timeout"] >= 10
        assert "journal_mode=WAL" in options["init_command"]


def test_postgresql_from_database_url(tmp_path):
    db = database_config("postgres://postgres@127.0.0.1:5432/kingrifki", tmp_path)
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["HOST"], db["PORT"], db["USER"]) == ("kingrifki", "127.0.0.1", 5432, "postgres")


def test_celery_uses_the_embedded_broker_without_redis_url(tmp_path):
    conf = celery_config(None, tmp_path)
    assert conf["broker_url"].startswith("filesystem://")
    assert conf["broker_transport"] == "config.embedded_broker:Transport"  # the atomic one
    opts = conf["broker_transport_options"]
    assert opts["data_folder_in"] == opts["data_folder_out"]  # producer and worker share it
    assert conf["result_backend"] == (
        f"config.embedded_broker:AtomicFilesystemBackend+file://{tmp_path.resolve()}/celery/results"
    )
    folders = celery_folders(conf)
    assert folders[-1] == tmp_path.resolve() / "celery" / "results"
    assert all(Path(p).is_relative_to(tmp_path.resolve()) for p in folders)


def test_celery_uses_redis_with_redis_url(tmp_path):
    conf = celery_config("redis://127.0.0.1:6379/3", tmp_path)
    assert conf["broker_url"] == conf["result_backend"] == "redis://127.0.0.1:6379/3"
    assert conf["broker_transport"] is None  # the URL's scheme decides
    assert celery_folders(conf) == []


def test_running_settings_hand_the_broker_config_to_celery(settings):
    from config.celery import app

    assert app.conf.broker_url == settings.CELERY_BROKER_URL
    assert app.conf.broker_transport == settings.CELERY_BROKER_TRANSPORT
    if not settings.REDIS_URL:
        with app.connection_for_write() as conn:
            assert type(conn.transport).__module__ == "config.embedded_broker"
        assert type(app.backend).__name__ == "AtomicFilesystemBackend"


def test_env_parsing():
    assert env_bool("1") and env_bool("True") and env_bool(" yes ")
    assert not env_bool("0") and not env_bool(None) and env_bool("", default=True)
    assert env_list("a.example, b.example,", []) == ["a.example", "b.example"]
    assert env_list(None, ["localhost"]) == ["localhost"]


def test_running_settings_follow_database_url(settings):
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    elif url.startswith(("postgres://", "postgresql://")):
        assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
