#!/usr/bin/env bash
# `n8n-node lint` in strict mode on what n8n loads and verifies: package.json, nodes/ and credentials/.
# n8n-node lint runs `eslint .` in the folder it starts in, and strict mode (package.json "n8n.strict")
# insists that eslint.config.mjs is n8n's default, which applies n8n's community-node rules to every
# *.ts file there. Run at the repository root, that would hold the emulator, scripts, tests and
# benchmarks to the rules of code that runs inside n8n. So we copy the package's own sources, next to
# the unchanged default config, into a temporary folder and run n8n-node lint there: the same files
# n8n's verification scan lints from the source repository (package.json, {nodes,credentials}/**).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cd "$root"
cp -R package.json eslint.config.mjs tsconfig.json nodes credentials "$stage/"
ln -s "$root/node_modules" "$stage/node_modules"
cd "$stage"
# Report paths as repository paths.
npx --no-install n8n-node lint 2>&1 | sed "s#$stage/#$root/#g"
echo "n8n-node lint (strict mode): package.json, nodes/ and credentials/ are clean"
