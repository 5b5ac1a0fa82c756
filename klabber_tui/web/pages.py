"""The HTML pages of ``klabber serve`` (issue 34): the start page, a game's page, and the pages that
say why no game starts (the match open elsewhere, the cap, a missing token, a game that failed).

Every word comes from the catalogue (``pgettext``), and everything put into a page is escaped: text
from outside (a name, an error line, the token) is never markup. The game's page uses textual-serve's
page script and its terminal's style sheet, served by this server with the font (no other host: the
page works offline); the script builds the websocket's address from the page's own, so the page works
from whichever address a device opened it by.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from urllib.parse import quote

from klabber_tui.words import i18n
from klabber_tui.words.i18n import npgettext, pgettext

FONT_URL = "/klabber-static/fonts/RobotoMono-VariableFont_wght.ttf"
SCRIPT_URL = "/static/js/textual.js"
TERMINAL_CSS_URL = "/static/css/xterm.css"

STYLE = """
@font-face { font-family: "Roboto Mono"; src: url("%(font)s") format("truetype"); font-weight: 100 700; }
html, body { margin: 0; height: 100%%; background: #0c181f; color: rgba(255, 255, 255, 0.95);
  font-family: "Roboto Mono", Menlo, monospace; }
main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.2rem; line-height: 1.5; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
a.button, button { display: inline-block; margin: 0.4rem 0.6rem 0.4rem 0; padding: 0.9rem 1.4rem;
  background: #5e0ba7; color: #fff; border: none; font: inherit; text-decoration: none; cursor: pointer;
  min-width: 10rem; text-align: center; }
a.button:hover, button:hover, a.button:focus, button:focus { background: #ac5af4; }
p.note { color: rgba(255, 255, 255, 0.7); font-size: 0.9rem; }
""" % {"font": FONT_URL}


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def with_token(path: str, token: str | None) -> str:
    """A path of this server with the token, when the server has one."""
    if token is None:
        return path
    return f"{path}{'&' if '?' in path else '?'}token={quote(token, safe='')}"


def _document(title: str, body: str, *, head: str = "", body_class: str = "") -> str:
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{_e(i18n.current())}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<link rel="preload" href="{FONT_URL}" as="font" type="font/ttf" crossorigin>\n'
        f"<title>{_e(title)}</title>\n<style>{STYLE}</style>\n{head}</head>\n"
        f'<body class="{_e(body_class)}">\n{body}\n</body>\n</html>\n'
    )


def kind_names() -> dict[str, str]:
    """The name of each kind of game, as its button says it."""
    return {
        "play": pgettext("serve.kind.play", "Play a match"),
        "drill": pgettext("serve.kind.drill", "Bidding drill"),
        "stats": pgettext("serve.kind.stats", "Statistics"),
        "any-hand": pgettext("serve.kind.any_hand", "Any hand"),
    }


def _links(kinds: tuple[str, ...], token: str | None) -> str:
    names = kind_names()
    return "\n".join(f'<a class="button" id="go-{_e(k)}" href="{_e(with_token("/" + k, token))}">{_e(names[k])}</a>'
                     for k in kinds)


def start_page(token: str | None, summary: str) -> str:
    """The start page: what the terminal offers, each a page of its own."""
    intro = pgettext("serve.start.intro", "Two-player Klaberjass against the bot. Choose what to open; each opens in "
                                          "this window, and the browser's Back button returns here.")
    note = pgettext("serve.start.keys", "Everything can be done with the mouse or a touch (a card, a bid, a button) "
                                        "as well as with the keys. Closing the page saves the match and ends it; "
                                        "opening Play again resumes it.")
    body = (
        "<main>\n<h1>klabber</h1>\n"
        f"<p>{_e(intro)}</p>\n"
        f"<nav>\n{_links(('play', 'drill', 'stats', 'any-hand'), token)}\n</nav>\n"
        f'<p class="note">{_e(summary)}</p>\n'
        f'<p class="note">{_e(note)}</p>\n'
        "</main>"
    )
    return _document("klabber", body)


def game_page(kind: str, token: str | None) -> str:
    """A game's page: textual-serve's terminal, filling the window, fed by this server's websocket."""
    ws_path = f"/ws/{quote(kind)}" + ("" if token is None else f"/{quote(token, safe='')}")
    head = (
        f'<link rel="stylesheet" href="{TERMINAL_CSS_URL}">\n'
        f'<script src="{SCRIPT_URL}"></script>\n'
        "<style>\n"
        "body { overflow: hidden; }\n"
        "#terminal { position: absolute; inset: 0; }\n"
        "body .textual-terminal { opacity: 0; transition: opacity 0.2s ease-out; }\n"
        "body.-first-byte .textual-terminal { opacity: 1; }\n"
        ".dialog { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; z-index: 10; }\n"
        ".dialog > div { background: #12232d; padding: 2rem; max-width: 36rem; text-align: center; }\n"
        "body.-first-byte #starting { display: none; }\n"
        "#ended { display: none; }\n"
        "body.-closed #ended { display: flex; } body.-closed #starting { display: none; }\n"
        "</style>\n"
    )
    names = kind_names()
    starting = pgettext("serve.game.starting", "Starting: {what}…").format(what=names[kind])
    ended = pgettext("serve.game.ended", "This page has ended. A match is saved as it was.")
    again = pgettext("serve.game.again", "Open again")
    home = pgettext("serve.game.home", "Start page")
    body = (
        f'<div class="dialog" id="starting"><div><p>{_e(starting)}</p></div></div>\n'
        f'<div class="dialog" id="ended"><div><p>{_e(ended)}</p>\n'
        f'<button type="button" id="again" onclick="location.reload()">{_e(again)}</button>\n'
        f'<a class="button" id="home" href="{_e(with_token("/", token))}">{_e(home)}</a></div></div>\n'
        f'<div id="terminal" class="textual-terminal" data-ws-path="{_e(ws_path)}" data-font-size="16"></div>\n'
        "<script>\n"
        "(function () {\n"
        '  const terminal = document.getElementById("terminal");\n'
        '  const scheme = location.protocol === "https:" ? "wss://" : "ws://";\n'
        "  terminal.dataset.sessionWebsocketUrl = scheme + location.host + terminal.dataset.wsPath;\n"
        "  // The game needs 80x24 cells: a small window (a phone) gets a smaller font, 16px at most.\n"
        "  const fit = Math.floor(Math.min(innerWidth / (80 * 0.62), innerHeight / (24 * 1.25)));\n"
        "  terminal.dataset.fontSize = String(Math.max(6, Math.min(16, fit)));\n"
        "})();\n"
        "</script>"
    )
    return _document(f"klabber: {names[kind]}", body, head=head)


def busy_page(token: str | None, folder: str) -> str:
    """The match is open in another window: what can be done safely meanwhile, or wait here."""
    status = with_token("/status", token)
    play = with_token("/play", token)
    head = (
        "<script>\n"
        "async function waitForPlay() {\n"
        f"  try {{ const r = await fetch({_js(status)}); if (r.ok && (await r.json()).play_free) {{ location.href = {_js(play)}; return; }} }} catch (e) {{}}\n"
        "  setTimeout(waitForPlay, 2000);\n"
        "}\n"
        'window.addEventListener("load", () => setTimeout(waitForPlay, 2000));\n'
        "</script>\n"
    )
    title = pgettext("serve.busy.title", "The match is open in another window")
    why = pgettext("serve.busy.why", "The match in {folder} is being played in another window: another page of this "
                                     "server, or klabber play in a terminal. One window plays it at a time, so "
                                     "nothing is lost.").format(folder=folder)
    meanwhile = pgettext("serve.busy.meanwhile", "Meanwhile you can safely open:")
    wait = pgettext("serve.busy.wait", "Or wait here: this page opens the match by itself once the other window has "
                                       "closed it.")
    try_now = pgettext("serve.busy.try", "Try now")
    home = pgettext("serve.game.home", "Start page")
    body = (
        f"<main>\n<h1>{_e(title)}</h1>\n<p>{_e(why)}</p>\n<p>{_e(meanwhile)}</p>\n"
        f"<nav>\n{_links(('drill', 'stats', 'any-hand'), token)}\n</nav>\n"
        f"<p>{_e(wait)}</p>\n"
        f'<a class="button" id="try-again" href="{_e(play)}">{_e(try_now)}</a>\n'
        f'<a class="button" id="home" href="{_e(with_token("/", token))}">{_e(home)}</a>\n'
        "</main>"
    )
    return _document(title, body, head=head)


def _js(value: str) -> str:
    """A string as a JavaScript literal safe inside a script element."""
    import json

    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def full_page(token: str | None, games: int, cap: int) -> str:
    """Over the cap: how many games are open, the most at once, and what to do."""
    title = pgettext("serve.full.title", "Too many games at once")
    why = npgettext("serve.full.why", "{n} game is open, the most this server runs at once (klabber serve "
                                      "--max-games {cap}).",
                    "{n} games are open, the most this server runs at once (klabber serve --max-games {cap}).",
                    games).format(n=games, cap=cap)
    what = pgettext("serve.full.what", "Close one of their pages, then try again.")
    try_now = pgettext("serve.busy.try", "Try now")
    home = pgettext("serve.game.home", "Start page")
    body = (
        f"<main>\n<h1>{_e(title)}</h1>\n<p>{_e(why)}</p>\n<p>{_e(what)}</p>\n"
        f'<button type="button" id="try-again" onclick="history.length > 1 ? history.back() : location.reload()">'
        f"{_e(try_now)}</button>\n"
        f'<a class="button" id="home" href="{_e(with_token("/", token))}">{_e(home)}</a>\n'
        "</main>"
    )
    return _document(title, body)


def failed_page(token: str | None, kind: str, line: str) -> str:
    """A game that ended before its first frame: its own one line, quoted, never markup."""
    title = pgettext("serve.failed.title", "{what} could not start").format(what=kind_names().get(kind, kind))
    home = pgettext("serve.game.home", "Start page")
    body = (
        f"<main>\n<h1>{_e(title)}</h1>\n<p><code>{_e(line)}</code></p>\n"
        f'<a class="button" id="home" href="{_e(with_token("/", token))}">{_e(home)}</a>\n'
        "</main>"
    )
    return _document(title, body)


def refused_page() -> str:
    """No token, a wrong one, or a Host this server is not: no game, and why."""
    title = pgettext("serve.refused.title", "This address opens no game")
    why = pgettext("serve.refused.why", "Open the address klabber serve printed when it started, with its token "
                                        "(?token=…), typed or copied whole.")
    body = f"<main>\n<h1>{_e(title)}</h1>\n<p>{_e(why)}</p>\n</main>"
    return _document(title, body)


def options_summary(options: Mapping[str, str]) -> str:
    """The play options given to ``serve``, as the start page says them."""
    if not options:
        return pgettext("serve.start.no_options", "Play starts with your saved settings.")
    return pgettext("serve.start.options", "Play starts with: {options}").format(
        options=", ".join(f"{k} {v}".strip() for k, v in options.items()))
