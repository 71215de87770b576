use super::*;

#[test]
fn the_visitor_language_decides() {
    assert_eq!(page_lang(None), Lang::En);
    assert_eq!(page_lang(Some("vi-VN,vi;q=0.9,en;q=0.8")), Lang::Vi);
    assert_eq!(page_lang(Some("en-US,en;q=0.9,vi;q=0.8")), Lang::En);
    assert_eq!(page_lang(Some("fr-FR, vi;q=0.5")), Lang::Vi);
    assert_eq!(page_lang(Some("de")), Lang::En);
    assert_eq!(page_lang(Some("en;q=0.3, vi;q=0.7")), Lang::Vi);
}

const DOWNLOAD: &str = "https://example.org/get?app=ca-ngua&os=any";

/// The app only (no `--web-dir`), on a desktop.
const APP_ONLY: Ways = Ways {
    web: false,
    phone: false,
};
/// The app and the browser, on a desktop.
const DESKTOP: Ways = Ways {
    web: true,
    phone: false,
};
/// The app and the browser, on a phone.
const PHONE: Ways = Ways {
    web: true,
    phone: true,
};

fn lobby() -> RoomSummary {
    RoomSummary {
        game: "co-nhay",
        players: 3,
        seated: vec!["<b>Lan</b>".into()],
        started: false,
        watchers: 0,
        watch_open: true,
    }
}

fn invite() -> Invite {
    Invite::new(ServerAddress::secure("play.example.org", 443), "K7M2QX")
}

#[test]
fn names_are_escaped_and_the_button_opens_the_app() {
    let html = room_page(Lang::En, &invite(), &lobby(), DOWNLOAD, APP_ONLY);
    assert!(html.contains("&lt;b&gt;Lan&lt;/b&gt;"), "{html}");
    assert!(!html.contains("<b>Lan"));
    assert!(html.contains("class=\"join\" href=\"ca-ngua://play.example.org:443/K7M2QX?tls\""));
    assert!(!html.contains("?watch"), "{html}");
    assert!(html.contains("Cờ nhảy"), "{html}");
    assert!(!html.contains("<script"));
    assert!(!html.contains(" src="), "nothing fetched from elsewhere");
    // The only address elsewhere is the download link, as configured
    // (escaped in its attribute).
    assert!(
        html.contains("class=\"download\" href=\"https://example.org/get?app=ca-ngua&amp;os=any\""),
        "{html}"
    );
    assert_eq!(html.matches("https://").count(), 1, "{html}");
    assert!(!html.contains("http://"));
}

#[test]
fn a_started_room_offers_to_watch_it_and_not_to_join() {
    let started = RoomSummary {
        started: true,
        watchers: 3,
        ..lobby()
    };
    for (lang, button) in [(Lang::En, "Watch the game"), (Lang::Vi, "Xem ván")] {
        let html = room_page(lang, &invite(), &started, DOWNLOAD, APP_ONLY);
        assert!(
            html.contains(&format!(
                "class=\"join watch\" href=\"ca-ngua://play.example.org:443/K7M2QX?watch&amp;tls\">{button}</a>"
            )),
            "{html}"
        );
        assert!(!html.contains("href=\"ca-ngua://play.example.org:443/K7M2QX?tls\""));
        assert!(!html.contains("class=\"join\""), "{html}");
        assert!(html.contains("&lt;b&gt;Lan&lt;/b&gt;"));
    }
    // The watchers' places are all taken: neither button.
    let full = RoomSummary {
        watch_open: false,
        ..started
    };
    let html = room_page(Lang::En, &invite(), &full, DOWNLOAD, DESKTOP);
    assert!(!html.contains("ca-ngua://"), "{html}");
    assert!(html.contains(DOWNLOAD.split('&').next().unwrap_or_default()));
}

#[test]
fn a_seat_the_computer_holds_is_named_as_the_computer() {
    // Issue 55: "4 of 4 seats taken: Minh, Lan, Hùng, " ended on a
    // comma.
    let room = RoomSummary {
        players: 4,
        seated: vec!["Minh".into(), "Lan".into(), "Hùng".into(), String::new()],
        started: true,
        ..lobby()
    };
    for (lang, words) in [
        (Lang::En, "4 of 4 seats taken: Minh, Lan, Hùng, Computer"),
        (Lang::Vi, "Đã có 4 trên 4 người: Minh, Lan, Hùng, Máy"),
    ] {
        let html = room_page(lang, &invite(), &room, DOWNLOAD, APP_ONLY);
        assert!(html.contains(&format!("<p>{words}</p>")), "{html}");
    }
}

#[test]
fn the_link_written_out_breaks_only_after_a_slash() {
    let html = room_page(Lang::En, &invite(), &lobby(), DOWNLOAD, APP_ONLY);
    assert!(
        html.contains("<code>ca-ngua:/<wbr>/<wbr>play.example.org:443/<wbr>K7M2QX?tls</code>"),
        "{html}"
    );
    assert!(!html.contains("break-all"), "{html}");
    let unknown = unknown_page(Lang::Vi, "ABCDEF", DOWNLOAD);
    assert!(unknown.contains("class=\"download\""), "{unknown}");
}

#[test]
fn with_the_browser_build_the_page_offers_it_too() {
    let offers = |html: &str| html.contains("href=\"/play/#");
    for lang in [Lang::Vi, Lang::En] {
        let plain = room_page(lang, &invite(), &lobby(), DOWNLOAD, APP_ONLY);
        assert!(!offers(&plain), "{plain}");
        let html = room_page(lang, &invite(), &lobby(), DOWNLOAD, DESKTOP);
        let label = I18n::new(lang).t("invite-page-browser");
        assert!(
            html.contains(&format!(
                "class=\"join browser\" href=\"/play/#join=K7M2QX\">{label}</a>"
            )),
            "{html}"
        );
        // Still the app's button and the download link.
        assert!(html.contains("href=\"ca-ngua://play.example.org:443/K7M2QX?tls\""));
        assert!(html.contains("class=\"download\""));
        assert!(!html.contains("<script"));
        let started = RoomSummary {
            started: true,
            ..lobby()
        };
        let html = room_page(lang, &invite(), &started, DOWNLOAD, DESKTOP);
        assert!(html.contains("href=\"/play/#watch=K7M2QX\""), "{html}");
        assert!(!html.contains("#join="), "{html}");
    }
    assert_eq!(
        Lang::Vi.code(),
        "vi",
        "the Vietnamese label is the issue's: Chơi trên trình duyệt"
    );
    assert_eq!(
        I18n::new(Lang::Vi).t("invite-page-browser"),
        "Chơi trên trình duyệt"
    );
}

#[test]
fn phones_are_told_by_their_browser() {
    let phones = [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 \
         (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) \
         Chrome/126.0.0.0 Mobile Safari/537.36",
        "Mozilla/5.0 (iPad; CPU OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like \
         Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0",
        "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) \
         Chrome/126.0.0.0 Safari/537.36",
    ];
    for ua in phones {
        assert!(on_phone(Some(ua)), "{ua}");
    }
    let desktops = [
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
         Chrome/126.0.0.0 Safari/537.36",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like \
         Gecko) Version/17.5 Safari/605.1.15",
        "curl/8.5.0",
    ];
    for ua in desktops {
        assert!(!on_phone(Some(ua)), "{ua}");
    }
    assert!(!on_phone(None));
}

#[test]
fn on_a_phone_the_browser_comes_first_and_largest() {
    let started = RoomSummary {
        started: true,
        ..lobby()
    };
    for lang in [Lang::Vi, Lang::En] {
        let i18n = I18n::new(lang);
        for (room, app, browser) in [
            (lobby(), "invite-page-join", "invite-page-browser"),
            (
                started.clone(),
                "invite-page-watch",
                "invite-page-browser-watch",
            ),
        ] {
            let at = |html: &str, key: &str| {
                let label = format!(">{}</a>", i18n.t(key));
                html.find(&label)
                    .unwrap_or_else(|| panic!("no {label} in {html}"))
            };
            let phone = room_page(lang, &invite(), &room, DOWNLOAD, PHONE);
            assert!(at(&phone, browser) < at(&phone, app), "{phone}");
            assert!(phone.contains("<div class=\"ways phone\">"), "{phone}");
            let computer = i18n.t("invite-page-on-computer");
            assert!(
                at(&phone, browser) < phone.find(&computer).unwrap_or(0)
                    && phone.find(&computer) < Some(at(&phone, app)),
                "the app's button is said to be a computer's: {phone}"
            );
            // Everything else is still there.
            assert!(phone.contains("class=\"download\""));
            assert!(phone.contains("<code>ca-ngua:/<wbr>"));
            let desktop = room_page(lang, &invite(), &room, DOWNLOAD, DESKTOP);
            assert!(at(&desktop, app) < at(&desktop, browser), "{desktop}");
            assert!(desktop.contains("<div class=\"ways\">"), "{desktop}");
            assert!(!desktop.contains(&computer), "{desktop}");
        }
    }
    // The style makes it so for the touch screens that claim a desktop.
    assert!(
        STYLE.contains("@media (hover:none) and (pointer:coarse){.web{order:-1}"),
        "{STYLE}"
    );
    assert!(STYLE.contains(".phone a.browser{display:block;"), "{STYLE}");
}

#[test]
fn the_inline_style_is_allowed_by_its_hash() {
    let h = style_hash();
    assert!(h.starts_with("sha256-") && h.len() == 7 + 44, "{h}");
    let html = unknown_page(Lang::En, "ABCDEF", DOWNLOAD);
    // The one inline style is exactly the hashed text.
    assert_eq!(html.matches("<style>").count(), 1);
    assert!(html.contains(&format!("<style>{STYLE}</style>")));
}

#[test]
fn metrics_name_every_figure() {
    let text = metrics_text(2, 5, 170);
    for line in [
        "ca_ngua_rooms_open 2",
        "ca_ngua_connections 5",
        "ca_ngua_events_total 170",
    ] {
        assert!(text.lines().any(|l| l == line), "{line}\n{text}");
    }
}
