# Plays the line given as its arguments (tests/it/matrix.rs): each
# `opponent` line and each of its own moves use up the next move, so the
# same script on both sides replays the line move for move.
while IFS= read -r line; do
    case "$line" in
        "your move") echo "$1"; shift ;;
        opponent*) shift ;;
        end*) exit 0 ;;
    esac
done
