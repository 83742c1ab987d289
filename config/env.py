"""Pure helpers that turn environment values into settings (importable and testable
without loading config.settings)."""

from pathlib import Path

import dj_database_url

TRUTHY = {"1", "true", "yes", "on"}


def env_bool(value: str | None, default: bool = False) -> bool:
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in TRUTHY


def env_list(value: str | None, default: list[str]) -> list[str]:
    if value is None or value.strip() == "":
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


# SQLite shared by the site and its workers (make run, a bench without DATABASE_URL): every
# transaction takes the write lock when it begins, so two writers queue for it instead of one
# failing with "database is locked" when it upgrades a read lock; WAL lets pages read meanwhile.
SQLITE_OPTIONS = {
    "timeout": 30,
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}


def database_config(url: str | None, base_dir: Path) -> dict:
    """SQLite in the project root by default; DATABASE_URL (e.g. postgres://...) overrides."""
    if url:
        # conn_health_checks: a worker that idles for hours must not reuse a dead connection.
        config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    else:
        config = {"ENGINE": "django.db.backends.sqlite3", "NAME": base_dir / "db.sqlite3"}
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
    return config


def cache_config(redis_url: str | None, var_dir: Path) -> dict:
    """CACHES: the cache every process of the site shares, where rate limits count (docs/api.md
    "Rate limits"). Redis with REDIS_URL (short socket timeouts: while it cannot be reached,
    games.accounts.throttles counts in each process instead), else files in var_dir/cache (the
    processes of one machine; games.accounts.throttles.SharedFileCache counts atomically)."""
    if redis_url:
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": redis_url,
                "KEY_PREFIX": "kingrifki",
                "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
            }
        }
    return {
        "default": {
            "BACKEND": "games.accounts.throttles.SharedFileCache",
            "LOCATION": str(Path(var_dir) / "cache"),
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        }
    }


EMBEDDED_TRANSPORT = "config.embedded_broker:Transport"
EMBEDDED_RESULT_BACKEND = "config.embedded_broker:AtomicFilesystemBackend"


def celery_config(redis_url: str | None, var_dir: Path) -> dict:
    """Redis when REDIS_URL is set; otherwise the embedded broker and result store under
    var_dir/celery (config/embedded_broker.py: kombu's filesystem transport and Celery's file
    results, with atomic writes and claims), so `make run` needs no server."""
    if redis_url:
        return {
            "broker_url": redis_url,
            "broker_transport": None,
            "broker_transport_options": {},
            "result_backend": redis_url,
        }
    root = Path(var_dir).resolve() / "celery"
    # Producer and consumer must read and write the same folder. A consumer claims a message
    # by renaming it into processed/, which must be on the same filesystem as queue/.
    queue = str(root / "queue")
    return {
        "broker_url": "filesystem://localhost/",  # a host only to spare kombu's "no hostname" warning
        # A class path may only be given here, not in the URL (kombu refuses imports from URLs).
        "broker_transport": EMBEDDED_TRANSPORT,
        "broker_transport_options": {
            "data_folder_in": queue,
            "data_folder_out": queue,
            "control_folder": str(root / "control"),
            "processed_folder": str(root / "processed"),
            "store_processed": False,
        },
        "result_backend": f"{EMBEDDED_RESULT_BACKEND}+file://{root / 'results'}",
    }


def celery_folders(config: dict) -> list[Path]:
    """The folders an embedded-broker config needs (none for Redis)."""
    if not config["broker_url"].startswith("filesystem://"):
        return []
    opts = config["broker_transport_options"]
    results = config["result_backend"].partition("+file://")[2]
    return [Path(p) for p in (opts["data_folder_in"], opts["control_folder"], opts["processed_folder"], results)]
