//! The server's pages besides `/ws`: a room's invite page (`GET
//! /join/CODE`, PROTOCOL.md "Over the internet") and its figures for
//! Prometheus (`GET /metrics`).
//!
//! The invite page is what people paste into a chat: chat apps turn an
//! `http(s)://` address into a link, not a `ca-ngua:` one. It is one small
//! HTML page in the visitor's language (`Accept-Language`, Vietnamese or
//! English), with its style inline and nothing fetched from elsewhere: the
//! room's game and seats, a big button that opens the app on the room (or,
//! once its game has started, one that watches it), and a link to where
//! the app is downloaded (`--download-url`). The `ca-ngua:` link is also
//! written out to copy by hand, on a line of its own that breaks only
//! after a `/`, never inside a word.
//!
//! With the browser build (`--web-dir`) the page also offers the game in
//! the browser. On a phone there is no app to install, so that offer
//! comes first and largest, and the app's button after it, small, under
//! "On a computer with the app". A phone is told two ways, neither needing
//! a script (the pages' policy allows none inline): the server orders the
//! page by the `User-Agent` ([`on_phone`]: `Mobi`, `Android`, `iPhone`,
//! `iPad`, `iPod`), and the style moves the browser's offer first and
//! makes it large on a screen that only has touch (`@media (hover: none)
//! and (pointer: coarse)`), for the phones and tablets whose browser
//! claims a desktop (an iPad's Safari does by default).

use super::mailbox::{RoomMsg, RoomSummary};
use super::registry::Registry;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use ca_ngua_i18n::{Arg, I18n, Lang};
use ca_ngua_protocol::{Invite, ServerAddress};
use ca_ngua_protocol::{is_room_code, normalize_room};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

/// The language of a page for this request: Vietnamese when the visitor
/// prefers it to English, English otherwise.
pub(super) fn page_lang(accept_language: Option<&str>) -> Lang {
    let Some(header) = accept_language else {
        return Lang::En;
    };
    // Tags in the order given, each with its weight (q=1 when absent).
    let mut best: Option<(f32, Lang)> = None;
    for part in header.split(',') {
        let mut fields = part.split(';');
        let tag = fields.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = fields
            .find_map(|f| f.trim().strip_prefix("q="))
            .and_then(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let lang = match tag.split('-').next() {
            Some("vi") => Lang::Vi,
            Some("en") => Lang::En,
            _ => continue,
        };
        if best.is_none_or(|(b, _)| q > b) {
            best = Some((q, lang));
        }
    }
    best.map_or(Lang::En, |(_, l)| l)
}

/// Whether a `User-Agent` is a phone's or a tablet's browser: it names
/// `Mobi` (Mozilla's advice: every phone browser's has it), `Android`,
/// `iPhone`, `iPad` or `iPod`. An iPad asking for the desktop site is not
/// told here: the page's style covers it.
pub(super) fn on_phone(user_agent: Option<&str>) -> bool {
    user_agent.is_some_and(|ua| {
        ["Mobi", "Android", "iPhone", "iPad", "iPod"]
            .iter()
            .any(|word| ua.contains(word))
    })
}

/// Text for HTML: `&`, `<`, `>`, `"` and `'` escaped.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The host a visitor reached, from `Host`, when it is a plain host name or
/// address with an optional port (anything else is not echoed into the
/// page).
pub(super) fn request_host(headers: &HeaderMap) -> Option<String> {
    let host = headers.get(header::HOST)?.to_str().ok()?.trim();
    let ok = !host.is_empty()
        && host.len() <= 255
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    ok.then(|| host.to_string())
}

/// Asks a room what its page shows; `None` when there is no such room (or
/// it does not answer in time).
async fn describe(registry: &Registry, code: &str) -> Option<RoomSummary> {
    let inbox = registry.room(code)?;
    let (reply, answer) = oneshot::channel();
    inbox.send(RoomMsg::Describe { reply }).await.ok()?;
    tokio::time::timeout(Duration::from_secs(2), answer)
        .await
        .ok()?
        .ok()
}

/// `GET /api/room/CODE`: the room as JSON ([`ca_ngua_protocol::RoomInfo`]), for
/// an app's join dialog; 404 for a room that is not open.
pub(super) async fn room_json(
    State(registry): State<Arc<Registry>>,
    Path(code): Path<String>,
) -> Response {
    let code = normalize_room(&code);
    let summary = if is_room_code(&code) {
        describe(&registry, &code).await
    } else {
        None
    };
    let headers = [
        (header::CACHE_CONTROL, "no-store"),
        (header::CONTENT_TYPE, "application/json"),
    ];
    match summary {
        Some(room) => {
            let info = ca_ngua_protocol::RoomInfo {
                room: code,
                game: room.game.to_string(),
                players: room.players,
                seated: room.seated,
                started: room.started,
                watchers: room.watchers,
                watch_open: room.watch_open,
            };
            let body = serde_json::to_string(&info).unwrap_or_else(|_| "{}".into());
            (StatusCode::OK, headers, body).into_response()
        }
        None => (
            StatusCode::NOT_FOUND,
            headers,
            r#"{"error":"room_not_found"}"#.to_string(),
        )
            .into_response(),
    }
}

/// `GET /join/CODE`.
pub(super) async fn invite_page(
    State(registry): State<Arc<Registry>>,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = page_lang(
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    );
    let phone = on_phone(
        headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok()),
    );
    let code = normalize_room(&code);
    let summary = if is_room_code(&code) {
        describe(&registry, &code).await
    } else {
        None
    };
    // The server as the visitor reached it: TLS when this server answers
    // it, or behind a trusted proxy that says the visitor used https.
    let config = registry.config();
    let forwarded_https = config.trust_forwarded_for
        && headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"));
    let scheme = if config.tls.is_some() || forwarded_https {
        "https"
    } else {
        "http"
    };
    let server = request_host(&headers)
        .and_then(|host| format!("{scheme}://{host}").parse::<ServerAddress>().ok());
    let (status, body) = match (summary, server) {
        (Some(room), Some(server)) => {
            let invite = Invite::new(server, code);
            (
                StatusCode::OK,
                room_page(
                    lang,
                    &invite,
                    &room,
                    &config.download_url,
                    Ways {
                        web: config.web_dir.is_some(),
                        phone,
                    },
                ),
            )
        }
        _ => (
            StatusCode::NOT_FOUND,
            unknown_page(lang, &code, &config.download_url),
        ),
    };
    (
        status,
        [
            (header::CONTENT_LANGUAGE, lang.code()),
            (header::CACHE_CONTROL, "no-store"),
            // The page differs by the browser (phone or not).
            (header::VARY, "Accept-Language, User-Agent"),
        ],
        Html(body),
    )
        .into_response()
}

/// A `ca-ngua:` link as the page writes it out: escaped, with a place to
/// break after each `/` and nowhere else.
fn link_text(link: &str) -> String {
    link.split_inclusive('/')
        .map(escape)
        .collect::<Vec<_>>()
        .join("<wbr>")
}

/// The line that sends people without the app to where it is downloaded.
fn download_line(i18n: &I18n, download_url: &str) -> String {
    format!(
        "<p class=\"note\">{} <a class=\"download\" href=\"{}\">{}</a></p>\n",
        escape(&i18n.t("invite-page-get-app")),
        escape(download_url),
        escape(&i18n.t("invite-page-download")),
    )
}

/// How a room's page may open the room: the game in the browser too
/// (`--web-dir`), and whether the visitor is on a phone (the browser's
/// offer first, see the module's note).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Ways {
    pub web: bool,
    pub phone: bool,
}

/// The page of an open room: a join button before its game starts, a
/// watch button after (while watchers are still let in); the game in the
/// browser beside them, first on a phone.
pub(super) fn room_page(
    lang: Lang,
    invite: &Invite,
    room: &RoomSummary,
    download_url: &str,
    ways: Ways,
) -> String {
    let i18n = I18n::new(lang);
    // The app's own link, with the port and TLS spelled out: to watch once
    // the game has started.
    let link = if room.started {
        invite.to_watch().to_string()
    } else {
        Invite {
            watch: false,
            ..invite.clone()
        }
        .to_string()
    };
    let code = invite.room.as_str();
    let mut body = room_heading(&i18n, room, code);
    let can_open = !room.started || room.watch_open;
    if room.started && room.watch_open {
        // The sentence says what both ways do: before either.
        body.push_str(&format!(
            "<p class=\"note\">{}</p>\n",
            escape(&i18n.t("invite-page-started-watch"))
        ));
        body.push_str(&ways_to_open(&i18n, ways, &link, code, true));
    } else if room.started {
        body.push_str(&format!(
            "<p class=\"note\">{}</p>\n",
            escape(&i18n.t("invite-page-started"))
        ));
    } else {
        body.push_str(&ways_to_open(&i18n, ways, &link, code, false));
    }
    body.push_str(&download_line(&i18n, download_url));
    if can_open {
        body.push_str(&format!(
            "<p class=\"note\">{}</p>\n<p class=\"link\"><code>{}</code></p>\n",
            escape(&i18n.t("invite-page-by-hand")),
            link_text(&link),
        ));
    }
    page(lang, &i18n.t("invite-page-title"), &body)
}

/// A room page's heading: its game, the room's code, who is seated.
fn room_heading(i18n: &I18n, room: &RoomSummary, code: &str) -> String {
    let game = i18n.t(&format!("game-{}", room.game));
    // The seats as the app's join dialog says them (issue 55).
    let names = escape(&ca_ngua_protocol::seat_list(
        &room.seated,
        &i18n.t("invite-page-computer"),
    ));
    let seats = i18n.t_args(
        "invite-page-seats",
        &[
            ("seated", Arg::from(room.seated.len())),
            ("players", Arg::from(room.players)),
        ],
    );
    format!(
        "<p class=\"game\">{}</p>\n<h1>{}</h1>\n<p class=\"room\">{}</p>\n<p>{}{}</p>\n",
        escape(&game),
        escape(&i18n.t("invite-page-heading")),
        escape(&i18n.t_args("invite-page-room", &[("code", Arg::from(code))])),
        escape(&seats),
        if room.seated.is_empty() {
            String::new()
        } else {
            format!(": {names}")
        },
    )
}

/// Both ways to open the room (to join it, or to `watch` it): the app's
/// button, under a word saying it is for a computer when the page is a
/// phone's, and the game in the browser on this server (`--web-dir`), the
/// browser's first on a phone.
fn ways_to_open(i18n: &I18n, ways: Ways, link: &str, code: &str, watch: bool) -> String {
    let browser = if ways.web {
        let (key, fragment) = if watch {
            ("invite-page-browser-watch", "watch")
        } else {
            ("invite-page-browser", "join")
        };
        format!(
            "<div class=\"way web\">\n<p><a class=\"join browser\" href=\"/play/#{fragment}={code}\">{}</a></p>\n\
             <p class=\"note\">{}</p>\n</div>\n",
            escape(&i18n.t(key)),
            escape(&i18n.t("invite-page-browser-note")),
        )
    } else {
        String::new()
    };
    let (class, label) = if watch {
        ("join watch", "invite-page-watch")
    } else {
        ("join", "invite-page-join")
    };
    let computer = if ways.phone && ways.web {
        format!(
            "<p class=\"note\">{}</p>\n",
            escape(&i18n.t("invite-page-on-computer"))
        )
    } else {
        String::new()
    };
    let app = format!(
        "<div class=\"way app\">\n{computer}<p><a class=\"{class}\" href=\"{}\">{}</a></p>\n</div>\n",
        escape(link),
        escape(&i18n.t(label))
    );
    let (first, second) = if ways.phone {
        (browser, app)
    } else {
        (app, browser)
    };
    let class = if ways.phone { "ways phone" } else { "ways" };
    format!("<div class=\"{class}\">\n{first}{second}</div>\n")
}

/// The page of a room that is not (or no longer) open.
pub(super) fn unknown_page(lang: Lang, code: &str, download_url: &str) -> String {
    let i18n = I18n::new(lang);
    let body = format!(
        "<h1>{}</h1>\n<p>{}</p>\n{}",
        escape(&i18n.t("invite-page-unknown-heading")),
        escape(&i18n.t_args(
            "invite-page-unknown",
            &[("code", Arg::from(code.to_string()))]
        )),
        download_line(&i18n, download_url),
    );
    page(lang, &i18n.t("invite-page-title"), &body)
}

/// A whole page around `body`, in the app's colours, nothing from
/// elsewhere.
fn page(lang: Lang, title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n\
         <div class=\"band\"><span class=\"r\"></span><span class=\"g\"></span>\
         <span class=\"y\"></span><span class=\"b\"></span></div>\n{body}</main>\n</body>\n</html>\n",
        lang = lang.code(),
        title = escape(title),
    )
}

/// The page's style: the board's cream, the four colours of the horses;
/// on a phone (by its `User-Agent`: `.phone`, or a screen with touch only)
/// the browser's offer first, green and the width of the card, and the
/// app's button small.
const STYLE: &str = "\
body{margin:0;background:#f4ecd8;color:#2b2520;font-family:'Noto Sans',system-ui,sans-serif;\
display:flex;min-height:100vh;align-items:center;justify-content:center}\
main{background:#fffdf7;border-radius:16px;box-shadow:0 4px 24px rgba(0,0,0,.12);\
padding:28px 32px;max-width:480px;margin:16px;overflow:hidden}\
.band{display:flex;height:10px;margin:-28px -32px 20px}\
.band span{flex:1}.r{background:#d63a3a}.g{background:#2e9e4f}.y{background:#e8b21e}.b{background:#2f6fd0}\
h1{font-size:1.6em;margin:.2em 0}.game{font-weight:600;color:#d63a3a;margin:0}\
.room{font-size:1.2em;letter-spacing:.05em}\
a.join{display:inline-block;background:#d63a3a;color:#fff;text-decoration:none;font-weight:700;\
font-size:1.4em;padding:14px 36px;border-radius:12px;margin:8px 0}\
a.join:hover{background:#b52f2f}a.watch{background:#2f6fd0}a.watch:hover{background:#2759a8}\
a.browser{background:#fffdf7;color:#2b2520;border:2px solid #2e9e4f;font-size:1.1em;padding:10px 24px}\
a.browser:hover{background:#e9f5ec}\
.note{color:#6b6259;font-size:.95em}a.download{color:#2f6fd0;font-weight:600}\
.link{overflow-x:auto}code{word-break:normal;overflow-wrap:normal;hyphens:none}\
.ways{display:flex;flex-direction:column}\
.phone a.browser{display:block;text-align:center;background:#2e9e4f;color:#fff;border:0;\
font-size:1.4em;padding:16px 24px}.phone .app a.join{font-size:1em;padding:10px 24px}\
@media (hover:none) and (pointer:coarse){.web{order:-1}\
a.browser{display:block;text-align:center;background:#2e9e4f;color:#fff;border:0;\
font-size:1.4em;padding:16px 24px}.app a.join{font-size:1em;padding:10px 24px}}";

/// The CSP source that lets the pages' one inline style in, and nothing
/// else inline: `'sha256-…'` of [`STYLE`].
pub(super) fn style_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| {
        let hash = ring::digest::digest(&ring::digest::SHA256, STYLE.as_bytes());
        format!("sha256-{}", super::base64::encode(hash.as_ref()))
    })
}

/// `GET /metrics`: the Prometheus text format.
pub(super) async fn metrics(State(registry): State<Arc<Registry>>) -> Response {
    let body = metrics_text(
        registry.rooms_open(),
        registry.connections(),
        registry.events_total(),
    );
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        body,
    )
        .into_response()
}

/// The figures in the Prometheus text format.
pub(super) fn metrics_text(rooms: usize, connections: usize, events: u64) -> String {
    format!(
        "# HELP ca_ngua_rooms_open Rooms open now.\n\
         # TYPE ca_ngua_rooms_open gauge\n\
         ca_ngua_rooms_open {rooms}\n\
         # HELP ca_ngua_connections WebSocket connections open now.\n\
         # TYPE ca_ngua_connections gauge\n\
         ca_ngua_connections {connections}\n\
         # HELP ca_ngua_events_total Events recorded by every room since the server started.\n\
         # TYPE ca_ngua_events_total counter\n\
         ca_ngua_events_total {events}\n"
    )
}

#[cfg(test)]
mod tests;
