#!/usr/bin/env bash
# A real one-node Slurm cluster, from nothing, running the scripts of
# examples/slurm/ (scripts/test.sh calls this; needs root, as CI has).
#  1. Installs slurmctld, slurmd, slurm-client and munge with apt-get when a
#     program is missing (apt-get update first, only then), with package
#     scripts kept from starting daemons (policy-rc.d).
#  2. Builds the release coinline (cargo build --release --locked) before
#     any daemon starts.
#  3. Starts munged (or uses one that already answers), writes slurm.conf into
#     a temporary directory (one node named after `hostname -s`, CPUs=$(nproc),
#     90% of the memory `slurmd -C` reports, no accounting, no cgroups,
#     batch_sched_delay=0), starts slurmctld and slurmd with it and waits for
#     `sinfo` to show the node idle.
#  4. Runs one compare on this machine, then submits
#     examples/slurm/compare-array.sbatch as an array of 4 tasks (`--shard
#     auto`) and examples/slurm/merge.sbatch with --dependency=afterok on the
#     array, polls squeue until both are gone, and requires every task
#     COMPLETED and the merged rows and summary byte-identical (cmp) to the
#     single-machine run. Then the same for a study:
#     examples/slurm/study-array.sbatch (`study run STUDY --shard auto`) and
#     study-merge.sbatch, the merged folder byte-identical (diff -r) to one
#     run of the study.
#  5. Always (trap): cancels its jobs, `scontrol shutdown`, waits for the
#     slurmctld and slurmd it started (by PID, killed if they outlive 30 s),
#     stops munged by PID if it started it, and deletes the temporary
#     directory (kept on failure when SLURM_SMOKE_KEEP=1). Prints timings.
# A Slurm already running on this machine (a slurmctld or slurmd process, or
# the ports 6817/6818 taken) is refused, never reused or stopped: the script
# says which processes to stop. Two runs of this script wait for each other
# (a lock file), so it is safe to start twice. Nothing is written in the
# checkout except cargo's target directory (the release build).
# Environment: SLURM_SMOKE_ARGS, the compare options (default below);
# SLURM_SMOKE_STUDY, the study (a built-in name or a file; default pizza-15);
# SLURM_SMOKE_TIMEOUT, seconds allowed for the jobs (default 300).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

compare_args=${SLURM_SMOKE_ARGS:---game all --boards 30000 --n 0..14 --seed 16}
study=${SLURM_SMOKE_STUDY:-pizza-15}
job_timeout=${SLURM_SMOKE_TIMEOUT:-300}
tasks=4
start_all=$(date +%s%N)

fail() {
    echo "slurm-smoke: FAILED: $*" >&2
    exit 1
}
ms_since() { echo $((($(date +%s%N) - $1) / 1000000)); }
timing() { printf '   %-44s %6d ms\n' "$1" "$(ms_since "$2")"; }
# PIDs of processes whose command name is exactly $1 (from /proc).
pids_named() {
    local f
    for f in /proc/[0-9]*/comm; do
        [ "$(cat "$f" 2>/dev/null)" = "$1" ] && { f=${f#/proc/}; echo "${f%/comm}"; }
    done
    return 0
}
alive() { kill -0 "$1" 2>/dev/null; }
# Waits up to $2 seconds for PID $1 to exit.
wait_gone() {
    local deadline=$(($(date +%s) + $2))
    while alive "$1"; do
        [ "$(date +%s)" -lt "$deadline" ] || return 1
        sleep 0.1
    done
}

[ "$(id -u)" -eq 0 ] || fail "run as root: it installs packages and starts munged, slurmctld and slurmd"

# Two runs of this script take turns; a foreign Slurm is refused below.
exec 9>"${TMPDIR:-/tmp}/coinline-slurm-smoke.lock"
flock -w 900 9 || fail "another slurm-smoke.sh held the lock for 15 minutes"

echo "== slurm-smoke: a one-node Slurm cluster runs examples/slurm/"
t=$(date +%s%N)
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
    ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
    # (Package scripts are kept from starting daemons: install.sh.)
    source scripts/lib/install.sh
    install_packages slurmctld slurmd slurm-client munge ||
        fail "apt-get could not install slurmctld slurmd slurm-client munge"
fi
timing "packages ($(slurmctld -V))" "$t"

running=$(for name in slurmctld slurmd slurmstepd; do pids_named "$name"; done)
if [ -n "$running" ]; then
    echo "slurm-smoke: a Slurm is already running here; this script never uses or stops it:" >&2
    for pid in $running; do
        echo "   pid $pid: $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" >&2
    done
    fail "stop it first (kill PID, or scontrol shutdown on its cluster), then run again"
fi
if ss -Hltn 2>/dev/null | awk '{print $4}' | grep -Eq ':(6817|6818)$'; then
    fail "port 6817 or 6818 (slurmctld, slurmd) is in use by another program"
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/coinline-slurm-smoke.XXXXXX")
ctld_pid="" slurmd_pid="" munged_pid="" jobs_submitted=""
export SLURM_CONF=$scratch/slurm.conf

cleanup() {
    local status=$? t pid
    set +e
    t=$(date +%s%N)
    if [ -n "$jobs_submitted" ] && [ -n "$ctld_pid" ] && alive "$ctld_pid"; then
        scancel $jobs_submitted 2>/dev/null
    fi
    if [ -n "$ctld_pid$slurmd_pid" ]; then
        [ -n "$ctld_pid" ] && alive "$ctld_pid" && scontrol shutdown >/dev/null 2>&1
        for pid in $ctld_pid $slurmd_pid; do
            if ! wait_gone "$pid" 30; then
                echo "slurm-smoke: pid $pid outlived scontrol shutdown; killing it" >&2
                kill "$pid"
                wait_gone "$pid" 10 || kill -9 "$pid"
                status=1
            fi
        done
    fi
    if [ -n "$munged_pid" ] && alive "$munged_pid"; then
        kill "$munged_pid"
        wait_gone "$munged_pid" 10 || { kill -9 "$munged_pid"; status=1; }
    fi
    [ -n "$ctld_pid$munged_pid" ] && timing "shutdown" "$t"
    if [ "$status" -ne 0 ]; then
        for log in "$scratch"/log/*.log "$scratch"/run/slurm-*.out; do
            [ -s "$log" ] && { echo "--- $log (last lines)" >&2; tail -n 15 "$log" >&2; }
        done
    fi
    if [ "$status" -ne 0 ] && [ "${SLURM_SMOKE_KEEP:-0}" = 1 ]; then
        echo "slurm-smoke: kept $scratch" >&2
    else
        rm -rf "$scratch"
    fi
    echo "   total: $(ms_since "$start_all") ms"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The build comes first: the cluster runs only while it is needed.
mkdir -p "$scratch/bin"
t=$(date +%s%N)
source scripts/lib/cargo-paths.sh
cp "$(release_coinline)" "$scratch/bin/coinline"
timing "cargo build --release" "$t"

# munge: the key comes with the package; nothing creates /run/munge without
# systemd. A munged that already answers is used and left running.
t=$(date +%s%N)
if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    echo "   munged already running: using it"
else
    [ -s /etc/munge/munge.key ] || runuser -u munge -- mungekey --create
    install -d -o munge -g munge -m 0755 /run/munge
    rm -f /run/munge/munged.pid
    runuser -u munge -- munged
    for _ in $(seq 100); do
        [ -s /run/munge/munged.pid ] && break
        sleep 0.05
    done
    munged_pid=$(cat /run/munge/munged.pid 2>/dev/null) || fail "munged wrote no pid file"
    munge -n | unmunge >/dev/null || fail "munge does not work (munge -n | unmunge)"
fi
timing "munged" "$t"

t=$(date +%s%N)
node=$(hostname -s)
cpus=$(nproc)
memory=$(slurmd -C | grep -o 'RealMemory=[0-9]*' | cut -d= -f2)
[ -n "$memory" ] || fail "slurmd -C reported no RealMemory"
mkdir -p "$scratch/state" "$scratch/spool" "$scratch/log" "$scratch/run" "$scratch/single"
cat >"$SLURM_CONF" <<EOF
# Written by coinline's scripts/slurm-smoke.sh: one node, no accounting.
ClusterName=coinline-smoke
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
SchedulerParameters=batch_sched_delay=0
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/log/slurmctld.log
SlurmdLogFile=$scratch/log/slurmd.log
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$((memory * 9 / 10)) State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF

# Reads a daemon's pid file (written once it is up).
pid_from() {
    for _ in $(seq 200); do
        [ -s "$1" ] && { cat "$1"; return 0; }
        sleep 0.05
    done
    fail "$2 wrote no pid file $1"
}
slurmctld -c -f "$SLURM_CONF"
ctld_pid=$(pid_from "$scratch/slurmctld.pid" slurmctld)
slurmd -f "$SLURM_CONF"
slurmd_pid=$(pid_from "$scratch/slurmd.pid" slurmd)
deadline=$(($(date +%s) + 60))
until [ "$(sinfo -h -n "$node" -o %t 2>/dev/null)" = idle ]; do
    [ "$(date +%s)" -lt "$deadline" ] || fail "node $node not idle after 60 s: $(sinfo -h -n "$node" -o '%t %E' 2>&1)"
    alive "$ctld_pid" || fail "slurmctld exited"
    alive "$slurmd_pid" || fail "slurmd exited"
    sleep 0.2
done
timing "slurmctld + slurmd, node $node idle ($cpus CPUs)" "$t"

export COINLINE=$scratch/bin/coinline
export COMPARE_ARGS=$compare_args

t=$(date +%s%N)
read -ra args <<<"$compare_args"
(cd "$scratch/single" && "$COINLINE" compare "${args[@]}" --out compare.csv 2>single.log) ||
    { cat "$scratch/single/single.log" >&2; fail "the single-machine run failed"; }
timing "single-machine run ($compare_args)" "$t"

# Submits array script $1 as $tasks tasks and merge script $2 after it
# (afterok), both in $3; waits for both; requires every task and the merge
# COMPLETED.
run_array() {
    local t array merge states completed
    t=$(date +%s%N)
    array=$(sbatch --parsable --array=1-$tasks --cpus-per-task=1 --chdir="$3" "$1")
    array=${array%%;*}
    jobs_submitted="$jobs_submitted $array"
    merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$3" "$2")
    merge=${merge%%;*}
    jobs_submitted="$jobs_submitted $merge"
    echo "   submitted array job $array ($tasks tasks of $(basename "$1")) and merge job $merge (afterok:$array)"
    deadline=$(($(date +%s) + job_timeout))
    while [ -n "$(squeue -h -o %i -j "$array,$merge" 2>/dev/null)" ]; do
        [ "$(date +%s)" -lt "$deadline" ] || fail "jobs still queued after ${job_timeout} s: $(squeue -h -j "$array,$merge" 2>&1)"
        sleep 0.2
    done
    timing "array of $tasks + merge (submit to last exit)" "$t"
    states=$({ scontrol -o show job "$array"; scontrol -o show job "$merge"; } 2>&1 |
        sed -E 's/^JobId=([0-9]+).* JobState=([A-Z_]+).*/\1 \2/')
    completed=$(grep -c ' COMPLETED$' <<<"$states" || true)
    [ "$completed" -eq $((tasks + 1)) ] ||
        fail "expected $((tasks + 1)) COMPLETED jobs (array tasks and merge), got: $(tr '\n' ';' <<<"$states")"
}

run_array "$repo/examples/slurm/compare-array.sbatch" "$repo/examples/slurm/merge.sbatch" "$scratch/run"
for k in $(seq "$tasks"); do
    [ -s "$scratch/run/reports/compare-shard-$k-of-$tasks.csv" ] ||
        fail "task $k wrote no reports/compare-shard-$k-of-$tasks.csv"
done
cmp "$scratch/run/reports/compare.csv" "$scratch/single/compare.csv" ||
    fail "merged rows differ from the single-machine run"
cmp "$scratch/run/reports/compare-summary.csv" "$scratch/single/compare-summary.csv" ||
    fail "merged summary differs from the single-machine run"
rows=$(($(wc -l <"$scratch/single/compare.csv") - 1))
echo "   merged rows ($rows) and summary are byte-identical to the single-machine run"

# The study scripts: an enumeration (every pizza of 15 slices over 0..2 up to
# rotation and reflection) split over the array, merged, against one run.
export STUDY=$study
t=$(date +%s%N)
(cd "$scratch/single" && "$COINLINE" study run "$STUDY" --out study 2>study.log) ||
    { cat "$scratch/single/study.log" >&2; fail "the single-machine study failed"; }
timing "single-machine study ($study)" "$t"
run_array "$repo/examples/slurm/study-array.sbatch" "$repo/examples/slurm/study-merge.sbatch" "$scratch/run"
for k in $(seq "$tasks"); do
    [ -s "$scratch/run/parts/part-$k-of-$tasks.json" ] || fail "task $k wrote no parts/part-$k-of-$tasks.json"
done
diff -r "$scratch/run/report" "$scratch/single/study" >&2 ||
    fail "the merged study differs from the single-machine run"
echo "   the merged study ($(ls "$scratch/single/study" | wc -l) files) is byte-identical to the single-machine run"
echo "slurm-smoke: ok"
