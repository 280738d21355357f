#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest. Set TEST_DATABASE_URL to also run the
# API suite on PostgreSQL (CI always does).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "── lint"
npm run --silent lint
echo "── type check"
npm run --silent typecheck
echo "── unit and API tests (SQLite${TEST_DATABASE_URL:+ and PostgreSQL})"
npx vitest run
echo "── end-to-end tests (Playwright, Debian Chromium)"
bash scripts/ensure-chromium.sh
npx playwright test
