#!/usr/bin/env bash
# What the image (Dockerfile) promises, proven without a container daemon: the files .dockerignore lets
# through, with production dependencies only (`npm ci --omit=dev`: no devDependency may be imported at
# run time), migrate a fresh SQLite database, serve the demo brand with NODE_ENV=production until
# /readyz answers 200, and stop cleanly within 10 s of SIGTERM. Run by scripts/test.sh; alone:
# `bash scripts/production-install-check.sh` after `npm install`.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
started=$SECONDS
# The project's Node 24 (README, "Node.js"), also for npm's own `#!/usr/bin/env node`.
export PATH="$ROOT/node_modules/.bin:$PATH"
NODE="$ROOT/node_modules/.bin/node"
CLI=packages/cli/bin/datekit.mjs

scratch=$(mktemp -d "${TMPDIR:-/tmp}/datekit-production.XXXXXX")
app="$scratch/app"
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  # Removing the half gigabyte took 45-50 s here (a disk mounted with discard); nothing needs to wait.
  nohup rm -rf "$scratch" >/dev/null 2>&1 &
}
trap cleanup EXIT
fail() {
  echo "production install check: $*" >&2
  exit 1
}
# Runs a step with its output kept aside: its last line and duration on success, all of it on failure.
step() {
  local from=$SECONDS
  "$@" >"$scratch/step.log" 2>&1 || { cat "$scratch/step.log" >&2; fail "failed: $*"; }
  echo "$(tail -n 1 "$scratch/step.log" | cut -c 1-120) ($((SECONDS - from)) s)"
}

# ── The demo brand, built with every dependency as the image's build stage does before its prune, in
# the checkout itself: the end-to-end stage then finds it up to date. Built before the copy, so the
# copy's sources are those the build hashed.
step "$NODE" "$CLI" build --brand localhost

# ── The files `docker build` copies: the working tree (a fresh clone in CI, plus files not yet
# committed here) less what .dockerignore excludes, matched by git in an empty repository so that
# .gitignore plays no part. The patterns are written to mean the same to Docker and to git.
git init -q "$scratch/probe"
dockerignored() { git -C "$scratch/probe" -c core.excludesFile="$ROOT/.dockerignore" check-ignore --no-index --stdin || true; }
secrets='var/datekit.sqlite var/vapid.json var/outbox/1.eml .env .git/config node_modules/x/index.js
packages/server/node_modules/x/index.js dist/localhost/routes.json tests/e2e/visitor.spec.ts'
kept=$(tr ' ' '\n' <<<"$secrets" | grep -vxFf <(tr ' ' '\n' <<<"$secrets" | dockerignored) || true)
[ -z "$kept" ] || fail ".dockerignore lets these into the image: $kept"
git -c core.quotePath=false ls-files --cached --others --exclude-standard |
  while IFS= read -r file; do if [ -e "$file" ]; then printf '%s\n' "$file"; fi; done >"$scratch/files"
dockerignored <"$scratch/files" >"$scratch/excluded"
mkdir "$app"
grep -vxFf "$scratch/excluded" "$scratch/files" | tar -cf - -T - | tar -xf - -C "$app"
cp -R "$ROOT/dist" "$app/dist"
# Without the record of unchanged input files, the build below loads the brand schemas and the build's
# code to compare the brands, instead of saying "nothing changed" from the files' hashes alone.
rm -f "$app/dist/.datekit-unchanged.json"

# ── Production dependencies only, from the lock file, with the install scripts package.json allows (the
# image runs `npm prune --omit=dev` after `npm ci`, which leaves the same tree). From npm's cache:
# after the project's own `npm install` every package is in it. The install brings its own Node 24
# (the `node` package), which runs everything below.
(cd "$app" && step npm ci --omit=dev --prefer-offline --no-audit --no-fund)
NODE="$app/node_modules/.bin/node"
# The CLI and the build's code load without development dependencies; the inputs are those of the
# checkout's build, so the pages stay as they are.
(cd "$app" && step "$NODE" "$CLI" build --brand localhost)

# A command that needs a development tool says so in one line.
docs_error=$(cd "$app" && "$NODE" "$CLI" docs 2>&1 >/dev/null) && fail "datekit docs ran without prettier"
[ "$(wc -l <<<"$docs_error")" -eq 1 ] || fail "datekit docs without prettier should say why in one line, said: $docs_error"

# ── Migrate and serve as production does, with the sandbox and the outbox chosen explicitly.
port=$("$NODE" -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
# Nothing from the caller's environment reaches a real database, mail server or payment provider.
unset DATABASE_URL SQLITE_PATH DATEKIT_DIST_DIR MEDIA_DIR OUTBOX_DIR SMS_OUTBOX_DIR REDIS_URL SMTP_URL MOLLIE_API_KEY MOLLIE_API_URL \
  METRICS_PORT METRICS_TOKEN TRUST_PROXY
export NODE_ENV=production PAYMENTS=sandbox MAIL=outbox PORT=$port HOST=127.0.0.1 DATEKIT_VAR_DIR="$scratch/var"
(cd "$app" && step "$NODE" "$CLI" db migrate)
(cd "$app" && exec "$NODE" "$CLI" serve >"$scratch/serve.log" 2>&1) &
server_pid=$!
base="http://127.0.0.1:$port"
deadline=$((SECONDS + 60))
until [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$base/readyz")" = 200 ]; do
  kill -0 "$server_pid" 2>/dev/null || { cat "$scratch/serve.log" >&2; fail "datekit serve exited before /readyz answered 200"; }
  [ "$SECONDS" -lt "$deadline" ] || { cat "$scratch/serve.log" >&2; fail "/readyz did not answer 200 within 60 s"; }
  sleep 0.2
done
home=$(curl -s --max-time 10 -H 'Host: localhost' -w '\n%{http_code}' "$base/")
if [ "${home##*$'\n'}" != 200 ] || ! grep -q '<html' <<<"$home"; then
  fail "the demo brand's home page did not answer 200 with a page"
fi

# ── SIGTERM: a clean exit (status 0) within 10 s.
now_ms() { echo $((${EPOCHREALTIME/./} / 1000)); }
kill -TERM "$server_pid"
signalled=$(now_ms)
while kill -0 "$server_pid" 2>/dev/null; do
  [ $(($(now_ms) - signalled)) -lt 10000 ] || { cat "$scratch/serve.log" >&2; fail "still running 10 s after SIGTERM"; }
  sleep 0.1
done
stopped_ms=$(($(now_ms) - signalled))
status=0
wait "$server_pid" || status=$?
server_pid=
[ "$status" -eq 0 ] || { cat "$scratch/serve.log" >&2; fail "datekit serve exited with status $status after SIGTERM"; }

echo "production install: migrated, served the demo brand (/readyz 200), exited ${stopped_ms} ms after SIGTERM; $((SECONDS - started)) s in all"
