#!/usr/bin/env bash
# The deployment stage runs the guide's nginx configuration in Debian's nginx; installed here when missing.
set -euo pipefail
if [ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1; then exit 0; fi
echo "Installing Debian's nginx-light package for the deployment stage…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
install() { $SUDO apt-get install -y -qq --no-install-recommends nginx-light >/dev/null; }
# The package lists are refreshed only when the install cannot do without (none yet, or stale).
install || { $SUDO apt-get update -qq && install; }
# The package's own service is never used: the stage runs nginx as a child process on random ports.
/usr/sbin/nginx -v
