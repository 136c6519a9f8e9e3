#!/usr/bin/env bash
# Install Debian's Neovim for tests/lsp/test_neovim.py (its built-in LSP client drives `fwdata lsp`).
# Idempotent and quiet: does nothing when nvim is already there.
set -euo pipefail
if command -v nvim >/dev/null 2>&1; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq neovim >/dev/null
echo "installed $(nvim --version | head -n 1)"
