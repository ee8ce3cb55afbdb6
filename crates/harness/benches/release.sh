# Sourced by the benches' scripts once they have set `root` (the
# repository): the release binary as $coinline (built if missing, under
# CARGO_TARGET_DIR when set) and a scratch folder $work, removed at exit.
target=${CARGO_TARGET_DIR:-$root/target}
coinline=$target/release/coinline
[ -x "$coinline" ] || (cd "$root" && cargo build --release --locked)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
