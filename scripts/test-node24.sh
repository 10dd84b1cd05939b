#!/usr/bin/env bash
# The core, API and bot suites on Node 24 beside the machine's own Node. The runtime is the npm
# registry's node-<platform>-<arch> package (a plain binary, no install script), so nothing comes from
# elsewhere; vitest's workers run on the Node that started it. Extra arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/.."
target="$(node -p "(process.platform === 'win32' ? 'win' : process.platform) + '-' + process.arch")"
exec npx --yes --package="node-${target}@24" -- \
  node node_modules/vitest/vitest.mjs run --project core --project api --project bot "$@"
