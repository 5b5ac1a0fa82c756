#!/usr/bin/env bash
# Runs the real `klabber play` in tmux (80x24), sends keys and checks what the screen shows.
# Usage: scripts/tmux_play_check.sh        (KLABBER="python -m klabber_tui.cli" to choose the command;
#        SCREENS=folder to keep the Russian screens it checks)
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
# An idle session keeps the tmux server up from the start to the end: a session started while the
# server is exiting (its last session just killed) fails with "server exited unexpectedly".
tmux -u -L "$SOCKET" new-session -d -s keep -x 80 -y 24 "sleep 900"

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

# close_window: the window closes (SIGHUP to a klabber still running there), and the check waits until
# that klabber has saved and let go of the data folder's lock (issue 21: a hangup saves first).
close_window() {
    tmux -u -L "$SOCKET" kill-session -t "$SESSION" >/dev/null 2>&1 || true
    if command -v flock >/dev/null 2>&1 && [ -e "$HOME_DIR/play.lock" ]; then
        local waited=0
        until flock -n "$HOME_DIR/play.lock" true; do
            sleep 0.1
            waited=$((waited + 1))
            [ "$waited" -lt 200 ] || { echo "FAIL: klabber still holds its lock 20 s after its window closed"; exit 1; }
        done
    else
        sleep 3
    fi
}

# quit_settled: after a key that quits, give klabber up to 1 s to exit, as a fixed 1 s sleep did, but
# go on as soon as it has let go of the data folder's lock (it holds it while it runs). Without flock
# or a lock file, the full second.
quit_settled() {
    local waited=0
    if command -v flock >/dev/null 2>&1 && [ -e "$HOME_DIR/play.lock" ]; then
        until flock -n "$HOME_DIR/play.lock" true; do
            sleep 0.1
            waited=$((waited + 1))
            [ "$waited" -lt 10 ] || return 0
        done
    else
        sleep 1
    fi
}

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
quit_settled
test -f "$HOME_DIR/match.json" || { echo "FAIL: quitting did not leave a save"; exit 1; }
close_window

# 2. Starting again offers to resume, and resumes.
start --level greedy
wait_for "A saved match"
keys y
wait_for "Your hand"
wait_for "Deal 1"
keys C-q  # ctrl+q quits at once (issue 13)
quit_settled
if screen | grep -qF "Your hand"; then echo "FAIL: ctrl+q did not quit at once"; screen; exit 1; fi
close_window

# 3. Too small a terminal says what size is needed.
tmux -u -L "$SOCKET" new-session -d -s "$SESSION" -x 60 -y 20 \
    "env KLABBER_HOME='$HOME_DIR' TERM=xterm-256color $KLABBER play --level greedy --new; sleep 30"
keys Enter
wait_for "at least 80"
keys q
close_window

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
sleep 0.5
close_window

# 5. Russian (issue 12): `klabber play --lang ru`, then under a Russian locale with no --lang, through
#    every screen a new player meets; at least three quarters of the letters on each are Cyrillic
#    (digits and symbols are not letters; a Latin key name such as "q" counts as Latin).
REPO=$(cd "$(dirname "$0")/.." && pwd)
RECORD="$REPO/assets/records/klaberjass-sample.json"

# cyrillic_share [LINES]: the whole percentage of the letters on screen that are Cyrillic ("all" for
# the pane's history too).
cyrillic_share() {
    local from=()
    [ "${1:-}" = "all" ] && from=(-S -)
    tmux -u -L "$SOCKET" capture-pane -p "${from[@]}" -t "$SESSION" 2>/dev/null \
        | perl -CS -ne '$l += () = /\p{L}/g; $c += () = /\p{Cyrillic}/g;
                        END { printf "%d\n", $l ? int(100 * $c / $l) : 0 }'
}

# check_russian NAME [all]: fails, showing the screen, if under 75% of its letters are Cyrillic.
check_russian() {
    local share
    share=$(cyrillic_share "${2:-}")
    if [ "$share" -lt 75 ]; then
        echo "FAIL: $HOW: the $1 is only $share% Cyrillic (at least 75% wanted):"
        screen
        exit 1
    fi
    echo "russian ($HOW): the $1 is $share% Cyrillic"
    if [ -n "${SCREENS:-}" ]; then  # SCREENS=folder keeps each checked screen, to be looked at
        local from=()
        [ "${2:-}" = "all" ] && from=(-S -)
        tmux -u -L "$SOCKET" capture-pane -p "${from[@]}" -t "$SESSION" >"$SCREENS/${HOW//[^a-zA-Z0-9]/_}-${1// /_}.txt"
    fi
}

# start_ru ENV... -- ARGS...: the real `klabber play` with the environment ENV (LC_ALL and LC_MESSAGES
# unset, so that only what is given chooses the language) and the arguments ARGS.
start_ru() {
    local env_args=()
    while [ "$1" != "--" ]; do env_args+=("$1"); shift; done
    shift
    tmux -u -L "$SOCKET" new-session -d -s "$SESSION" -x 80 -y 24 \
        "env -u LC_ALL -u LC_MESSAGES ${env_args[*]} KLABBER_HOME='$HOME_DIR' TERM=xterm-256color $KLABBER $*; sleep 30"
}

# walk_russian: the draw, the table in bidding, help, settings, play to the end of the deal, its
# summary and the quit question, each checked; the match is quit and kept.
walk_russian() {
    wait_for "Жеребьёвка"
    check_russian "draw page"
    keys Enter
    wait_for "Ваши карты"
    wait_for "Торговля"
    check_russian "table in bidding"
    keys "?"
    wait_for "как играть"
    check_russian "help page"
    keys Escape
    sleep 0.5
    keys o
    wait_for "Правила (вариант)"
    check_russian "settings page"
    keys Escape
    sleep 0.5
    # Bid (take in round one, pass in round two) until the play starts or the deal is thrown in.
    for _ in $(seq 1 20); do
        if screen | grep -qE "Ваш заход|Ваш ход|r: разобрать"; then break; fi
        if screen | grep -q "Торговля, 1-й круг"; then keys t; elif screen | grep -q "Торговля, 2-й круг"; then keys p; fi
        sleep 0.5
    done
    if screen | grep -qE "Ваш заход|Ваш ход"; then check_russian "table in play"; fi
    # Play the deal out: each card key in turn (a card that may not be played is refused, in Russian),
    # Enter past a trick held in view, until the deal's summary.
    for _ in $(seq 1 40); do
        if screen | grep -qF "r: разобрать"; then break; fi
        for card in 1 2 3 4 5 6 7 8; do
            keys "$card"
            sleep 0.15
            if screen | grep -qF "Enter — дальше"; then keys Enter; sleep 0.2; fi
            if screen | grep -qF "r: разобрать"; then break; fi
        done
    done
    wait_for "r: разобрать"
    check_russian "deal summary"
    keys Enter
    wait_for "Сдача 2"
    keys q
    wait_for "Выйти?"
    check_russian "quit question"
    keys y
    quit_settled
    close_window
}

# replay_russian ENV... -- ARGS...: `klabber replay` of a shipped record; all its output is checked.
replay_russian() {
    start_ru "$@"
    wait_for "Сдача"
    sleep 0.5
    check_russian "replay output" all
    close_window
}

HOW="--lang ru"
start_ru -- play --lang ru --level greedy --seed 7 --new
walk_russian
replay_russian -- replay "'$RECORD'" --lang ru

HOW="LANG=ru_RU.UTF-8"
start_ru LANG=ru_RU.UTF-8 -- play --level greedy --seed 7 --new
walk_russian
replay_russian LANG=ru_RU.UTF-8 -- replay "'$RECORD'"
# Issue 21: every window above was closed under a running klabber (SIGHUP, terminal gone): none crashed.
if [ -e "$HOME_DIR/logs" ]; then echo "FAIL: a crash log was written:"; cat "$HOME_DIR"/logs/*; exit 1; fi
echo "OK: klabber play in tmux"
