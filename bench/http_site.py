"""Settings of ``bench.http``'s server: the site's own, with ``bench.http_urls`` as the URL conf
(the site's routes plus the bare endpoint it is measured beside). Never used by the site."""

import os

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.http_urls"

if os.environ.get("BENCH_PROFILE_DIR"):  # noqa: F405
    MIDDLEWARE = ["bench.http_profile.ProfileActions", *MIDDLEWARE]  # noqa: F405
