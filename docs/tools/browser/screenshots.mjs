// The viewer's screenshots in the book's guide (docs/src/guide/viewer.md), made from real pages:
// writes the pages with the ttrules binary given, opens each in headless Chromium (as viewer.mjs
// does, nothing fetched) and saves PNGs of the parts the guide shows. CJK text (the 计活子 finish)
// needs a CJK font in the browser's system (Debian: fonts-wqy-microhei).
//
// Usage: node docs/tools/browser/screenshots.mjs TTRULES OUT_DIR
//   e.g. node docs/tools/browser/screenshots.mjs target/debug/ttrules docs/src/guide/viewer

import { launchChromium } from "./launch.mjs";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [bin, outArg] = process.argv.slice(2);
if (!bin || !outArg || !existsSync(bin)) {
  console.error("usage: node screenshots.mjs TTRULES OUT_DIR (the binary must exist)");
  process.exit(2);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const out = resolve(outArg);
mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "ttrules-shots-"));
const ttrules = (args) => {
  try {
    execFileSync(bin, args, { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
  } catch (e) {
    if (e.status !== 1) throw e; // 1: an illegal move, the page is written
  }
};
// Paths relative to the repository, so that the pages' titles name the examples as the guide does.
ttrules(["replay", "examples/superko-2x2.sgf", "--html", join(work, "superko.html")]);
ttrules(["replay", "examples/9x9-game.sgf", "--html", join(work, "game.html")]);
ttrules(["replay", "examples/jihuozi-7x7.sgf", "--html", join(work, "count.html"), "--html-rules", "japanese,jihuozi"]);
ttrules(["finish", "examples/jihuozi-7x7.sgf", "--html", join(work, "finish.html")]);
execFileSync("python3", ["scripts/conformance-viewer", resolve(bin), join(work, "conformance.html")], { cwd: root, stdio: "ignore" });

const shots = [
  // [page, address suffix, element, PNG, viewport width]
  ["superko.html", "#t=9", "main", "superko.png", 1100],
  ["game.html", "#t=20", "main > .row", "game.png", 1100],
  ["count.html", "", "#end", "count.png", 1280],
  ["finish.html", "", "#end", "finish.png", 1280],
  // The first finding of the conformance matrix, the top of the page (null: the viewport).
  ["conformance.html", "#g=1", null, "conformance.png", 1280],
];
const failures = [];
const browser = await launchChromium();
try {
  for (const [file, hash, selector, png, width] of shots) {
    const page = await browser.newPage({ viewport: { width, height: 700 } });
    page.on("console", (m) => { if (m.type() === "error") failures.push(`${file}: ${m.text()}`); });
    page.on("pageerror", (e) => failures.push(`${file}: ${e.message}`));
    await page.route("**/*", (r) => (r.request().url().startsWith("file://") ? r.continue() : r.abort()));
    await page.goto(pathToFileURL(join(work, file)).href + hash);
    await page.waitForFunction(() => document.readyState === "complete");
    if (selector) await page.locator(selector).screenshot({ path: join(out, png) });
    else await page.screenshot({ path: join(out, png) });
    console.log(`screenshots: ${join(out, png)}`);
    await page.close();
  }
} finally {
  await browser.close();
}
if (failures.length) {
  console.error(`screenshots: ${failures.join("\n  ")}`);
  process.exit(1);
}
