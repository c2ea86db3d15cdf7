#!/usr/bin/env bash
# Each command held to its own limits (issue 68): command_limits.py says how. About a minute and up to 2 GB; run it
# alone. Writes Reports/limits/README.md.
#
# Usage: Benchmarks/Scripts/command_limits.sh   (repository root)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
swift build -c release --product bench >/dev/null
python3 "$(dirname "${BASH_SOURCE[0]}")/command_limits.py" .build/release/bench Reports/limits "$report_commit" \
    "$report_machine"
