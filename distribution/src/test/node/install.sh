#!/usr/bin/env bash
# Installs the end-to-end tests' npm packages from package-lock.json (npm ci), unless node_modules already holds
# exactly that lock file's install. Run by the distribution build in pre-integration-test, in this directory.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
stamp=node_modules/.switchboard-installed-lock.json
if [ -f "$stamp" ] && cmp -s package-lock.json "$stamp"; then
  echo "e2e: npm packages are up to date with package-lock.json" >&2
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "e2e: npm is not installed; the TypeScript client tests need Node.js 20+ and npm (or build with -DskipITs)" >&2
  exit 1
fi
npm ci --no-audit --no-fund --loglevel=error
cp package-lock.json "$stamp"
