"""Django settings, read from the environment (docs/configuration.md "Configuration")."""

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from config.env import cache_config, celery_config, celery_folders, database_config, env_bool, env_list

BASE_DIR = Path(__file__).resolve().parent.parent
# Runtime files (Celery's filesystem broker and results); gitignored.
VAR_DIR = Path(os.environ.get("VAR_DIR") or BASE_DIR / "var")

DEBUG = env_bool(os.environ.get("DEBUG"))

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY (or DEBUG=1 for local development).")
    SECRET_KEY = "django-insecure-dev-only-key-do-not-use-in-production"
# The key that seals each event stream's head (games.record.eventlog.head_seal), kept out of the
# database like SECRET_KEY. Empty: a key derived from SECRET_KEY.
EVENT_HEAD_SEAL_KEY = os.environ.get("EVENT_HEAD_SEAL_KEY", "")
# The Ed25519 private key that signs each accepted action's receipt (games.record.receipts), 64 hex
# digits, kept out of the database too; only its public half is published. Empty: derived
# from SECRET_KEY.
EVENT_RECEIPT_SIGNING_KEY = os.environ.get("EVENT_RECEIPT_SIGNING_KEY", "")

ALLOWED_HOSTS = env_list(os.environ.get("ALLOWED_HOSTS"), ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list(os.environ.get("CSRF_TRUSTED_ORIGINS"), [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",  # same static handling under runserver as in production
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI assets served by us, not fetched from a CDN
    "django_htmx",
    "games",
    "bots",
    "tournaments",
]

MIDDLEWARE = [
    "config.api_errors.ApiErrorsMiddleware",  # outermost: every error under /api/ leaves as JSON
    "django.middleware.security.SecurityMiddleware",
    "config.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.api_errors.ApiCommonMiddleware",  # Django's, but no slash redirect under /api/
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The visitor's language: ?lang=, the picker's cookie, their profile, Accept-Language (config/language.py).
    "config.language.LanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": database_config(os.environ.get("DATABASE_URL"), BASE_DIR)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# Every page string goes through Django's translation functions; Portuguese and Turkish are
# the next catalogues (locale/<code>/LC_MESSAGES, from `manage.py makemessages -l pt_BR`).
# The site offers English and each language whose catalogue it ships: a picker offering a
# language with no catalogue would change nothing but the pages' lang attribute.
NEXT_LANGUAGES = [("pt-br", "Português (Brasil)"), ("tr", "Türkçe")]
LOCALE_PATHS = [BASE_DIR / "locale"]


def offered_languages(locale_dir, candidates=NEXT_LANGUAGES):
    from django.utils.translation import to_locale

    return [("en", "English")] + [
        (code, name)
        for code, name in candidates
        if (locale_dir / to_locale(code) / "LC_MESSAGES" / "django.po").exists()
    ]


LANGUAGES = offered_languages(LOCALE_PATHS[0])
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Filled by collectstatic (the Docker image). Made empty before that, because WhiteNoise
# warns on every start when it is missing; in development it serves from the apps.
STATIC_ROOT.mkdir(exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Not the manifest variant: it fails on any page with {% static %} until collectstatic ran,
    # which tests and `make run` never do.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "config.api_schema.AutoSchema",  # documents every error an operation can give
    "DEFAULT_PARSER_CLASSES": ["config.api_parsers.DepthLimitedJSONParser"],  # JSON only, nesting bounded
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "games.accounts.tokens.HashedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # Rate limits per caller on the routes games.accounts.throttles.ROUTES lists (THROTTLE_RATES below).
    "DEFAULT_THROTTLE_CLASSES": ["games.accounts.throttles.RouteThrottle"],
    # DRF's own client address (for any throttle of its own) never trusts X-Forwarded-For beyond
    # our proxies: with NUM_PROXIES unset it would take the whole header, which clients write.
    "NUM_PROXIES": int(os.environ.get("TRUSTED_PROXIES") or 0),
    "EXCEPTION_HANDLER": "games.errors.error_handler",
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "King & Rifki tournaments API",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name for the house bots' strengths, wherever a field offers them (a bot's strategy,
    # sparring's and challenges' opponents); tournaments' "fill" is another choice set.
    "ENUM_NAME_OVERRIDES": {"HouseBotStrengthEnum": "bots.strategies.NAMES"},
}

# Celery: Redis when REDIS_URL is set, else a broker and result store on disk (no server:
# config/embedded_broker.py, safe for many producers and consumers).
REDIS_URL = os.environ.get("REDIS_URL") or None
_celery = celery_config(REDIS_URL, VAR_DIR)
CELERY_BROKER_URL = _celery["broker_url"]
CELERY_BROKER_TRANSPORT = _celery["broker_transport"]
CELERY_BROKER_TRANSPORT_OPTIONS = _celery["broker_transport_options"]
if not REDIS_URL and os.environ.get("EMBEDDED_BROKER_POLL_SECONDS"):
    # Seconds an idle worker sleeps between looks at the embedded broker's queues: the most a
    # person's move waits for the next bot's (default config/embedded_broker.POLL_SECONDS).
    # Longer costs an idle worker less CPU; beat and every worker read it here (config/celery.py).
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        **CELERY_BROKER_TRANSPORT_OPTIONS,
        "polling_interval": float(os.environ["EMBEDDED_BROKER_POLL_SECONDS"]),
    }
CELERY_RESULT_BACKEND = _celery["result_backend"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# One queue name for the site and its workers (tests give each worker its own).
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")
# Webhook turns wait on other people's servers (up to a turn's timeout each), so they run on a
# queue of their own with workers of their own: the workers that play built-in bots, rounds and
# standings never sit waiting on a webhook (docker-compose.yml, make run).
BOT_WEBHOOK_QUEUE = os.environ.get("BOT_WEBHOOK_QUEUE", "webhooks")
# Bot turns (and clocks) at a table where a person sits go to a queue of their own, with a worker
# of its own (make run, docker-compose.yml, docs/deploying.md): a person's game is never queued
# behind a tournament on autopilot or a ladder's bot tables, which keep the default queue.
BOT_PEOPLE_QUEUE = os.environ.get("BOT_PEOPLE_QUEUE", "people")
# Webhook calls one worker makes at once (make run's webhook worker: a pool of this many threads,
# each waiting on a bot's server; the compose file's too): bots that hang hold up only themselves.
BOT_WEBHOOK_CONCURRENCY = int(os.environ.get("BOT_WEBHOOK_CONCURRENCY") or 32)
CELERY_TASK_ROUTES = {
    task: {"queue": BOT_WEBHOOK_QUEUE}
    for task in ("bots.tasks.play_webhook_turn", "bots.tasks.deliver_bot_event", "bots.tasks.ping_webhook_bot")
}
CELERY_BEAT_SCHEDULE = {
    "sweep-stalled-bot-turns": {
        "task": "bots.tasks.sweep_stalled_turns",
        "schedule": float(os.environ.get("BOT_SWEEP_SECONDS", "10")),
    },
    "sweep-tournaments": {
        "task": "tournaments.tasks.sweep_tournaments",
        "schedule": float(os.environ.get("BOT_SWEEP_SECONDS", "10")),
    },
}

# Bots (docs/architecture.md §3.6). Webhooks reach public addresses only (bots/netcheck.py). In DEBUG
# (`make run`) loopback too, so bots can run on 127.0.0.1; BOT_WEBHOOKS_ALLOW_PRIVATE=1 (a
# club's own network, the tests) adds the private-use networks. Link-local and metadata
# addresses are refused whatever these say.
BOT_WEBHOOKS_ALLOW_LOOPBACK = env_bool(os.environ.get("BOT_WEBHOOKS_ALLOW_LOOPBACK"), default=DEBUG)
BOT_WEBHOOKS_ALLOW_PRIVATE = env_bool(os.environ.get("BOT_WEBHOOKS_ALLOW_PRIVATE"), default=False)
# Seconds per turn, unless the match (its tournament, the ladder) says otherwise.
BOT_TURN_TIMEOUT_SECONDS = float(os.environ.get("BOT_TURN_TIMEOUT_SECONDS") or 2.0)
BOT_TURN_TIMEOUT_MAX_SECONDS = 10.0  # the most a tournament may give a bot per turn
# How long a polling or stream bot's turn waits to be picked up before its fallback is played
# (a webhook's is picked up when its request is sent); the turn's timeout starts at the pick-up.
BOT_PICKUP_SECONDS = float(os.environ.get("BOT_PICKUP_SECONDS") or 5.0)
# Webhook signing keys are stored sealed (AES-GCM) under a key derived by HKDF from this one,
# which never enters the database (bots/signing.py). Set it apart from SECRET_KEY to rotate
# either alone; keys listed in BOT_SECRET_ENCRYPTION_OLD_KEYS still open what they sealed
# until `manage.py reseal_bot_keys` moves it to the current key.
BOT_SECRET_ENCRYPTION_KEY = os.environ.get("BOT_SECRET_ENCRYPTION_KEY") or SECRET_KEY
BOT_SECRET_ENCRYPTION_OLD_KEYS = env_list(os.environ.get("BOT_SECRET_ENCRYPTION_OLD_KEYS"), [])
BOT_FAULT_LIMIT = 3  # faults in a match before the built-in heuristic takes the seat
# A run of built-in bot moves, stored in one transaction, is decided in at most this long.
BOT_TIME_SLICE_SECONDS = float(os.environ.get("BOT_TIME_SLICE_SECONDS", "0.5"))
BOT_STALL_SECONDS = float(os.environ.get("BOT_STALL_SECONDS", "10"))  # untouched this long: enqueued again

# People's clocks (issue 19, games/service/clocks.py). A casual table gives each move this many seconds
# (generous: a person who walks away no longer stalls the table forever) and no bank; past it
# the first legal action is played for them, as for a bot, and after PERSON_STRIKE_LIMIT such
# timeouts a house bot takes the seat. A tournament sets its own (its new-tournament form).
PERSON_MOVE_SECONDS = float(os.environ.get("PERSON_MOVE_SECONDS") or 300)
PERSON_BANK_SECONDS = float(os.environ.get("PERSON_BANK_SECONDS") or 0)
PERSON_STRIKE_LIMIT = int(os.environ.get("PERSON_STRIKE_LIMIT") or 3)
# A question every seat is asked in turn whose answer reveals a hand (the misdeal question,
# docs/misdeal-question.md): each person's "play on" is recorded exactly this long after
# their turn starts, whatever they hold; a claim is recorded at once.
TIMED_QUESTION_SECONDS = float(os.environ.get("TIMED_QUESTION_SECONDS") or 3)
# How late past a deadline the beat sweep steps in when the deadline's own task was lost.
PERSON_CLOCK_GRACE_SECONDS = 2.0
for _folder in celery_folders(_celery):
    _folder.mkdir(parents=True, exist_ok=True)

# Accounts, API tokens and rate limits (games/accounts/users.py, games/accounts/tokens.py, games/accounts/throttles.py).
AUTHENTICATION_BACKENDS = [
    "games.accounts.users.CanonicalNameBackend",  # checks every password; finds the name in any case or form
    "django.contrib.auth.backends.ModelBackend",  # listed only so that its earlier sessions stay valid
]
API_TOKEN_DAYS = float(os.environ.get("API_TOKEN_DAYS") or 90)  # a token expires this long after it was issued
API_TOKENS_PER_USER = int(os.environ.get("API_TOKENS_PER_USER") or 10)  # a new one replaces the oldest beyond
API_TOKEN_TOUCH_SECONDS = 60  # last_used_at is written at most this often per token
# Rate limits count in a cache that every process shares: Redis with REDIS_URL, else files in
# VAR_DIR/cache (config.env.cache_config). While it cannot be reached, each process counts alone.
CACHES = cache_config(REDIS_URL, VAR_DIR)
THROTTLE_CACHE = "default"
# Each scope's limits, every one enforced: "5/m, 20/h" is at most 5 in a clock minute and 20 in
# a clock hour ("10/30s": per 30 seconds; "": no limit). RATE_LIMITS overrides some, e.g.
# RATE_LIMITS="signup_address=30/m,200/h;polls=60/s".
THROTTLE_RATES = {
    "login_account": "5/m, 20/h",  # failed log-ins per account name, in any spelling
    "login_address": "20/m, 100/h",  # failed log-ins per client address
    "signup_account": "5/m, 20/h",  # sign-up attempts per name (with its look-alikes)
    "signup_address": "10/m, 50/h",  # sign-up attempts per client address
    "actions": "30/s, 1200/m",  # POST matches/{id}/actions/ and bot/turns/{id}/, per person or bot
    "polls": "30/s, 1200/m",  # GET matches/{id}/events/ and bot/turns/, per person, bot or address
    "tokens": "30/m",  # listing and revoking one's API tokens, per person
    "games": "20/m, 300/h",  # sparring, challenges and their answers, ladder entries, per person
    "pings": "6/m, 60/h",  # POST bots/{id}/ping/, per person: each is a call to the bot's URL
    "exports": "10/m, 100/h",  # GET me/games/export/, per person: each is up to 500 whole games
    "club_joins": "10/m, 50/h",  # joining a club by a link (API and page), per caller: no guessing links
    "score_tables": "5/m, 30/h",  # opening a score table (API and page), per person or address
    # A score table's entries and their previews (API and page), and opening one by its link or
    # table code, per person or address: a phone enters a deal in a few posts, and keys are not
    # to be found by trying.
    "table_entries": "60/m, 1200/h",
}
for _item in (os.environ.get("RATE_LIMITS") or "").split(";"):
    _scope, _, _rates = (part.strip() for part in _item.partition("="))
    if _scope and _scope not in THROTTLE_RATES:
        raise ImproperlyConfigured(f"RATE_LIMITS: no scope {_scope!r} (scopes: {', '.join(THROTTLE_RATES)})")
    if _scope:
        THROTTLE_RATES[_scope] = _rates
TRUSTED_PROXIES = REST_FRAMEWORK["NUM_PROXIES"]  # reverse proxies in front of the site (X-Forwarded-For)

# Long polls (games/live/longpoll.py): waits held at once per process, in all (held also to half a
# gunicorn worker's threads) and per client (address, and account or bot). Over a cap a request
# is answered at once, as with wait=0.
LONG_POLL_MAX_WAITS = int(os.environ.get("LONG_POLL_MAX_WAITS") or 8)
# A wait is woken by Redis pub/sub when there is Redis (reading anyway every SAFETY seconds, in
# case a message was lost); otherwise it reads every STEP seconds, more often without Redis at
# all (make run's embedded mode: one site, a few waits) than while a configured Redis is down.
LONG_POLL_SAFETY_SECONDS = 1.0
LONG_POLL_STEP_SECONDS = float(os.environ.get("LONG_POLL_STEP_SECONDS") or (0.25 if REDIS_URL else 0.05))
LONG_POLL_MAX_WAITS_PER_CLIENT = int(os.environ.get("LONG_POLL_MAX_WAITS_PER_CLIENT") or 4)

# Security (docs/deploying.md "HTTPS behind a proxy"; `manage.py check --deploy` passes with no warning). Outside
# DEBUG the site is served over HTTPS: plain HTTP is redirected, cookies are Secure and HSTS
# is on. Behind a proxy that ends TLS, SECURE_PROXY_SSL_HEADER names the header it sets
# (e.g. X-Forwarded-Proto: https); SECURE_SSL_REDIRECT=0 serves plain HTTP (a local try).
SECURE_SSL_REDIRECT = env_bool(os.environ.get("SECURE_SSL_REDIRECT"), default=not DEBUG)
_proxy_ssl_header = (os.environ.get("SECURE_PROXY_SSL_HEADER") or "").strip()
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_" + _proxy_ssl_header.upper().replace("-", "_"), "https") if _proxy_ssl_header else None
)
SERVED_OVER_HTTPS = SECURE_SSL_REDIRECT or SECURE_PROXY_SSL_HEADER is not None
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SERVED_OVER_HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS") or (365 * 24 * 3600 if SERVED_OVER_HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool(os.environ.get("SECURE_HSTS_INCLUDE_SUBDOMAINS"), default=True)
SECURE_HSTS_PRELOAD = env_bool(os.environ.get("SECURE_HSTS_PRELOAD"), default=True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Sent with every response (config.csp). Scripts and styles come from the site's own static
# files only: no inline script, event handler or style (htmx's indicator style is off, see
# templates/base.html), no eval.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

# --- Live streams (games/live/streams.py) ---
# matches/{id}/stream/ and bot/stream/ (docs/api.md "Following a match or a bot's turns live"). Under an
# ASGI server (uvicorn, config/asgi.py) a stream holds no thread and is woken through Redis
# publish/subscribe (REDIS_URL; channels <STREAM_CHANNEL_PREFIX>stream:...), else by reading the
# match row every STREAM_POLL_SECONDS. Under a WSGI server it is a long poll: it takes a slot of
# LONG_POLL_MAX_WAITS and ends with "reconnect" within STREAM_FALLBACK_SECONDS (at most 30).
STREAM_KEEPALIVE_SECONDS = float(os.environ.get("STREAM_KEEPALIVE_SECONDS") or 15)  # of silence, then a keep-alive
STREAM_MAX_SECONDS = float(os.environ.get("STREAM_MAX_SECONDS") or 3600)  # then "reconnect"
STREAM_MAX_PER_CLIENT = int(os.environ.get("STREAM_MAX_PER_CLIENT") or 8)  # per address, and per account or bot
STREAM_MAX_PER_PROCESS = int(os.environ.get("STREAM_MAX_PER_PROCESS") or 2000)  # over either cap: 429
STREAM_FALLBACK_SECONDS = min(30.0, float(os.environ.get("STREAM_FALLBACK_SECONDS") or 25))
STREAM_POLL_SECONDS = 0.5  # without Redis (or while it is down): how often a stream reads the match row
STREAM_DB_THREADS = int(os.environ.get("STREAM_DB_THREADS") or 4)  # the threads streams read the database in
STREAM_CHANNEL_PREFIX = os.environ.get("STREAM_CHANNEL_PREFIX") or "kingrifki:"
# A publish that takes longer is given up (logged; the action has committed and answers anyway).
STREAM_PUBLISH_TIMEOUT_SECONDS = float(os.environ.get("STREAM_PUBLISH_TIMEOUT_SECONDS") or 0.5)

# --- The bots' ladder (tournaments/ladder/) ---
# A continuous rated arena per ruleset: every LADDER_TICK_SECONDS Celery beat seats the free
# ladder bots at tables by rating (tournaments.ladder.tasks.ladder_tick), at most LADDER_MAX_TABLES
# live tables per ruleset, completing short tables with the house bots of the strategies in
# LADDER_ANCHORS. LADDER_OPTIONS holds each ruleset's engine flags as JSON, e.g.
# '{"<ruleset>": {"<flag>": true}}' ({} for a ruleset not named: full games with the defaults);
# `manage.py check` refuses a ruleset not offered or a flag the engine refuses.
import json as _json  # noqa: E402  (the ladder's settings stay in this section)

LADDER_TICK_SECONDS = float(os.environ.get("LADDER_TICK_SECONDS") or 10)
LADDER_MAX_TABLES = int(os.environ.get("LADDER_MAX_TABLES") or 10)
LADDER_ANCHORS = env_list(os.environ.get("LADDER_ANCHORS"), ["random", "heuristic", "montecarlo"])
try:
    LADDER_OPTIONS = _json.loads(os.environ.get("LADDER_OPTIONS") or "{}")
except ValueError as _error:
    raise ImproperlyConfigured(f"LADDER_OPTIONS is not JSON: {_error}") from None
# Seconds a webhook or polling bot has per turn at a ladder table.
LADDER_BOT_TURN_TIMEOUT = float(os.environ.get("LADDER_BOT_TURN_TIMEOUT") or BOT_TURN_TIMEOUT_SECONDS)
# Seconds a bot that left a ladder for faults (a house bot took its seat over) waits before its
# owner may opt it in again, from the time it left; doubling on each leave for faults, up to a
# year; 0: no wait (docs/bots.md "The bots' ladder").
LADDER_REJOIN_WAIT_SECONDS = float(os.environ.get("LADDER_REJOIN_WAIT_SECONDS") or 3600)
CELERY_BEAT_SCHEDULE["ladder-tick"] = {"task": "tournaments.ladder.tasks.ladder_tick", "schedule": LADDER_TICK_SECONDS}

# --- Games bot owners start themselves: sparring, challenges (bots/limits.py) ---
# Per owner (a person with their bots), over the casual games they hold a seat in (the "play the
# house" page, sparring, challenges): in progress at once, and started in a UTC day.
LIVE_GAMES_PER_OWNER = int(os.environ.get("LIVE_GAMES_PER_OWNER") or 5)
# Unfinished score tables (docs/architecture.md §3.9) a signed-in person may have open at once;
# tables opened without an account are held back by the ``score_tables`` rate limit per address.
SCORE_TABLES_LIVE_PER_ACCOUNT = int(os.environ.get("SCORE_TABLES_LIVE_PER_ACCOUNT") or 10)
GAMES_PER_DAY_PER_OWNER = int(os.environ.get("GAMES_PER_DAY_PER_OWNER") or 200)
CHALLENGE_HOURS = float(os.environ.get("CHALLENGE_HOURS") or 24)  # an unanswered challenge lapses after this

# LOG_LEVEL: INFO unless set; `make run` (tools/run_site.py) sets WARNING, so a newcomer's terminal
# shows errors and warnings, not every request and task: LOG_LEVEL=INFO make run shows them again.
LOG_LEVEL = (os.environ.get("LOG_LEVEL") or "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        # Django's own loggers through the root's handler only: its default console handler
        # (DEBUG) would print each of their lines a second time.
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        # runserver's request log (2xx/3xx at INFO, 4xx WARNING, 5xx ERROR), Django's own handler otherwise.
        "django.server": {"handlers": ["console"], "level": LOG_LEVEL, "propagate": False},
    },
}
