#!/usr/bin/env bash
# The deployment stage runs the guide's nginx configuration in Debian's nginx; installed here when missing.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
echo "Installing Debian's nginx package for the deployment stage…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
# apt-get update only when the package is not known yet (a fresh image has no package lists).
if ! apt-cache show nginx-light >/dev/null 2>&1 && ! apt-cache show nginx >/dev/null 2>&1; then
  $SUDO apt-get update -qq
fi
# The package's own service is never used (the stage runs nginx as a child process on a random port).
$SUDO apt-get install -y -qq --no-install-recommends nginx-light >/dev/null 2>&1 \
  || $SUDO apt-get install -y -qq --no-install-recommends nginx >/dev/null
/usr/sbin/nginx -v
