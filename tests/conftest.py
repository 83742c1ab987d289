import os

import pytest
from hypothesis import HealthCheck, settings

# HYPOTHESIS_PROFILE=ci (set by .ci/run) searches harder; timing deadlines are off because
# a loaded 2-core machine would make them flaky.
settings.register_profile("ci", max_examples=200, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=50, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """With REQUIRE_SERVICES=1 (CI), a skipped `services` test fails the run: CI must never
    go green because PostgreSQL, Redis or the worker quietly went missing."""
    report = yield
    if (
        REQUIRE_SERVICES
        and report.skipped
        and not hasattr(report, "wasxfail")
        and item.get_closest_marker("services")
    ):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason.removeprefix("Skipped: ")
        report.outcome = "failed"
        report.longrepr = f"REQUIRE_SERVICES=1 but this services test was skipped: {reason}"
    return report
