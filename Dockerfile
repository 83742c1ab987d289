# Stage 1: compile the rules engine with mypyc (needs a C compiler the final image does not).
FROM python:3.11-slim AS engine
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY games/__init__.py games/
COPY games/engine games/engine
COPY tools/build_engine.py tools/
RUN python tools/build_engine.py

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
# Requirements first, so a code change does not reinstall them.
COPY requirements.txt .
RUN pip install -r requirements.txt

COPY . .
COPY --from=engine /app/games/engine/*.so games/engine/
# Settings refuse to load without SECRET_KEY; this one exists only for the build step.
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput \
    && useradd --create-home --uid 1000 app \
    && chown -R app /app
USER app

EXPOSE 8000
# Threaded workers: a long-polling client (matches/{id}/events/?wait=N) holds a thread, not a process.
CMD ["gunicorn", "config.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3", \
     "--worker-class", "gthread", "--threads", "16"]
