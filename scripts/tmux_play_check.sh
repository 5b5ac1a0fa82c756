#!/usr/bin/env bash
# Runs the real `klabber play` in tmux (80x24), sends keys and checks what the screen shows.
# Usage: scripts/tmux_play_check.sh        (KLABBER="python -m klabber_tui.cli" to choose the command)
# Skips, with a message and status 0, where tmux is missing.
set -euo pipefail

if ! command -v tmux >/dev/null 2>&1; then
    echo "SKIP: tmux is not installed; the tmux check of klabber play did not run"
    exit 0
fi

KLABBER=${KLABBER:-klabber}
HOME_DIR=$(mktemp -d)
SOCKET="klabber-check-$$"
SESSION="play"
export KLABBER_HOME="$HOME_DIR"
cleanup() {
    tmux -u -L "$SOCKET" kill-server >/dev/null 2>&1 || true
    rm -rf "$HOME_DIR"
}
trap cleanup EXIT

screen() { tmux -u -L "$SOCKET" capture-pane -p -t "$SESSION" 2>/dev/null || true; }

# wait_for TEXT [SECONDS]: until the screen shows TEXT; prints the screen and fails otherwise.
wait_for() {
    local text=$1 limit=${2:-20} waited=0
    while ! screen | grep -qF -- "$text"; do
        sleep 0.1
        waited=$((waited + 1))
        if [ "$waited" -ge $((limit * 10)) ]; then
            echo "FAIL: the screen never showed '$text'. It shows:"
            screen
            exit 1
        fi
    done
}

# non_ascii: how many bytes outside ASCII the screen shows (0 in --ascii mode, issue 13).
non_ascii() { screen | LC_ALL=C tr -d '\000-\177' | wc -c; }

# check_ascii NAME: fails, showing the offending lines, if the screen holds any non-ASCII character.
check_ascii() {
    local count
    count=$(non_ascii)
    if [ "$count" -ne 0 ]; then
        echo "FAIL: --ascii shows $count non-ASCII bytes on the $1:"
        screen | grep -nP '[^\x00-\x7F]' || true
        exit 1
    fi
    echo "ascii: the $1 has no non-ASCII character"
}

keys() { tmux -u -L "$SOCKET" send-keys -t "$SESSION" "$@"; }

start() {
    tmux -u -L "$SOCKET" new-session -d -s "$SESSION" -x 80 -y 24 \
        "env KLABBER_HOME='$HOME_DIR' TERM=xterm-256color $KLABBER play $*; sleep 30"
}

# 1. A new match: the draw, then the table with its areas, and bidding by keys.
t0=$(date +%s.%N)
start --level greedy --seed 7 --new
wait_for "The draw for the first dealer"
t1=$(date +%s.%N)
echo "first frame after $(awk "BEGIN{printf \"%.2f\", $t1 - $t0}") s (draw page shown)"
keys Enter
wait_for "Your hand"
for area in Talon Turn-up Bottom Score Log Trump; do wait_for "$area"; done
wait_for "Deck"
# Without --ascii the table shows suit symbols and boxes: the count below can see them (tmux -u).
[ "$(non_ascii)" -gt 0 ] || { echo "FAIL: no symbol seen without --ascii: is tmux showing UTF-8?"; exit 1; }
# Bid until the play starts (take when asked to take, else name the first suit offered, else pass).
for _ in $(seq 1 6); do
    if screen | grep -q "Round one"; then keys t; elif screen | grep -q "Round two"; then keys p; fi
    sleep 0.5
    if screen | grep -qE "Play|thrown in"; then break; fi
done
screen | grep -qE "Play|thrown|Round two" || { echo "FAIL: bidding did not go on"; screen; exit 1; }
keys q  # mid-deal q asks first (issue 13)
wait_for "Quit now"
keys y
sleep 1
test -f "$HOME_DIR/match.json" || { echo "FAIL: quitting did not leave a save"; exit 1; }
tmux -u -L "$SOCKET" kill-session -t "$SESSION" >/dev/null 2>&1 || true

# 2. Starting again offers to resume, and resumes.
start --level greedy
wait_for "A saved match"
keys y
wait_for "Your hand"
wait_for "Deal 1"
keys C-q  # ctrl+q quits at once (issue 13)
sleep 1
if screen | grep -qF "Your hand"; then echo "FAIL: ctrl+q did not quit at once"; screen; exit 1; fi
tmux -u -L "$SOCKET" kill-session -t "$SESSION" >/dev/null 2>&1 || true

# 3. Too small a terminal says what size is needed.
tmux -u -L "$SOCKET" new-session -d -s "$SESSION" -x 60 -y 20 \
    "env KLABBER_HOME='$HOME_DIR' TERM=xterm-256color $KLABBER play --level greedy --new; sleep 30"
keys Enter
wait_for "at least 80"
keys q
tmux -u -L "$SOCKET" kill-session -t "$SESSION" >/dev/null 2>&1 || true

# 4. --ascii (issue 13): not one character outside ASCII, on the draw page, the table, help,
#    settings and in play. ctrl+q leaves at once.
start --ascii --level greedy --seed 0 --new
wait_for "The draw for the first dealer"
check_ascii "draw page"
keys Enter
wait_for "Your hand"
wait_for "Round one"
check_ascii "table in round one"
keys "?"
wait_for "how to play"
check_ascii "help page"
keys Escape
sleep 0.5  # a lone Escape is told from the start of a key sequence by a pause
keys o
wait_for "Rules (preset)"
check_ascii "settings page"
keys Escape
sleep 0.5
keys t
for _ in $(seq 1 20); do
    if screen | grep -qE "Your lead|Your turn"; then break; fi
    sleep 0.2
done
screen | grep -qE "Your lead|Your turn" || { echo "FAIL: the play did not start in --ascii mode"; screen; exit 1; }
check_ascii "table in play"
keys C-q
echo "OK: klabber play in tmux"
