"""Hypothesis profiles for the engine tests.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) searches harder; anything else, or nothing, runs the
quick ``dev`` profile. The profiles are registered under engine-specific names and applied to the
engine properties with ``tests.engine.helpers.engine_settings()``, so they do not change the
global Hypothesis profile that tests/conftest.py loads for the rest of the suite.

Budget (measured on two cores): the whole tests/engine run takes about 10 seconds under ``dev``
(40 examples per property) and about a minute and a half under ``ci`` (500 examples), well inside
the 3 and 6 minute targets. Deadlines are off: a loaded CI machine would make them flaky.
"""

from hypothesis import HealthCheck, settings

ENGINE_PROFILES = {
    "dev": dict(
        max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
    ),
    "ci": dict(
        max_examples=500,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    ),
}
for _name, _kwargs in ENGINE_PROFILES.items():
    settings.register_profile(f"engine-{_name}", **_kwargs)
