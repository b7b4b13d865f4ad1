//! The page: HTML, its script modules (`/app.js` and `/js/*.js`), style sheet and icon,
//! embedded in the binary; the message catalogues of the seven languages and the rules pages,
//! from [`mancala_locale`].
//!
//! The page is served in the language of `?lang=` or else of `Accept-Language` (`<html lang
//! dir>` set and the language menu filled in); the script then loads the catalogues of that
//! language (or of the one chosen in the menu and remembered) and of English, the fallback.

use axum::Router;
use axum::extract::{Path, Query};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use mancala_locale::{LANGS, Lang};
use serde_json::Value;
use std::sync::Arc;

const INDEX: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");

/// The page's script modules, served as `/js/<name>`: each does one job (app.js imports them).
pub const MODULES: &[(&str, &str)] = &[
    ("account.js", include_str!("../assets/js/account.js")),
    ("board.js", include_str!("../assets/js/board.js")),
    ("clock.js", include_str!("../assets/js/clock.js")),
    ("cups.js", include_str!("../assets/js/cups.js")),
    ("dom.js", include_str!("../assets/js/dom.js")),
    ("geometry.js", include_str!("../assets/js/geometry.js")),
    ("graph.js", include_str!("../assets/js/graph.js")),
    ("home.js", include_str!("../assets/js/home.js")),
    ("l10n.js", include_str!("../assets/js/l10n.js")),
    ("lobby.js", include_str!("../assets/js/lobby.js")),
    ("mirall.js", include_str!("../assets/js/mirall.js")),
    ("net.js", include_str!("../assets/js/net.js")),
    ("play.js", include_str!("../assets/js/play.js")),
    ("plies.js", include_str!("../assets/js/plies.js")),
    ("review.js", include_str!("../assets/js/review.js")),
    ("router.js", include_str!("../assets/js/router.js")),
    ("rules.js", include_str!("../assets/js/rules.js")),
    ("saved.js", include_str!("../assets/js/saved.js")),
    ("settings.js", include_str!("../assets/js/settings.js")),
    ("solitaire.js", include_str!("../assets/js/solitaire.js")),
    ("words.js", include_str!("../assets/js/words.js")),
];
const STYLE: &str = include_str!("../assets/style.css");
const ICON: &str = include_str!("../assets/icon.svg");
const FLUENT: &str = include_str!("../assets/vendor/fluent-bundle.js");
const FLUENT_LICENSE: &str = include_str!("../assets/vendor/fluent-bundle.LICENSE.txt");

fn asset(body: impl Into<axum::body::Body>, kind: &'static str) -> Response {
    let mut r = Response::new(body.into());
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

fn not_found(what: String) -> Response {
    (StatusCode::NOT_FOUND, what).into_response()
}

/// The page's query: `?lang=` (anything else is the page's own, read by the script).
#[derive(serde::Deserialize, Default)]
pub struct PageQuery {
    #[serde(default)]
    pub lang: Option<String>,
}

/// The language a request asks for: `?lang=` if it names one of the seven, else
/// `Accept-Language`, else English.
pub fn requested_lang(lang: Option<&str>, headers: &HeaderMap) -> &'static Lang {
    lang.and_then(|l| mancala_locale::parse_lang(l).ok())
        .unwrap_or_else(|| {
            let accept = headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("");
            mancala_locale::from_accept_language(accept)
        })
}

/// The page in `lang`: `<html lang dir>` and the language menu's options.
pub fn index_in(lang: &Lang) -> String {
    let options: String = LANGS
        .iter()
        .map(|l| {
            format!(
                "<option value=\"{}\" lang=\"{}\" dir=\"{}\" data-dir=\"{}\"{}>{}</option>",
                l.code,
                l.code,
                l.dir.as_str(),
                l.dir.as_str(),
                if l.code == lang.code { " selected" } else { "" },
                l.name
            )
        })
        .collect();
    INDEX
        .replacen(
            "<html lang=\"en\" dir=\"ltr\">",
            &format!(
                "<html lang=\"{}\" dir=\"{}\">",
                lang.code,
                lang.dir.as_str()
            ),
            1,
        )
        .replacen("<!-- languages -->", &options, 1)
}

async fn index(
    query: Result<Query<PageQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
) -> Response {
    // A query that cannot be read (`?lang=a&lang=b`) is served as if it named no language.
    let lang = query.ok().and_then(|Query(q)| q.lang);
    let lang = requested_lang(lang.as_deref(), &headers);
    let mut r = asset(index_in(lang), "text/html; charset=utf-8");
    r.headers_mut()
        .insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    r
}

/// `/js/<name>`: one of the page's script modules.
async fn module(Path(name): Path<String>) -> Response {
    match MODULES.iter().find(|(n, _)| *n == name) {
        Some((_, src)) => asset(*src, "text/javascript; charset=utf-8"),
        None => not_found(format!(
            "no script module '{name}' (modules: {})",
            MODULES
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// `/locales/<lang>.ftl`: a catalogue, as written (a language not translated yet has none,
/// and the page uses English).
async fn locale(Path(file): Path<String>) -> Response {
    match file
        .strip_suffix(".ftl")
        .and_then(mancala_locale::catalogue)
    {
        Some(src) => asset(src, "text/plain; charset=utf-8"),
        None => not_found(format!(
            "no catalogue '{file}' (catalogues: {})",
            mancala_locale::catalogues()
                .map(|(l, _)| format!("{l}.ftl"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// A rules page as HTML, for the page's "How to play": the terminal's parts dropped
/// (`mancala_locale::Medium`), each board fence a `<figure class="rules-boards">` whose
/// `data-boards` the page draws as its boards (`crate::diagram`). Raw HTML in the Markdown is
/// shown as text, so the page's content never carries markup of its own, and a table's column
/// alignment is dropped (it would be a `style` attribute, which the page's
/// Content-Security-Policy refuses). A page with a board that is not one is refused, naming it.
pub fn rules_html(markdown: &str) -> Result<String, String> {
    use pulldown_cmark::{Alignment, CodeBlockKind, Event, Options, Parser, Tag, TagEnd, html};
    let web = mancala_locale::rules_for(markdown, mancala_locale::Medium::Web)
        .map_err(|e| e.to_string())?;
    let mut events = Vec::new();
    let mut boards: Option<String> = None;
    for e in Parser::new_ext(&web, Options::ENABLE_TABLES) {
        match e {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.trim() == mancala_locale::BOARD_FENCE =>
            {
                boards = Some(String::new())
            }
            Event::Text(t) if boards.is_some() => boards.as_mut().unwrap().push_str(&t),
            Event::End(TagEnd::CodeBlock) if boards.is_some() => {
                let text = boards.take().unwrap_or_default();
                let drawn = text
                    .lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(|l| crate::diagram::parse(l).map(|d| d.to_json()))
                    .collect::<Result<Vec<_>, _>>()?;
                let attr = Value::from(drawn)
                    .to_string()
                    .replace('&', "&amp;")
                    .replace('"', "&quot;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;");
                events.push(Event::Html(
                    format!("<figure class=\"rules-boards\" data-boards=\"{attr}\"></figure>\n")
                        .into(),
                ));
            }
            Event::Html(t) | Event::InlineHtml(t) => events.push(Event::Text(t)),
            Event::Start(Tag::Table(columns)) => events.push(Event::Start(Tag::Table(vec![
                Alignment::None;
                columns.len()
            ]))),
            e => events.push(e),
        }
    }
    let mut out = String::new();
    html::push_html(&mut out, events.into_iter());
    Ok(out)
}

/// `/rules/<lang>/<game>`: the rules page of `game` in `lang` (English while it is not
/// translated, marked so by its `lang`), an HTML fragment.
async fn rules_page(Path((lang, game)): Path<(String, String)>) -> Response {
    let Some(lang) = mancala_locale::lang(&lang) else {
        return not_found(format!("{}", mancala_locale::UnknownLang(lang)));
    };
    let (shown, page) = match mancala_locale::translated_page(&game, lang.code) {
        Some(p) => (lang, p),
        None => match mancala_locale::rules_page(&game, "en") {
            Some(p) => (mancala_locale::ENGLISH, p),
            None => {
                return not_found(format!(
                    "no rules page of '{game}' (games: {})",
                    mancala_locale::GAMES.join(", ")
                ));
            }
        },
    };
    let html = match rules_html(page) {
        Ok(h) => h,
        Err(e) => {
            return crate::error::ApiError::internal(format!(
                "the rules page of '{game}' in {}: {e}",
                shown.english
            ))
            .into_response();
        }
    };
    let body = format!(
        "<article class=\"rules-page\" lang=\"{}\" dir=\"{}\">\n{html}</article>\n",
        shown.code,
        shown.dir.as_str(),
    );
    asset(body, "text/html; charset=utf-8")
}

/// The routes of the page's files.
pub fn routes() -> Router<Arc<crate::state::AppState>> {
    Router::new()
        .route("/", get(index))
        .route(
            "/app.js",
            get(|| async { asset(APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route("/js/{name}", get(module))
        .route(
            "/style.css",
            get(|| async { asset(STYLE, "text/css; charset=utf-8") }),
        )
        .route("/icon.svg", get(|| async { asset(ICON, "image/svg+xml") }))
        .route(
            "/vendor/fluent-bundle.js",
            get(|| async { asset(FLUENT, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/vendor/fluent-bundle.LICENSE.txt",
            get(|| async { asset(FLUENT_LICENSE, "text/plain; charset=utf-8") }),
        )
        .route("/locales/{file}", get(locale))
        .route("/rules/{lang}/{game}", get(rules_page))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The relative imports (`from "./x.js"`) of a script.
    fn imports(src: &str) -> Vec<&str> {
        src.split("from \"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect()
    }

    #[test]
    fn every_script_module_is_served_and_every_import_is_one_of_them() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/js");
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".js"))
            .collect();
        files.sort();
        let served: Vec<String> = MODULES.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(served, files, "MODULES lists assets/js/, in order");
        for (name, src) in MODULES.iter().chain([&("app.js", APP_JS)]) {
            for path in imports(src) {
                let target = path
                    .strip_prefix("./js/")
                    .or_else(|| path.strip_prefix("./"))
                    .unwrap_or_else(|| panic!("{name} imports {path}: not a served module"));
                assert!(served.iter().any(|s| s == target), "{name} imports {path}");
            }
            assert!(no_globals(src), "{name} assigns a global");
        }
    }

    /// No global is assigned (`window.x =`, `globalThis.x =`).
    fn no_globals(src: &str) -> bool {
        !src.lines().any(|l| {
            let l = l.trim();
            (l.starts_with("window.") || l.starts_with("globalThis.")) && l.contains(" = ")
        })
    }

    #[test]
    fn the_page_loads_its_script_as_a_module_after_the_fluent_library() {
        let fluent = INDEX
            .find("<script src=\"/vendor/fluent-bundle.js\"></script>")
            .unwrap();
        let app = INDEX
            .find("<script type=\"module\" src=\"/app.js\"></script>")
            .unwrap();
        assert!(fluent < app);
        assert_eq!(INDEX.matches("<script").count(), 2);
    }
}
