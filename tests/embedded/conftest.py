# The real-worker fixture of tests/services, shared: it starts `celery -A config worker` on the
# embedded broker when given no Redis URL.
from tests.services.conftest import celery_worker_factory  # noqa: F401
