"""Hypothesis profiles for the engine tests.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) searches harder; anything else, or nothing, runs the
quick ``dev`` profile. The profiles are registered under engine-specific names and applied to the
engine properties with ``tests.engine.helpers.engine_settings()``, so they do not change the
global Hypothesis profile that tests/conftest.py loads for the rest of the suite.

Budget: the whole tests/engine run stays around a minute under ``dev`` and a few minutes under
``ci`` on a two-core machine. Deadlines are off: a loaded CI machine would make them flaky.
"""
import os

from hypothesis import HealthCheck, settings

ENGINE_PROFILES = {
    "dev": dict(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]),
    "ci": dict(max_examples=300, deadline=None, print_blob=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]),
}
for _name, _kwargs in ENGINE_PROFILES.items():
    settings.register_profile(f"engine-{_name}", **_kwargs)

ENGINE_PROFILE = "engine-ci" if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else "engine-dev"
