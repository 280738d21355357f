#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest. Set TEST_DATABASE_URL to also run the
# API suite on PostgreSQL (CI always does).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "── lint"
npm run --silent lint
echo "── type check"
npm run --silent typecheck
echo "── production install (npm ci --omit=dev, serve, /readyz)"
# What the Dockerfile's image relies on, without a container daemon; it also builds the demo brand the
# end-to-end tests use.
bash scripts/production-install-check.sh
echo "── unit and API tests (SQLite${TEST_DATABASE_URL:+ and PostgreSQL})"
npx vitest run
echo "── end-to-end tests (Playwright, Debian Chromium)"
bash scripts/ensure-chromium.sh
npx playwright test
echo "── deployment (nginx + TLS, two instances, PostgreSQL, Redis, SMTP, Mollie)"
# docs/deployment.md as written: its files from deploy/ (the guide shows them; checked first), run by
# Debian's nginx with a test CA before two production servers (tests/deploy/global-setup.ts).
deploy_started=$SECONDS
npx tsx tests/deploy/guide-files.ts
bash scripts/ensure-nginx.sh
npx playwright test -c tests/deploy/playwright.config.ts
echo "deployment stage: $((SECONDS - deploy_started)) s"
