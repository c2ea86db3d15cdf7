# shellcheck shell=bash
# Sourced by the paired gate's studies (paired_sensitivity.sh, paired_time_samples.sh): what every such study does
# around its gates. It plays this very build against a copy of itself (an A/A base), with a second CPU-bound process
# beside the gates as on a shared CI machine, and keeps each gate's verdicts so its report can be rendered again.
#   paired_study_start DATA   makes $work, builds in release, copies bench and bench-case to $work/base, and on exit stops the
#                             second process and keeps status.tsv, each gate's stderr and its rounds.csv and gate.md in DATA
#   paired_study_hog          starts the second CPU-bound process
#   paired_gate NAME FLAGS…   one `bench gate` against the A/A base: its verdicts in $work/NAME, its stderr in
#                             $work/NAME.err, and "NAME EXIT SECONDS" appended to $work/status.tsv
work=
hog=
paired_study_data=

paired_study_cleanup() {
  [ -n "$hog" ] && kill "$hog" 2>/dev/null
  rm -rf "$paired_study_data" && mkdir -p "$paired_study_data" && cp "$work"/status.tsv "$work"/*.err "$paired_study_data/" 2>/dev/null
  local name
  while read -r name _; do
    mkdir -p "$paired_study_data/$name" && cp "$work/$name/rounds.csv" "$work/$name/gate.md" "$paired_study_data/$name/" 2>/dev/null || true
  done <"$work/status.tsv"
  rm -rf "$work"
}

paired_study_start() {
  paired_study_data=$1
  work=$(mktemp -d)
  : >"$work/status.tsv"
  trap paired_study_cleanup EXIT
  swift build -c release >/dev/null
  mkdir -p "$work/base" && cp .build/release/bench .build/release/bench-case "$work/base/"
}

paired_study_hog() {
  sh -c 'while :; do :; done' & hog=$!
}

paired_gate() {
  local name=$1; shift
  local status=0 start=$SECONDS
  .build/release/bench gate --base-bench "$work/base/bench" --out "$work/$name" "$@" >/dev/null 2>"$work/$name.err" || status=$?
  echo "$name $status $((SECONDS - start))" >>"$work/status.tsv"
}
