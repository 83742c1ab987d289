#!/usr/bin/env bash
# The browser tests drive Debian's Chromium through Playwright (no browser download: Playwright's
# own `install` is never run). `make test` calls this when /usr/bin/chromium is missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        exec sudo -n "$0"
    fi
    echo "Chromium is missing and this user cannot install packages: run 'apt-get install chromium' as root." >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get install -y --no-install-recommends chromium fonts-dejavu-core \
    || { apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core; }
chromium --version
