#!/usr/bin/env bash
# The Debian packages the tests need besides Python's: Chromium, which Playwright drives for the
# browser tests (Playwright's own browser download is never run), and gettext, whose xgettext
# `manage.py makemessages` runs and whose msgfmt `manage.py compilemessages` runs. `make test`
# calls this when one of them is missing; `make run` calls it with `gettext` alone (the site needs
# its compiled catalogues, not a browser).
set -euo pipefail
wanted=("${@:-chromium gettext}")
missing=()
for tool in ${wanted[*]}; do
    case "$tool" in
        chromium) command -v chromium >/dev/null 2>&1 || missing+=(chromium fonts-dejavu-core) ;;
        gettext) command -v msgfmt >/dev/null 2>&1 && command -v xgettext >/dev/null 2>&1 || missing+=(gettext) ;;
        *) echo "unknown tool $tool (chromium or gettext)" >&2; exit 2 ;;
    esac
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        exec sudo -n "$0" "$@"
    fi
    echo "Missing ${missing[*]} and this user cannot install packages: run 'apt-get install ${missing[*]}' as root." >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get install -y --no-install-recommends "${missing[@]}" \
    || { apt-get update && apt-get install -y --no-install-recommends "${missing[@]}"; }
for tool in ${wanted[*]}; do
    case "$tool" in
        chromium) chromium --version ;;
        gettext) msgfmt --version | head -1 ;;
    esac
done
