// The viewer's pages (issue 35) in headless Chromium (Debian's, driven by playwright-core, as
// anchors.mjs and report.mjs do), opened from disk with every request that would leave the disk
// blocked. Writes the pages with the ttrules binary given, then checks:
//   - the superko record (examples/superko-2x2.sgf): "first illegal turn" lands on turn 9, whose
//     verdict says repetition and links r[tt.turn.repetition] to its anchor in the book, with
//     the earlier colouring it repeats (turn 3) drawn beside it;
//   - the 9x9 game: the stones drawn at three turns, reached with the keyboard, are the colouring
//     `ttrules replay --json` gives for the record cut after that turn;
//   - a 400-turn 19x19 game steps through every turn quickly (the time is printed);
//   - a bulk page's game list opens each game;
//   - the conformance matrix's findings (scripts/conformance-viewer): each opens at the turn where
//     the library departs, its answer next to the exact one;
//   - a referee report (REPORT_HTML, optional): its first game's link opens the viewer there;
//   - no console error or warning, no page error, no request that leaves the disk.
//
// Usage: node docs/tools/browser/viewer.mjs TTRULES OUT_DIR [REPORT_HTML]

import { launchChromium } from "./launch.mjs";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [bin, outArg, report] = process.argv.slice(2);
if (!bin || !outArg || !existsSync(bin)) {
  console.error("usage: node viewer.mjs TTRULES OUT_DIR [REPORT_HTML] (the binary must exist)");
  process.exit(2);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const out = resolve(outArg);
mkdirSync(out, { recursive: true });
const failures = [];
const ttrules = (args) => {
  try {
    return execFileSync(bin, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    if (e.status === 1) return e.stdout; // an illegal move: the report and page are written
    throw e;
  }
};

// The pages.
const superko = join(out, "superko.html");
const game = join(out, "game.html");
const long = join(out, "long.html");
const bulk = join(out, "bulk.html");
ttrules(["replay", join(root, "examples/superko-2x2.sgf"), "--html", superko]);
ttrules(["replay", join(root, "examples/9x9-game.sgf"), "--html", game]);
ttrules(["replay", join(root, "tests/fixtures/viewer-400.sgf"), "--html", long]);
ttrules(["replay", "--jsonl", join(root, "examples"), "--html", bulk]);
// The conformance matrix's findings, one game each (scripts/conformance-viewer).
const conformance = join(out, "conformance.html");
execFileSync("python3", [join(root, "scripts/conformance-viewer"), bin, conformance], { stdio: ["ignore", "ignore", "inherit"] });
const findings = JSON.parse(readFileSync(join(root, "docs/conformance/matrix.json"), "utf8"))
  .implementations.flatMap((im) => Object.values(im.families).flatMap((c) => c.findings ?? [])).length;

// The record cut after `k` moves (a plain main line: the root node, then one node a move).
function cut(sgf, k) {
  const body = sgf.trim().replace(/^\(/, "").replace(/\)$/, "");
  const nodes = body.split(";").filter((n) => n.trim());
  return "(;" + nodes.slice(0, k + 1).join(";") + ")";
}

const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Nothing leaves the disk: every other request is refused, and counted as a failure.
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file://") || url.startsWith("data:")) return route.continue();
    failures.push(`a request left the disk: ${url}`);
    return route.abort();
  });
  await context.setOffline(true);
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") failures.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => failures.push(`page error: ${e.message}`));
  const open = async (file, hash = "") => {
    await page.goto(pathToFileURL(file).href + hash);
    await page.waitForFunction(() => document.readyState === "complete");
  };
  const stones = () =>
    page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll("#board circle.stone:not(.ghost)")].map((c) => [
          c.dataset.p,
          c.classList.contains("b") ? "X" : "O",
        ]),
      ),
    );

  // 1. The superko record: the first illegal turn, its verdict and clause, the earlier turn.
  await open(superko, "#t=0");
  await page.click("button[data-jump=illegal]");
  const seen = await page.evaluate(() => ({
    turn: document.getElementById("turn").textContent,
    verdict: document.getElementById("verdict").textContent,
    href: document.querySelector("#verdict a.clause")?.getAttribute("href"),
    clause: document.querySelector("#verdict a.clause")?.textContent,
    earlier: document.getElementById("earlier").hidden ? null : document.querySelector("#earlier figcaption").textContent,
    earlierStones: document.querySelectorAll("#earlier circle.stone").length,
  }));
  if (!seen.turn.startsWith("Turn 9 of 9")) failures.push(`superko: the first illegal turn shows "${seen.turn}"`);
  if (!/illegal: repetition/.test(seen.verdict)) failures.push(`superko: the verdict reads "${seen.verdict}"`);
  if (seen.clause !== "r[tt.turn.repetition]" || !seen.href?.endsWith("/spec/part-1.html#tt.turn.repetition"))
    failures.push(`superko: the clause link is ${seen.clause} -> ${seen.href}`);
  if (!seen.earlier?.startsWith("After turn 3") || seen.earlierStones !== 2)
    failures.push(`superko: the earlier colouring: ${seen.earlier}, ${seen.earlierStones} stones`);
  await page.screenshot({ path: join(out, "superko.png") });
  console.log(`viewer: superko: ${seen.turn}; ${seen.verdict.trim()} -> ${seen.href}; beside it: ${seen.earlier}`);

  // 2. The 9x9 game: the stones at three turns against replay --json of the record cut there.
  const sgf = readFileSync(join(root, "examples/9x9-game.sgf"), "utf8");
  await open(game);
  const turns = await page.evaluate(() => document.querySelectorAll("#moves li").length - 1);
  for (const k of [5, Math.floor(turns / 2), turns]) {
    await page.keyboard.press("Home");
    for (let i = 0; i < k; i++) await page.keyboard.press("ArrowRight");
    const shown = await stones();
    const cutFile = join(out, `cut-${k}.sgf`);
    writeFileSync(cutFile, cut(sgf, k));
    const doc = JSON.parse(ttrules(["replay", "--json", cutFile]));
    const expected = {};
    const cols = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    doc.grid.forEach((row, r) => [...row].forEach((c, x) => {
      if (c !== ".") expected[`${cols[x]}${doc.size.height - r}`] = c;
    }));
    const diff = [...new Set([...Object.keys(shown), ...Object.keys(expected)])].filter((p) => shown[p] !== expected[p]);
    if (doc.turns.length !== k) failures.push(`9x9: the cut record has ${doc.turns.length} turns, not ${k}`);
    if (diff.length) failures.push(`9x9 turn ${k}: the board differs from replay --json at ${diff.join(" ")}`);
    console.log(`viewer: 9x9 turn ${k}: ${Object.keys(shown).length} stones, as replay --json`);
  }
  const endShown = await page.evaluate(() => !document.getElementById("end").hidden && document.querySelectorAll("#end .panel").length);
  if (!endShown) failures.push("9x9: no count at the end");

  // 3. A 400-turn 19x19 game, every turn stepped through.
  await open(long, "#t=0");
  const n = await page.evaluate(() => document.querySelectorAll("#moves li").length - 1);
  const t0 = Date.now();
  for (let i = 0; i < n; i++) await page.keyboard.press("ArrowRight");
  const ms = Date.now() - t0;
  const at = await page.evaluate(() => document.getElementById("turn").textContent);
  if (!at.startsWith(`Turn ${n} of ${n}`)) failures.push(`long game: after ${n} steps the page shows "${at}"`);
  const perStep = await page.evaluate(() => {
    const t = performance.now();
    for (let i = 0; i < 100; i++) document.getElementById("prev").click();
    return (performance.now() - t) / 100;
  });
  if (perStep > 50) failures.push(`long game: a step takes ${perStep.toFixed(1)} ms`);
  console.log(`viewer: ${n}-turn 19x19 game: ${n} key presses in ${ms} ms; a step draws in ${perStep.toFixed(2)} ms`);

  // 4. The bulk page's game list.
  await open(bulk);
  const listed = await page.evaluate(() => [...document.querySelectorAll("#list a")].map((a) => a.textContent));
  for (let i = 0; i < listed.length; i++) {
    await page.click(`#list li:nth-child(${i + 1}) a`);
    const title = await page.evaluate(() => document.getElementById("game-title").textContent);
    if (title !== listed[i]) failures.push(`bulk: game ${i + 1} of the list opens "${title}"`);
  }
  if (listed.length < 5) failures.push(`bulk: ${listed.length} games listed`);
  console.log(`viewer: bulk page: ${listed.length} games, each opens from the list`);

  // 5. The conformance findings: each opens at its last turn, where the library's answer stands
  // next to the exact verdict.
  await open(conformance);
  const conf = await page.evaluate(async () => {
    const links = [...document.querySelectorAll("#list a")];
    const bad = [];
    for (const a of links) {
      a.click();
      const turn = document.getElementById("turn").textContent;
      const notes = document.getElementById("notes").textContent;
      const last = document.querySelectorAll("#moves li").length - 1;
      const at = last === 0 ? turn.startsWith("The start") : turn.startsWith(`Turn ${last} of ${last}`);
      if (!at || (last > 0 && !/exact/.test(notes))) bad.push(`${a.textContent}: ${turn} / ${notes}`);
    }
    return { games: links.length, bad };
  });
  if (conf.games !== findings) failures.push(`conformance: ${conf.games} games for ${findings} findings`);
  for (const b of conf.bad) failures.push(`conformance: ${b}`);
  console.log(`viewer: conformance page: ${conf.games} findings, each at its turn with the library's answer and the exact one`);

  // 6. The referee's report: the first game's link opens the viewer at that game.
  if (report) {
    await open(report);
    const href = await page.evaluate(() => document.querySelector("a.view")?.getAttribute("href"));
    if (!href) failures.push("report: no link to the viewer");
    else {
      await page.click("a.view");
      await page.waitForFunction(() => document.readyState === "complete");
      const opened = await page.evaluate(() => ({
        url: location.href,
        title: document.getElementById("game-title")?.textContent,
        turns: document.querySelectorAll("#moves li").length - 1,
        verdict: document.getElementById("verdict")?.textContent,
      }));
      if (!opened.title || opened.turns < 1) failures.push(`report: ${href} opens no game: ${JSON.stringify(opened)}`);
      console.log(`viewer: report link ${href} opens "${opened.title}" (${opened.turns} turns)`);
    }
  }
} finally {
  await browser.close();
}
if (failures.length) {
  console.error(`viewer: ${failures.length} failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("viewer: passed");
