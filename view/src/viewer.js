// The ttrules viewer: reads the page's data (script#data, the JSON of ttrules_view::Page), plays
// each game's turns from its setup once (the stones each turn places and empties come with the
// data), and draws the board of the turn shown. No network, no library.
"use strict";
(() => {
  const D = JSON.parse(document.getElementById("data").textContent);
  const $ = (id) => document.getElementById(id);
  const COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const code = (s, i) => [s.charCodeAt(i) - 97, s.charCodeAt(i + 1) - 97];
  let G = null, gi = 0, t = 0, pos = [], pris = [];

  // Every colouring of game g: pos[k] after turn k (0: the setup), 1 black, 2 white; and the
  // prisoners each player holds after turn k (the opponent's stones emptied, r[var.prisoners]).
  function prepare(g) {
    const w = g.width, h = g.height, start = new Int8Array(w * h);
    g.setup.forEach((row, r) => [...row].forEach((c, x) => {
      start[(h - 1 - r) * w + x] = c === "X" ? 1 : c === "O" ? 2 : 0;
    }));
    pos = [start];
    pris = [[0, 0]];
    for (const turn of g.turns) {
      const b = pos[pos.length - 1].slice(), p = pris[pris.length - 1].slice();
      if (turn.ok) {
        // The stone placed, then every point the turn emptied (the captures, and a suicide's own
        // stones, the placed one among them): each a prisoner of the emptied stone's opponent.
        if (turn.m) { const [x, y] = code(turn.m, 0); b[y * w + x] = turn.p === "B" ? 1 : 2; }
        for (let i = 0; i < turn.c.length; i += 2) {
          const [x, y] = code(turn.c, i), k = y * w + x;
          if (b[k] === 2) p[0]++; else if (b[k] === 1) p[1]++;
          b[k] = 0;
        }
      }
      pos.push(b);
      pris.push(p);
    }
  }

  // The board as SVG: grid, star points, coordinates, stones, and the marks given.
  function board(g, cells, opt) {
    const w = g.width, h = g.height, m = 1.1;
    const X = (x) => x, Y = (y) => h - 1 - y;
    let s = `<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="${-m} ${-m} ${w - 1 + 2 * m} ${h - 1 + 2 * m}" role="img" aria-label="${esc(opt.label)}">`;
    s += `<rect x="${-m + 0.15}" y="${-m + 0.15}" width="${w - 1 + 2 * m - 0.3}" height="${h - 1 + 2 * m - 0.3}" class="wood"/>`;
    s += `<path class="lines" d="`;
    for (let x = 0; x < w; x++) s += `M${x} 0V${h - 1}`;
    for (let y = 0; y < h; y++) s += `M0 ${y}H${w - 1}`;
    s += `"/>`;
    if (w === h && (w === 9 || w === 13 || w === 19)) {
      const a = w === 9 ? [2, 4, 6] : w === 13 ? [3, 6, 9] : [3, 9, 15];
      for (const x of a) for (const y of a) if (w !== 9 || (x === 4) === (y === 4)) s += `<circle class="star" cx="${x}" cy="${y}" r="0.1"/>`;
    }
    for (let x = 0; x < w; x++) {
      s += `<text class="coord" x="${x}" y="${-m + 0.45}">${COLS[x]}</text><text class="coord" x="${x}" y="${h - 1 + m - 0.3}">${COLS[x]}</text>`;
    }
    for (let y = 0; y < h; y++) {
      s += `<text class="coord" x="${-m + 0.45}" y="${Y(y) + 0.13}">${y + 1}</text><text class="coord" x="${w - 1 + m - 0.45}" y="${Y(y) + 0.13}">${y + 1}</text>`;
    }
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const c = cells[y * w + x];
      if (c) s += `<circle class="stone ${c === 1 ? "b" : "w"}" data-p="${COLS[x]}${y + 1}" cx="${X(x)}" cy="${Y(y)}" r="0.47"/>`;
    }
    const marks = opt.marks || "";
    for (let r = 0; r < marks.length / w; r++) for (let x = 0; x < w; x++) {
      const k = marks[r * w + x], cx = x, cy = r;
      if (k === "b" || k === "w" || k === "t") s += `<rect class="mark ${k}" x="${cx - 0.17}" y="${cy - 0.17}" width="0.34" height="0.34"/>`;
      else if (k === "n") s += `<circle class="mark n" cx="${cx}" cy="${cy}" r="0.09"/>`;
      else if (k === "x") s += `<path class="mark x" d="M${cx - 0.25} ${cy - 0.25}L${cx + 0.25} ${cy + 0.25}M${cx + 0.25} ${cy - 0.25}L${cx - 0.25} ${cy + 0.25}"/>`;
      else if (k === "s") s += `<path class="mark s" d="M${cx} ${cy - 0.25}L${cx + 0.24} ${cy + 0.18}H${cx - 0.24}Z"/>`;
      else if (k === "a") s += `<circle class="mark a" cx="${cx}" cy="${cy}" r="0.16"/>`;
      else if (k === "q") s += `<circle class="mark q" cx="${cx}" cy="${cy}" r="0.3"/>`;
    }
    for (const e of opt.emptied || []) s += `<rect class="emptied" data-p="${COLS[e[0]]}${e[1] + 1}" x="${X(e[0]) - 0.3}" y="${Y(e[1]) - 0.3}" width="0.6" height="0.6" rx="0.1"/>`;
    if (opt.last) {
      const [x, y] = opt.last, c = cells[y * w + x];
      s += `<circle class="last ${c === 1 ? "on-b" : "on-w"}" cx="${X(x)}" cy="${Y(y)}" r="0.2"/>`;
    }
    if (opt.gone) {
      const [x, y] = opt.gone.at;
      s += `<circle class="gone ${opt.gone.p === "B" ? "b" : "w"}" cx="${X(x)}" cy="${Y(y)}" r="0.17"/>`;
    }
    if (opt.refused) {
      const [x, y] = opt.refused.at;
      s += `<circle class="stone ghost ${opt.refused.p === "B" ? "b" : "w"}" cx="${X(x)}" cy="${Y(y)}" r="0.47"/>`;
      s += `<path class="refused" d="M${x - 0.3} ${Y(y) - 0.3}L${x + 0.3} ${Y(y) + 0.3}M${x + 0.3} ${Y(y) - 0.3}L${x - 0.3} ${Y(y) + 0.3}"/>`;
    }
    return s + "</svg>";
  }

  const name = (m) => { if (!m) return "pass"; const [x, y] = code(m, 0); return COLS[x] + (y + 1); };
  const clause = (v) => `<a class="clause" href="${esc(v.url)}">r[${esc(v.clause)}]</a>`;

  // The moments that matter, each a list of turns.
  function moments(g) {
    const n = g.turns.length, all = [...Array(n).keys()].map((i) => i + 1);
    return {
      illegal: all.filter((k) => !g.turns[k - 1].ok),
      capture: all.filter((k) => g.turns[k - 1].ok && g.turns[k - 1].c),
      repetition: all.filter((k) => g.turns[k - 1].r !== undefined),
      flagged: all.filter((k) => g.turns[k - 1].flag),
    };
  }

  function show(k) {
    const g = G, n = g.turns.length;
    t = Math.max(0, Math.min(n, k));
    const turn = t > 0 ? g.turns[t - 1] : null;
    const opt = { label: `${g.title}: after turn ${t}` };
    if (turn && turn.ok) {
      if (turn.m && pos[t][code(turn.m, 0)[1] * g.width + code(turn.m, 0)[0]]) opt.last = code(turn.m, 0);
      else if (turn.m) opt.gone = { at: code(turn.m, 0), p: turn.p }; // a suicide: the stone played, emptied
      opt.emptied = [];
      for (let i = 0; i < turn.c.length; i += 2) opt.emptied.push(code(turn.c, i));
    }
    if (turn && !turn.ok && turn.m) opt.refused = { at: code(turn.m, 0), p: turn.p };
    $("board").innerHTML = board(g, pos[t], opt);
    const earlier = $("earlier");
    if (turn && turn.r !== undefined) {
      earlier.hidden = false;
      earlier.querySelector("figcaption").innerHTML =
        `${turn.r === 0 ? "The start" : "After turn " + turn.r}: the colouring ${name(turn.m)} ${turn.ok ? "recreates" : "would recreate"} <button id="go-earlier">go there</button>`;
      earlier.querySelector("div").innerHTML = board(g, pos[turn.r], { label: `the colouring after turn ${turn.r}` });
      $("go-earlier").onclick = () => show(turn.r);
    } else earlier.hidden = true;
    const v = g.verdicts[turn ? turn.v : 0];
    $("turn").textContent = turn ? `Turn ${t} of ${n}: ${turn.p === "B" ? "Black" : "White"} ${name(turn.m)}` : `The start (${n} turns)`;
    $("verdict").className = turn && !turn.ok ? "illegal" : "legal";
    $("verdict").innerHTML = `${esc(v.text)} ${clause(v)}`;
    $("notes").innerHTML = (turn ? turn.n || [] : []).map((x) => `<li>${esc(x)}</li>`).join("");
    $("prisoners").innerHTML = `Prisoners: Black ${pris[t][0]}, White ${pris[t][1]} ${clause(D.prisoners)}`;
    $("slider").value = t;
    document.querySelectorAll("#moves li.cur").forEach((li) => li.classList.remove("cur"));
    const li = $("moves").children[t];
    if (li) { li.classList.add("cur"); li.scrollIntoView({ block: "nearest" }); }
    $("end").hidden = t !== n;
    try { history.replaceState(null, "", `#g=${gi + 1}&t=${t}`); } catch (e) { /* a page from disk may refuse */ }
  }

  function panel(p) {
    let s = `<section class="panel"><h3>${esc(p.title)}</h3>`;
    if (p.at !== undefined) s += `<p><button data-goto="${p.at}">go to turn ${p.at}</button></p>`;
    if (p.marks) s += `<div class="small">${board(G, cells(p), { label: p.title, marks: p.marks })}</div>`;
    if (p.table.length) {
      s += `<table><tr>${p.table[0].map((c) => `<th>${esc(c)}</th>`).join("")}</tr>`;
      for (const row of p.table.slice(1)) s += `<tr>${row.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`;
      s += "</table>";
    }
    if (p.notes.length) s += `<ul>${p.notes.map((x) => `<li>${esc(x)}</li>`).join("")}</ul>`;
    if (p.clauses.length) s += `<p class="clauses">${p.clauses.map(([c, url]) => clause({ clause: c, url })).join(" ")}</p>`;
    return s + "</section>";
  }

  // The colouring a panel is drawn on: its own, else the position after its turn or the last.
  function cells(p) {
    if (!p.grid.length) return pos[Math.min(p.at ?? pos.length - 1, pos.length - 1)];
    const w = G.width, h = G.height, b = new Int8Array(w * h);
    p.grid.forEach((row, r) => [...row].forEach((c, x) => { b[(h - 1 - r) * w + x] = c === "X" ? 1 : c === "O" ? 2 : 0; }));
    return b;
  }

  function jump(list, dir) {
    if (!list.length) return;
    const next = dir > 0 ? list.find((k) => k > t) ?? list[0] : [...list].reverse().find((k) => k < t) ?? list[list.length - 1];
    show(next);
  }

  // A turn as the data writes it, [HEAD, c, v, extra?] (HEAD: "!" for an illegal turn, the
  // player, the point), as an object.
  function turnOf(x) {
    if (!Array.isArray(x)) return x;
    const [h, c, v, extra] = x, ok = h[0] !== "!", s = ok ? h : h.slice(1);
    return { p: s[0], m: s.slice(1), c, v, ok, ...(extra || {}) };
  }

  function open(i, at) {
    gi = Math.max(0, Math.min(D.games.length - 1, i));
    G = D.games[gi];
    G.turns = G.turns.map(turnOf);
    prepare(G);
    $("game-title").textContent = G.title;
    // Small boards are drawn small: about 48 pixels a line at most.
    document.body.style.setProperty("--side", `${48 * (Math.max(G.width, G.height) + 1.2)}px`);
    $("info").innerHTML = G.info.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("");
    $("moves").innerHTML = `<li data-t="0">start</li>` + G.turns.map((x, k) =>
      `<li data-t="${k + 1}" class="${x.ok ? "" : "bad"}${x.flag ? " flag" : ""}">${k + 1}. ${x.p} ${name(x.m)}</li>`).join("");
    $("slider").max = G.turns.length;
    $("end").innerHTML = G.end.length ? `<h2>At the end</h2>${G.end.map(panel).join("")}` : "";
    const m = moments(G);
    const b = $("jumps");
    b.innerHTML = "";
    const add = (label, list, dir, key) => {
      if (!list.length) return;
      const e = document.createElement("button");
      e.textContent = label;
      e.dataset.jump = key;
      e.onclick = () => jump(list, dir);
      b.append(e);
    };
    add("first illegal turn", m.illegal.slice(0, 1), 1, "illegal");
    add("◀ capture", m.capture, -1, "capture-prev");
    add("capture ▶", m.capture, 1, "capture-next");
    add(`repetition (${m.repetition.length})`, m.repetition, 1, "repetition");
    add(`marked (${m.flagged.length})`, m.flagged, 1, "flagged");
    document.querySelectorAll("#list li").forEach((li, k) => li.classList.toggle("cur", k === gi));
    show(at ?? G.open_at ?? G.turns.length);
  }

  // The page: title, the game list when there are several, then the first game (or #g=N&t=K).
  document.title = D.title;
  $("title").textContent = D.title;
  $("subtitle").textContent = D.subtitle;
  if (D.games.length > 1) {
    $("list").innerHTML = "<ol>" + D.games.map((g, k) => `<li><a href="#g=${k + 1}">${esc(g.title)}</a></li>`).join("") + "</ol>";
    $("list").hidden = false;
    $("list").addEventListener("click", (e) => {
      const a = e.target.closest("a");
      if (a) { e.preventDefault(); open([...$("list").querySelectorAll("a")].indexOf(a)); }
    });
  }
  $("moves").addEventListener("click", (e) => { const li = e.target.closest("li"); if (li) show(+li.dataset.t); });
  $("end").addEventListener("click", (e) => { const b = e.target.closest("button[data-goto]"); if (b) show(+b.dataset.goto); });
  $("slider").addEventListener("input", (e) => show(+e.target.value));
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(t - 1);
  $("next").onclick = () => show(t + 1);
  $("last").onclick = () => show(G.turns.length);
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
    const k = { ArrowLeft: t - 1, ArrowRight: t + 1, Home: 0, End: G.turns.length, PageUp: t - 10, PageDown: t + 10 }[e.key];
    if (k !== undefined) { e.preventDefault(); show(k); }
  });
  if (!D.games.length) { $("turn").textContent = "No game."; return; }
  const hash = new URLSearchParams(location.hash.slice(1));
  open(hash.has("g") ? +hash.get("g") - 1 : 0, hash.has("t") ? +hash.get("t") : undefined);
})();
