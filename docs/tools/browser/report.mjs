// Opens a referee report (`ttrules referee report DIR` writes DIR/report.html) from disk in headless
// Chromium (Debian's, driven by playwright-core, as anchors.mjs does) and checks what the page must
// show: it loads with no console error, no page error and no request leaving the disk; the games
// table has the expected number of rows; every row has its board, drawn (the first board's pixels
// hold both stone colours' shades and the wood), linked to its SGF; the Elo chart has a bar per
// player; the standings and crosstable are there. A screenshot of the page is written beside it.
//
// Usage: node docs/tools/browser/report.mjs REPORT_HTML GAMES   (CHROMIUM=path overrides /usr/bin/chromium)

import { launchChromium } from "./launch.mjs";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [file, gamesArg] = process.argv.slice(2);
if (!file || !gamesArg || !existsSync(file)) {
  console.error("usage: node report.mjs REPORT_HTML GAMES (the report must exist)");
  process.exit(2);
}
const games = Number(gamesArg);
const failures = [];

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") failures.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => failures.push(`page error: ${e.message}`));
  page.on("request", (r) => {
    if (!r.url().startsWith("file://") && !r.url().startsWith("data:"))
      failures.push(`a request left the disk: ${r.url()}`);
  });
  page.on("requestfailed", (r) => failures.push(`request failed: ${r.url()}`));
  await page.goto(pathToFileURL(resolve(file)).href);
  await page.waitForFunction(() => document.readyState === "complete");
  const seen = await page.evaluate(async () => {
    const rows = [...document.querySelectorAll("table.games tr.game")];
    const boards = rows.map((r) => r.querySelector("a.board svg"));
    const links = rows.map((r) => r.querySelector("a.board")?.getAttribute("href") ?? "");
    const first = boards.find((b) => b);
    let pixels = null;
    if (first) {
      const box = first.getBoundingClientRect();
      // Draw the first board into a canvas and sort its pixels: wood, black stones, white stones.
      const img = new Image();
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(first.outerHTML);
      await img.decode();
      const c = document.createElement("canvas");
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext("2d");
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, c.width, c.height).data;
      let dark = 0, light = 0, wood = 0;
      for (let i = 0; i < d.length; i += 4) {
        const [r, gr, b] = [d[i], d[i + 1], d[i + 2]];
        if (r < 60 && gr < 60 && b < 60) dark++;
        else if (r > 235 && gr > 235 && b > 235) light++;
        else if (r > 200 && gr > 160 && b < 130) wood++;
      }
      pixels = { dark, light, wood, total: d.length / 4, width: box.width, height: box.height };
    }
    return {
      rows: rows.length,
      boards: boards.filter((b) => b).length,
      links,
      bars: document.querySelectorAll("svg.elo line.bar").length,
      standings: document.querySelectorAll("table.standings tr").length - 1,
      crosstable: document.querySelectorAll("table.crosstable tr").length - 1,
      pixels,
    };
  });
  if (seen.rows !== games) failures.push(`${seen.rows} game rows, expected ${games}`);
  if (seen.boards !== games) failures.push(`${seen.boards} boards, expected ${games}`);
  const badLinks = seen.links.filter((l) => !/^game-\d{4}\.sgf$/.test(l) || !existsSync(join(dirname(file), l)));
  if (badLinks.length) failures.push(`board links that are no record beside the page: ${badLinks.join(", ")}`);
  if (seen.standings < 2) failures.push(`${seen.standings} players in the standings`);
  if (seen.bars !== seen.standings) failures.push(`${seen.bars} Elo bars for ${seen.standings} players`);
  if (seen.crosstable !== seen.standings) failures.push(`a crosstable of ${seen.crosstable} rows`);
  const p = seen.pixels;
  if (!p || p.width < 100 || p.height < 100) failures.push(`the first board is not drawn at a readable size: ${JSON.stringify(p)}`);
  else if (p.wood < p.total / 4 || p.dark === 0)
    failures.push(`the first board's pixels are not a board: ${JSON.stringify(p)}`);
  const shot = join(dirname(file), "report.png");
  await page.screenshot({ path: shot, fullPage: true });
  console.log(`report: ${seen.rows} games, ${seen.boards} boards, ${seen.standings} players, first board ${JSON.stringify(p)}; screenshot ${shot}`);
} finally {
  await browser.close();
}
if (failures.length) {
  console.error(`report: ${failures.length} failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("report: passed");
