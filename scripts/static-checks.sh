#!/usr/bin/env bash
# The static checks of `npm run check` (typecheck, lint, format, dead code) side by
# side: each is a single-threaded process, so one after another they left a core of
# CI's two idle for about two minutes. Each one's output is printed whole, in this
# order, once all have finished; the run fails if any of them failed.
set -uo pipefail
cd "$(dirname "$0")/.."

names=(typecheck lint format:check knip)
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
pids=()
for name in "${names[@]}"; do
  npm run --silent "$name" >"$out/$name.log" 2>&1 &
  pids+=($!)
done
failed=()
for i in "${!names[@]}"; do
  name="${names[$i]}"
  if wait "${pids[$i]}"; then
    echo "✓ npm run $name"
  else
    failed+=("$name")
    echo "✗ npm run $name"
  fi
  sed 's/^/    /' "$out/$name.log"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "static checks failed: ${failed[*]}" >&2
  exit 1
fi
