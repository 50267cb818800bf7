//! The HTML page: one file with its style, its script and its data embedded, so that it opens
//! from disk in any browser with no server and no network. The only addresses it holds are the
//! clauses' in the published book, which a reader follows by choice.

use crate::clause::clause_url;
use crate::model::Page;

/// The page's style (`viewer.css`).
pub const STYLE: &str = include_str!("viewer.css");
/// The page's script (`viewer.js`): reads `script#data` and draws the games.
pub const SCRIPT: &str = include_str!("viewer.js");

/// The page's fixed part (everything but the title and the data).
const BODY: &str = r#"<header><h1 id="title"></h1><p id="subtitle"></p></header>
<div id="wrap"><nav id="list" hidden></nav><main>
<h2 id="game-title"></h2>
<div class="row"><div id="boards"><div id="board"></div><figure id="earlier" hidden><figcaption></figcaption><div></div></figure></div>
<aside>
<div id="controls"><button id="first" title="Home">« start</button><button id="prev" title="←">◀ back</button><button id="next" title="→">forward ▶</button><button id="last" title="End">end »</button></div>
<div id="jumps"></div>
<input id="slider" type="range" min="0" value="0" aria-label="turn">
<div id="turn"></div><div id="verdict"></div><ul id="notes"></ul><div id="prisoners"></div>
<ol id="moves" start="0"></ol>
<dl id="info"></dl>
</aside></div>
<div id="end" hidden></div>
</main></div>
"#;

/// `s` safe in HTML text and attribute values.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page's data as JSON that cannot end its `<script>` element: every `<` written `\u003c`
/// (JSON allows `<` only inside strings, where the escape means the same).
fn data(page: &Page) -> String {
    let mut v = serde_json::to_value(page).expect("the page serialises");
    let id = "var.prisoners";
    v["prisoners"] = serde_json::json!({ "clause": id, "url": clause_url(id) });
    serde_json::to_string(&v)
        .expect("a JSON value serialises")
        .replace('<', "\\u003c")
}

/// The whole page.
pub fn html(page: &Page) -> String {
    let data = data(page);
    let mut out = String::with_capacity(STYLE.len() + SCRIPT.len() + BODY.len() + data.len() + 512);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str("<meta name=\"generator\" content=\"ttrules-view ");
    out.push_str(env!("CARGO_PKG_VERSION"));
    out.push_str("\">\n<title>");
    out.push_str(&escape(&page.title));
    out.push_str("</title>\n<style>\n");
    out.push_str(STYLE);
    out.push_str("</style></head><body>\n");
    out.push_str(BODY);
    out.push_str("<script type=\"application/json\" id=\"data\">");
    out.push_str(&data);
    out.push_str("</script>\n<script>\n");
    out.push_str(SCRIPT);
    out.push_str("</script></body></html>\n");
    out
}

/// The size in bytes of a page without games: what every page carries (style, script, layout).
pub fn fixed_size() -> usize {
    html(&Page::default()).len()
}
