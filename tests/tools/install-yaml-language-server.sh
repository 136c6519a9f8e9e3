#!/usr/bin/env bash
# Install the pinned YAML language server for tests/test_editor_lsp.py into .cache/ (git-ignored).
# Idempotent: does nothing when the pinned version is already there. Installs node and npm
# with apt-get only when npm is missing. The test finds the server here, or in $FWDATA_YAML_LS.
set -euo pipefail
VERSION="${FWDATA_YAML_LS_VERSION:-1.15.0}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PREFIX="${FWDATA_YAML_LS:-$ROOT/.cache/yaml-language-server}"
SERVER="$PREFIX/node_modules/yaml-language-server"

if [ -f "$SERVER/package.json" ] && grep -q "\"version\": \"$VERSION\"" "$SERVER/package.json"; then
    echo "yaml-language-server $VERSION already in $PREFIX"
    exit 0
fi

if ! command -v npm >/dev/null 2>&1; then
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq nodejs npm
fi

mkdir -p "$PREFIX"
npm install --prefix "$PREFIX" --no-audit --no-fund --loglevel=error "yaml-language-server@$VERSION"
echo "installed yaml-language-server $VERSION in $PREFIX"
