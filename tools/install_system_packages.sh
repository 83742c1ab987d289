#!/usr/bin/env bash
# The Debian packages the tests need besides Python's: Chromium, which Playwright drives for the
# browser tests (Playwright's own browser download is never run), and gettext, whose xgettext
# `manage.py makemessages` runs. `make test` calls this when one of them is missing.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium fonts-dejavu-core)
command -v xgettext >/dev/null 2>&1 || missing+=(gettext)
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        exec sudo -n "$0"
    fi
    echo "Missing ${missing[*]} and this user cannot install packages: run 'apt-get install ${missing[*]}' as root." >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get install -y --no-install-recommends "${missing[@]}" \
    || { apt-get update && apt-get install -y --no-install-recommends "${missing[@]}"; }
chromium --version
xgettext --version | head -1
