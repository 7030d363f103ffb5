#!/usr/bin/env bash
# Usage: ensure-debian-package.sh PACKAGE PATH
# Installs Debian's PACKAGE when PATH (a file it provides) is missing and we are
# root; otherwise says what to install. Folio never downloads binaries itself.
set -euo pipefail
package="$1"
provides="$2"
[ -e "$provides" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's $package package (needed for $provides)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
  exit 0
fi
echo "$provides is missing: install Debian's '$package' package (apt-get install $package)." >&2
exit 1
