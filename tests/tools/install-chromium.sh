#!/usr/bin/env bash
# Install Debian's Chromium for tests/test_index_browser.py (playwright drives it; its own browser download
# does not work here). Idempotent and quiet: does nothing when /usr/bin/chromium is already there.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
echo "installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
