#!/bin/sh
# A correct solution of `lines` (its answers are coinline judge's) that
# leaves two processes behind on every run: one in a session of its own
# (setsid) and one in a process group of its own (perl's setpgrp). Each
# sleeps for minutes, its pid in a file of the folder "$1" (as /proc has it:
# in a PID namespace, $$ is the namespace's number).
dir=$1
setsid sh -c 'read -r pid _ < /proc/self/stat; echo $pid > "$1.tmp" && mv "$1.tmp" "$1"; exec sleep 300' sh "$dir/$$.setsid" </dev/null >/dev/null 2>&1 &
perl -e 'setpgrp(0, 0); open(my $f, ">", "$ARGV[0].tmp") or die; open(my $s, "<", "/proc/self/stat") or die; print $f ((split / /, <$s>)[0], "\n"); close $f;
         rename("$ARGV[0].tmp", $ARGV[0]); exec "sleep", "300"' "$dir/$$.setpgid" </dev/null >/dev/null 2>&1 &
# Both are on their own before the run ends.
while [ ! -f "$dir/$$.setsid" ] || [ ! -f "$dir/$$.setpgid" ]; do sleep 0.01; done
exec coinline judge --problem lines -
