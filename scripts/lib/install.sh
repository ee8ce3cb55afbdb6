# Sourced by the scripts: installs what a step needs when it is missing.
# One place for the cargo subcommands (cargo-fuzz, cargo-mutants) and the
# Debian packages (Chromium, Slurm, llvm-22), so that scripts/test.sh can
# install every package in the background at its start while it compiles.

# Installs the cargo subcommand of crate $1 (cargo-fuzz, cargo-mutants) from
# crates.io when `cargo ${1#cargo-}` does not answer. Built unoptimised:
# both only start cargo and read its output, and an optimised build of
# cargo-mutants took 7 of the 37 minutes of a cold CI run (CI of 999b6fc).
ensure_cargo_tool() {
    local crate=$1
    cargo "${crate#cargo-}" --version >/dev/null 2>&1 && return 0
    echo "== installing $crate (cargo install --debug: it only starts cargo)"
    CARGO_PROFILE_DEV_DEBUG=false cargo install "$crate" --locked --debug --quiet
}

# The Debian packages of every step of scripts/test.sh (Chromium for the
# browser test, Slurm and munge for slurm-smoke.sh, llvm-22 for
# fuzz-coverage.sh, tmux for the terminal game's tests in tests/it/human.rs).
ALL_PACKAGES=(chromium slurmctld slurmd slurm-client munge llvm-22 tmux)
# Installed without their recommended packages (the daemons' extras).
BARE_PACKAGES=(slurmctld slurmd slurm-client munge)

# Installs the Debian packages given that are not installed yet, with
# apt-get update first (only then), as root (sudo otherwise), with their
# recommended packages but for BARE_PACKAGES. The packages'
# scripts must not start daemons a script would not own: without a
# policy-rc.d (containers usually have one), one that refuses every start
# is in place for the install only. Two installs at once wait for each
# other (apt's own lock, up to 10 minutes).
install_packages() {
    local missing=() pkg
    for pkg in "$@"; do
        dpkg-query -W -f '${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
            missing+=("$pkg")
    done
    [ ${#missing[@]} -gt 0 ] || return 0
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    echo "== installing ${missing[*]} (apt-get)"
    local policy=""
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        policy=/usr/sbin/policy-rc.d
        printf '#!/bin/sh\n# written by coinline scripts/lib/install.sh during apt-get install\nexit 101\n' |
            $sudo tee "$policy" >/dev/null
        $sudo chmod 755 "$policy"
    fi
    local bare=() full=()
    for pkg in "${missing[@]}"; do
        if [[ " ${BARE_PACKAGES[*]} " == *" $pkg "* ]]; then bare+=("$pkg"); else full+=("$pkg"); fi
    done
    local apt=($sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -qq)
    local status=0
    "${apt[@]}" update >/dev/null &&
        { [ ${#full[@]} -eq 0 ] || "${apt[@]}" install -y "${full[@]}" >/dev/null; } &&
        { [ ${#bare[@]} -eq 0 ] || "${apt[@]}" install -y --no-install-recommends "${bare[@]}" >/dev/null; } ||
        status=$?
    [ -z "$policy" ] || $sudo rm -f "$policy"
    [ "$status" -eq 0 ] || echo "apt-get could not install ${missing[*]}" >&2
    return "$status"
}
