//! Vietnamese and English text, from the Fluent files under `i18n/`: one
//! file the whole app shares (`common.ftl`) and one per game
//! (`ca-ngua.ftl`, `co-nhay.ftl`) the lessons' (`learn.ftl`) and the tips' (`tips.ftl`), the same files with the same keys in each language.
//! `installer.ftl` holds the Windows installer's sentences: they are here
//! so that the same checks cover them (both languages, the same keys, the
//! bundled font's glyphs); scripts/installer.sh reads the files.
//! `page.ftl` likewise holds the web page's own sentences (its loading
//! screen and web manifest), which scripts/web.sh writes into the page.
//!
//! Both languages are compiled into the binary and loaded at start, so the
//! language switches at runtime without a restart. Vietnamese is the first
//! language. A key missing from a language (which the tests rule out) shows
//! as the key itself in brackets, never a panic.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A language of the interface.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    /// Tiếng Việt, the first language.
    #[default]
    Vi,
    /// English.
    En,
}

impl Lang {
    /// Every language, Vietnamese first.
    pub const ALL: [Lang; 2] = [Lang::Vi, Lang::En];

    /// The language code: `vi` or `en`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Vi => "vi",
            Lang::En => "en",
        }
    }

    /// The language's name in itself, for the language menu.
    pub const fn native_name(self) -> &'static str {
        match self {
            Lang::Vi => "Tiếng Việt",
            Lang::En => "English",
        }
    }

    /// The language for a locale such as `en-US` or `vi_VN`: English for
    /// English locales, Vietnamese otherwise (RULES: Vietnamese first).
    pub fn from_locale(locale: &str) -> Lang {
        if locale.to_ascii_lowercase().starts_with("en") {
            Lang::En
        } else {
            Lang::Vi
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = String;

    fn from_str(s: &str) -> Result<Lang, String> {
        match s {
            "vi" => Ok(Lang::Vi),
            "en" => Ok(Lang::En),
            _ => Err(format!("unknown language '{s}' (expected vi or en)")),
        }
    }
}

/// The Fluent files of each language, as shipped: `(language, file name,
/// source)`, every file in both languages.
pub const FILES: [(Lang, &str, &str); 14] = [
    (
        Lang::Vi,
        "common.ftl",
        include_str!("../../../i18n/vi/common.ftl"),
    ),
    (
        Lang::Vi,
        "ca-ngua.ftl",
        include_str!("../../../i18n/vi/ca-ngua.ftl"),
    ),
    (
        Lang::Vi,
        "co-nhay.ftl",
        include_str!("../../../i18n/vi/co-nhay.ftl"),
    ),
    (
        Lang::Vi,
        "learn.ftl",
        include_str!("../../../i18n/vi/learn.ftl"),
    ),
    (
        Lang::Vi,
        "tips.ftl",
        include_str!("../../../i18n/vi/tips.ftl"),
    ),
    (
        Lang::Vi,
        "installer.ftl",
        include_str!("../../../i18n/vi/installer.ftl"),
    ),
    (
        Lang::Vi,
        "page.ftl",
        include_str!("../../../i18n/vi/page.ftl"),
    ),
    (
        Lang::En,
        "common.ftl",
        include_str!("../../../i18n/en/common.ftl"),
    ),
    (
        Lang::En,
        "ca-ngua.ftl",
        include_str!("../../../i18n/en/ca-ngua.ftl"),
    ),
    (
        Lang::En,
        "co-nhay.ftl",
        include_str!("../../../i18n/en/co-nhay.ftl"),
    ),
    (
        Lang::En,
        "learn.ftl",
        include_str!("../../../i18n/en/learn.ftl"),
    ),
    (
        Lang::En,
        "tips.ftl",
        include_str!("../../../i18n/en/tips.ftl"),
    ),
    (
        Lang::En,
        "installer.ftl",
        include_str!("../../../i18n/en/installer.ftl"),
    ),
    (
        Lang::En,
        "page.ftl",
        include_str!("../../../i18n/en/page.ftl"),
    ),
];

/// The sources of one language, in order.
pub fn sources(lang: Lang) -> impl Iterator<Item = &'static str> {
    FILES
        .into_iter()
        .filter(move |(l, _, _)| *l == lang)
        .map(|(_, _, src)| src)
}

/// Translated text for both languages, with one of them current.
pub struct I18n {
    lang: Lang,
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
}

impl fmt::Debug for I18n {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("I18n").field("lang", &self.lang).finish()
    }
}

/// An argument to a message: text or a number.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text, inserted as is.
    Str(String),
    /// A number (Fluent picks plural forms by it).
    Num(i64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Num(n)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Num(i64::from(n))
    }
}

impl From<u8> for Arg {
    fn from(n: u8) -> Arg {
        Arg::Num(i64::from(n))
    }
}

impl From<u64> for Arg {
    fn from(n: u64) -> Arg {
        Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Num(n as i64)
    }
}

impl From<i32> for Arg {
    fn from(n: i32) -> Arg {
        Arg::Num(i64::from(n))
    }
}

/// Parses one language's Fluent sources into one bundle. Errors name the
/// language and the problem (a syntax error, a key defined twice); the
/// shipped files are checked by the tests.
pub fn parse_sources<'a>(
    lang: Lang,
    sources: impl IntoIterator<Item = &'a str>,
) -> Result<FluentBundle<FluentResource>, String> {
    let id = lang
        .code()
        .parse()
        .map_err(|e| format!("i18n/{lang}: bad language id: {e}"))?;
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks would show as missing glyphs in the UI.
    bundle.set_use_isolating(false);
    for source in sources {
        let resource = FluentResource::try_new(source.to_string()).map_err(|(_, errs)| {
            format!("i18n/{lang}: {} syntax error(s): {:?}", errs.len(), errs)
        })?;
        bundle
            .add_resource(resource)
            .map_err(|errs| format!("i18n/{lang}: {errs:?}"))?;
    }
    Ok(bundle)
}

impl I18n {
    /// Both languages, `lang` current. A broken source (ruled out by the
    /// tests) leaves that language empty: keys show in brackets.
    pub fn new(lang: Lang) -> I18n {
        let bundles = Lang::ALL
            .iter()
            .map(|&l| {
                let bundle = parse_sources(l, sources(l)).unwrap_or_else(|e| {
                    eprintln!("{e}");
                    FluentBundle::new_concurrent(Vec::new())
                });
                (l, bundle)
            })
            .collect();
        I18n { lang, bundles }
    }

    /// The current language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Switches the language.
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    fn bundle(&self, lang: Lang) -> Option<&FluentBundle<FluentResource>> {
        self.bundles
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, b)| b)
    }

    /// True when the current language has this key.
    pub fn has(&self, key: &str) -> bool {
        self.bundle(self.lang)
            .is_some_and(|b| b.get_message(key).and_then(|m| m.value()).is_some())
    }

    /// The text of `key` in the current language.
    pub fn t(&self, key: &str) -> String {
        self.format(self.lang, key, &[])
    }

    /// The text of `key` with arguments.
    pub fn t_args(&self, key: &str, args: &[(&str, Arg)]) -> String {
        self.format(self.lang, key, args)
    }

    /// The text of `key` in a given language.
    pub fn format(&self, lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
        let Some(bundle) = self.bundle(lang) else {
            return format!("[{key}]");
        };
        let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
            return format!("[{key}]");
        };
        let mut fargs = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Str(s) => fargs.set(*name, FluentValue::from(s.clone())),
                Arg::Num(n) => fargs.set(*name, FluentValue::from(*n)),
            }
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
        text.into_owned()
    }
}

/// The message keys of a Fluent source, in order.
pub fn keys(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|line| {
            let first = line.chars().next()?;
            if !first.is_ascii_alphabetic() {
                return None;
            }
            let (key, _) = line.split_once('=')?;
            Some(key.trim().to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_parses_without_a_key_defined_twice() {
        for lang in Lang::ALL {
            assert!(parse_sources(lang, sources(lang)).is_ok(), "{lang}");
        }
        let twice = "a = 1\n";
        assert!(parse_sources(Lang::En, [twice, twice]).is_err());
    }

    #[test]
    fn both_languages_have_the_same_files_with_the_same_keys() {
        let files = |lang| -> Vec<&str> {
            FILES
                .iter()
                .filter(|(l, _, _)| *l == lang)
                .map(|(_, f, _)| *f)
                .collect()
        };
        assert_eq!(files(Lang::Vi), files(Lang::En));
        for name in files(Lang::Vi) {
            let source = |lang| {
                FILES
                    .iter()
                    .find(|(l, f, _)| *l == lang && *f == name)
                    .map_or("", |(_, _, s)| *s)
            };
            let mut a = keys(source(Lang::Vi));
            a.sort();
            let mut b = keys(source(Lang::En));
            b.sort();
            let only_vi: Vec<_> = a.iter().filter(|k| !b.contains(k)).collect();
            let only_en: Vec<_> = b.iter().filter(|k| !a.contains(k)).collect();
            assert!(
                only_vi.is_empty() && only_en.is_empty(),
                "{name}: only in vi: {only_vi:?}; only in en: {only_en:?}"
            );
            let mut dedup = a.clone();
            dedup.dedup();
            assert_eq!(dedup.len(), a.len(), "{name}: a key is defined twice");
        }
    }

    #[test]
    fn missing_keys_show_in_brackets_and_languages_switch() {
        let mut i = I18n::new(Lang::Vi);
        assert_eq!(i.t("no-such-key"), "[no-such-key]");
        let vi = i.t("colour-red");
        i.set_lang(Lang::En);
        assert_eq!(i.t("colour-red"), "Red");
        assert_eq!(vi, "Đỏ");
    }

    #[test]
    fn locales_pick_english_only_for_english() {
        assert_eq!(Lang::from_locale("en-US"), Lang::En);
        assert_eq!(Lang::from_locale("vi-VN"), Lang::Vi);
        assert_eq!(Lang::from_locale("fr-FR"), Lang::Vi);
    }
}
