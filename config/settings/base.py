"""Settings shared by every environment; everything that varies comes from the environment.

DATABASE_URL       default: a SQLite file in db/ (the embedded one-command run)
CELERY_BROKER_URL  default: none, and then Celery runs every task in-process
SECRET_KEY, ALLOWED_HOSTS, DEBUG, TIME_ZONE
"""

from pathlib import Path

import environ
from django.utils.translation import gettext_lazy

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DEBUG", default=False)
SECRET_KEY = env("SECRET_KEY", default="insecure-dev-key-change-me-0123456789-abcdefghijklmnopqrstuvwxyz")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI / Redoc served from our own static files (no CDN)
    "axes",
    "archive",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # the language saved on the account wins over the cookie and the browser's; money back to dollars each request
    "archive.common.middleware.ReaderMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "archive.common.middleware.BadInputMiddleware",
    # last: it turns a lockout that the authentication backend signalled into a 429
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

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
                "django.template.context_processors.i18n",
                "archive.common.context.reader",
            ],
        },
    },
]

(BASE_DIR / "db").mkdir(exist_ok=True)
DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db' / 'tablekeeper.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Writers queue instead of failing with "database is locked": BEGIN IMMEDIATE takes the write lock
    # when a transaction starts (a deferred one that reads first cannot wait for it later), the busy
    # timeout is how long a writer waits its turn, and WAL lets readers go on while one writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        timeout=env.int("SQLITE_BUSY_TIMEOUT", default=30),
        transaction_mode="IMMEDIATE",
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    )
else:
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
    # A kept connection is checked before a request uses it: after PostgreSQL restarts, the next
    # request opens a new one instead of failing on the dead one.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The cache spares the database the two rows every request reads: the session (cached_db writes through
# to the database, so nothing is lost when the cache is emptied) and the signed-in user (archive/common/signin.py).
# Production sets CACHE_URL to Redis, shared by every gunicorn worker and node; the embedded run keeps a
# per-process local memory, right for its single process.
CACHES = {"default": env.cache("CACHE_URL", default="locmemcache://tablekeeper")}
# Several sites (or a test run) on one Redis keep apart by a prefix of their keys.
CACHES["default"]["KEY_PREFIX"] = env("CACHE_KEY_PREFIX", default="")
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
# dumpdata/loaddata (manage.py backup/restore) keep times to the microsecond (archive/common/fulljson.py).
SERIALIZATION_MODULES = {"json": "archive.common.fulljson"}

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses a locked-out account or address before the password is tried
    "archive.common.signin.CachedModelBackend",  # Django's, with each request's user read from the cache
]
# Wrong passwords (the login page, /api/token/, the admin): after AXES_FAILURE_LIMIT failures an account
# is locked from that address until the cool-off has passed. By account and address together: a stranger's
# wrong passwords never lock the account's owner out from his own address, nor anyone else (issue 28).
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = env.float("AXES_COOLOFF_HOURS", default=0.25)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# The client's address as the proxies in front report it (archive/common/throttle.py): PROXY_COUNT proxies,
# 0 when the server faces the clients itself.
PROXY_COUNT = env.int("PROXY_COUNT", default=0)
AXES_CLIENT_IP_CALLABLE = "archive.common.throttle.client_ip"
AXES_RESET_ON_SUCCESS = True
AXES_COOLOFF_MESSAGE = gettext_lazy(
    "Too many wrong passwords: this account is locked from this address; try again in 15 minutes."
)
AXES_LOCKOUT_TEMPLATE = "registration/locked.html"
AXES_LOCKOUT_CALLABLE = "archive.common.errors.locked_out"  # the API's clients get JSON
# API tokens (/api/token/) stop working this long after they were issued; the account page revokes one.
import datetime  # noqa: E402

API_TOKEN_LIFETIME = datetime.timedelta(days=env.int("API_TOKEN_DAYS", default=30))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# English, Czech and Russian (issue 32): the reader's language from the account, else the language picker's
# cookie, else the browser's Accept-Language (the API's too). Catalogues in locale/, compiled at set-up.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("cs", "Čeština"), ("ru", "Русский")]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = env("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = env("STATIC_ROOT", default=str(BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "archive.common.api.auth.ExpiringTokenAuthentication",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "archive.common.api.errors.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "archive.common.api.errors.exception_handler",
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "archive.common.api.views.StrictLimitOffset",
    "PAGE_SIZE": 50,
}
# Content-Security-Policy: scripts only from our own static files (no inline script, no CDN). Inline
# style attributes stay allowed: the pages set a few (a heat-map cell's shade), and they run no code.
from csp.constants import NONE, SELF  # noqa: E402

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "font-src": [SELF, "data:"],
        "connect-src": [SELF],
        "worker-src": [
            SELF
        ],  # the offline referee's worker (archive/table/views/offline.py); it alone may compile wasm
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
# The offline referee's runtime, fetched by dev.py setup into static/vendor/pyodide/<version>/ (dev.py pins
# the same version and its download's integrity; a test checks the two agree).
PYODIDE_VERSION = "0.25.1"
# No page needs a device; say so, so an injected frame or script cannot ask either.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "usb",
        "fullscreen",
    )
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Tablekeeper API",
    "DESCRIPTION": "Families, players, sessions, hands, rulings, disputes and statistics of card games played at a real table.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The API's bodies are JSON (issue 28): the schema offers JSON alone, so a client or schemathesis sends
    # what the API is built and tested for (the import's JSON Lines and upload are declared on its action).
    "PARSER_WHITELIST": ["rest_framework.parsers.JSONParser"],
    # Hands and disputes both have a "status": one enum name each.
    "ENUM_NAME_OVERRIDES": {
        "HandStatusEnum": "archive.table.models.Hand.Status",
        "DisputeStatusEnum": "archive.table.models.Dispute.Status",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "archive.common.api.schema.add_common_answers",
    ],
}

# Celery: with no broker configured, tasks run in-process (eagerly), so the
# one-command run and the plain test command need no Redis.
from celery.schedules import crontab  # noqa: E402

CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="")
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default="")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
if CELERY_TASK_ALWAYS_EAGER:
    CELERY_BROKER_URL = "memory://"  # never used when eager; keeps kombu from guessing a host
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
CELERY_TASK_TRACK_STARTED = True
# Each part's tasks (autodiscovery looks only for archive.tasks). Their names stay those of the old layout
# (archive.tasks.*, archive.import_tasks.*): a message queued before a deploy still finds its task.
CELERY_IMPORTS = ["archive.stats.tasks", "archive.history.tasks"]
# An uploaded history larger than this is imported by a background job; a smaller one at once.
IMPORT_INLINE_MAX_BYTES = env.int("IMPORT_INLINE_MAX_BYTES", default=256 * 1024)
# Redis hands an unacknowledged task to another worker after this many seconds (a worker that
# died mid-task); longer than any job may run. The worker tests set it short, and then the
# workers also look for such tasks every second.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=3600)}
if CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] < 60:
    CELERY_BROKER_TRANSPORT_OPTIONS.update(unacked_restore_interval=1, unacked_restore_throttle=1)
# celery -A config beat: the nightly full recompute of every family's statistics, and every minute
# the statistics still owed in the outbox (jobs lost while Redis was down).
STATS_OUTBOX_GRACE = env.int("STATS_OUTBOX_GRACE", default=30)  # seconds a queued job has to pay before the drain does
CELERY_BEAT_SCHEDULE = {
    "stats-outbox-drain": {
        "task": "archive.tasks.drain_stats_outbox",
        "schedule": env.int("STATS_OUTBOX_EVERY", default=60),
    },
    "nightly-stats-recompute": {
        "task": "archive.tasks.recompute_stats",
        "schedule": crontab(hour=3, minute=30),
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}
if CELERY_TASK_ALWAYS_EAGER:
    # Celery asks kombu for a producer even for in-process tasks; the in-memory transport then warns
    # that it has no host. Nothing is sent anywhere, so the warning is noise.
    LOGGING["loggers"] = {"kombu.connection": {"level": "ERROR"}}
