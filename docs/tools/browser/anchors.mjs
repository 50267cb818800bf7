// Opens the built book (docs/book/) in headless Chromium (Debian's, driven by playwright-core) and
// checks that a clause anchor lands on its clause: for each case the page is opened at
// `#CLAUSE-ID`, and the page must have scrolled so that the clause's id is at the top of the
// window, with the clause's own text (its first words, read from spec/RULES.md or spec/perft.md)
// right after it. A citation clicked in a guide page must land the same way.
//
// Usage: node docs/tools/browser/anchors.mjs [BOOK_DIR]   (CHROMIUM=path overrides /usr/bin/chromium)

import { launchChromium } from "./launch.mjs";
import { readFileSync, existsSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../..");
const book = resolve(process.argv[2] ?? join(root, "docs/book"));

// Clause id -> its first words, from the sources the book is generated from.
function firstWords() {
  const words = new Map();
  for (const file of ["spec/RULES.md", "spec/perft.md"]) {
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      const m = /^r\[([a-z0-9._-]+)\]$/.exec(line);
      if (m) words.set(m[1], plain(lines[i + 1]).split(" ").slice(0, 6).join(" "));
    });
  }
  return words;
}

// Text as a reader sees it: no markdown emphasis or code marks, single spaces.
function plain(s) {
  return s.replace(/[*_`]/g, "").replace(/\s+/g, " ").trim();
}

// Where the anchor is once the page has settled, and the text of the clause it opens.
async function landing(page, id) {
  await page.waitForFunction(() => document.readyState === "complete");
  await page.waitForTimeout(200);
  return page.evaluate((id) => {
    const el = document.getElementById(id);
    if (!el) return null;
    const rect = el.getBoundingClientRect();
    return {
      top: rect.top,
      scrollY: window.scrollY,
      height: window.innerHeight,
      text: el.parentElement.innerText.replace(/\s+/g, " ").trim(),
      hash: location.hash,
      path: location.pathname,
    };
  }, id);
}

function check(failures, what, id, got, words) {
  if (!got) {
    failures.push(`${what}: no element with id ${id}`);
    return;
  }
  const problems = [];
  if (got.scrollY <= 0) problems.push(`the page did not scroll (scrollY ${got.scrollY})`);
  if (got.top < -1 || got.top > got.height / 3)
    problems.push(`the clause is at ${Math.round(got.top)} px of a ${got.height} px window, not at its top`);
  const expected = `r[${id}] ${words}`;
  if (!plain(got.text).startsWith(expected))
    problems.push(`the text there is "${got.text.slice(0, 80)}", not "${expected}"`);
  if (problems.length) failures.push(`${what}: ${problems.join("; ")}`);
  else console.log(`ok: ${what} lands on its clause (${Math.round(got.top)} px from the top, scrolled ${Math.round(got.scrollY)} px)`);
}

const cases = [
  ["spec/part-1.html", "tt.turn.repetition"],
  ["spec/part-2.html", "var.ko.simple"],
  ["spec/part-3.html", "rec.komi.fox"],
  ["spec/part-4.html", "life.pass-alive"],
  ["spec/part-7.html", "end.chinese"],
  ["spec/perft.html", "perft.sequence"],
];

async function main() {
  if (!existsSync(join(book, "index.html"))) {
    console.error(`anchors: ${book} holds no built book (run docs/build.sh)`);
    process.exit(2);
  }
  const words = firstWords();
  const browser = await launchChromium();
  const failures = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    for (const [path, id] of cases) {
      if (!words.has(id)) throw new Error(`${id} is not a clause of the spec`);
      const url = `${pathToFileURL(join(book, path)).href}#${id}`;
      await page.goto(url);
      check(failures, `${path}#${id}`, id, await landing(page, id), words.get(id));
    }
    // A citation in a guide page, clicked, leads to its clause.
    await page.goto(pathToFileURL(join(book, "guide/perft.html")).href);
    const link = page.locator('main a[href$="#tt.turn.repetition"]').first();
    await link.click();
    await page.waitForURL(/part-1\.html#tt\.turn\.repetition$/);
    check(failures, "guide/perft.html, the citation r[tt.turn.repetition] clicked", "tt.turn.repetition",
      await landing(page, "tt.turn.repetition"), words.get("tt.turn.repetition"));
  } finally {
    await browser.close();
  }
  if (failures.length) {
    console.error(`anchors: ${failures.length} failed:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`anchors: ${cases.length + 1} passed, 0 failed`);
}

await main();
