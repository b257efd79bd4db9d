#!/usr/bin/env bash
# The test command (README): builds every module and runs every test against real PostgreSQL
# servers that the fixtures start and stop by themselves.
set -euo pipefail
cd "$(dirname "$0")"
exec mvn -B -ntp verify "$@"
