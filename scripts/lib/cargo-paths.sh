# Sourced by the scripts: where cargo puts what it builds. Asked of cargo,
# not assumed to be ./target, so CARGO_TARGET_DIR (or a build.target-dir in
# a cargo config) is honoured.

# The target directory of the workspace whose manifest is $1 (default: the
# project's Cargo.toml).
cargo_target_dir() {
    cargo metadata --format-version 1 --no-deps --locked --manifest-path "${1:-Cargo.toml}" |
        sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p'
}

# Builds the release binary and prints its path.
release_coinline() {
    cargo build --release --locked --quiet
    local dir
    dir=$(cargo_target_dir)
    [ -x "$dir/release/coinline" ] || {
        echo "no coinline binary in $dir/release after cargo build --release" >&2
        return 1
    }
    printf '%s\n' "$dir/release/coinline"
}

# Where cargo fuzz puts its (release, host-triple) binaries.
fuzz_binary_dir() {
    local triple
    triple=$(rustc -vV | sed -n 's/^host: //p')
    printf '%s\n' "$(cargo_target_dir fuzz/Cargo.toml)/$triple/release"
}
