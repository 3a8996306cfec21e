#!/usr/bin/env bash
# Installs Debian's headless browser for the board's browser tests (BoardBrowserIT): the `chromium` and
# `chromium-driver` apt packages, when /usr/bin/chromium or /usr/bin/chromedriver is missing. Run by the distribution
# build in pre-integration-test. The tests never let Selenium download a browser or a driver of its own: they name
# these two binaries. Installing needs root (CI and these machines run as root); without it the script says what to
# install and fails, so the browser tests fail loudly instead of being skipped.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  echo "browser tests: chromium and chromedriver are installed" >&2
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "browser tests: install Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)," \
    "or build with -DskipITs" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y --no-install-recommends chromium chromium-driver >&2; then
  apt-get update >&2
  apt-get install -y --no-install-recommends chromium chromium-driver >&2
fi
test -x /usr/bin/chromium && test -x /usr/bin/chromedriver
