import Foundation

/// The page `TimelineHTMLRenderer` fills in: `{{TITLE}}` (HTML-escaped) and `{{DATA}}` (script-safe JSON).
/// Everything the page needs is inline; it makes no network request.
enum TimelineHTMLTemplate {
    static let page = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}} · TaskWarden timeline</title>
<style>
  :root { --bg:#fbfbfc; --fg:#1d1f24; --muted:#6a707c; --line:#e3e5ea; --group:#eef0f4; }
  html, body { margin:0; height:100%; background:var(--bg); color:var(--fg);
    font:13px/1.35 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
  body { display:flex; flex-direction:column; }
  header { display:flex; align-items:center; gap:14px; padding:8px 12px; border-bottom:1px solid var(--line); flex-wrap:wrap; }
  header h1 { font-size:15px; margin:0; font-weight:600; }
  header .summary { color:var(--muted); }
  header .controls { margin-left:auto; display:flex; gap:6px; align-items:center; }
  header button { font:inherit; padding:2px 9px; border:1px solid var(--line); background:white; border-radius:5px; cursor:pointer; }
  header input { font:inherit; padding:2px 6px; border:1px solid var(--line); border-radius:5px; width:170px; }
  header .hint { color:var(--muted); font-size:11px; width:100%; }
  #view { position:relative; flex:1; overflow:hidden; }
  canvas { display:block; cursor:grab; }
  canvas.dragging { cursor:grabbing; }
  #tip { position:absolute; pointer-events:none; background:rgba(29,31,36,.94); color:#f4f5f7; padding:7px 9px;
    border-radius:6px; font-size:12px; max-width:420px; display:none; box-shadow:0 4px 14px rgba(0,0,0,.2); z-index:2; }
  #tip b { font-weight:600; } #tip table { border-collapse:collapse; margin-top:4px; }
  #tip td { padding:0 8px 0 0; vertical-align:top; } #tip td:first-child { color:#aab0bc; }
</style>
</head>
<body>
<header>
  <h1 id="title"></h1><span class="summary" id="summary"></span>
  <div class="controls">
    <input id="filter" type="search" placeholder="filter rows by name" aria-label="filter rows by name">
    <button id="zoomOut" title="zoom out (S)">−</button><button id="zoomIn" title="zoom in (W)">+</button>
    <button id="fit" title="fit (F or double-click)">Fit</button>
  </div>
  <div class="hint">wheel: scroll rows · ctrl/⌘-wheel or W/S: zoom at pointer · drag, shift-wheel or A/D: pan · click a group to fold it</div>
</header>
<div id="view"><canvas id="canvas"></canvas><div id="tip"></div></div>
<script type="application/json" id="trace-data">{{DATA}}</script>
<script>
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("trace-data").textContent);
  const LABEL = 250, AXIS = 26, LANE = 17, GROUP = 22, PAD = 3;
  const canvas = document.getElementById("canvas"), ctx = canvas.getContext("2d");
  const view = document.getElementById("view"), tip = document.getElementById("tip");
  const filter = document.getElementById("filter");
  const folded = new Set();
  const total = Math.max(data.duration, 1e-3);
  let t0 = 0, t1 = total, scrollY = 0, width = 0, height = 0, layout = [], contentHeight = 0, hover = null;

  document.getElementById("title").textContent = data.title;
  const rowCount = data.groups.reduce((n, g) => n + g.rows.length, 0);
  const spanCount = data.groups.reduce((n, g) => n + g.rows.reduce((m, r) => m + r.spans.length, 0), 0);
  document.getElementById("summary").textContent =
    `${rowCount} rows in ${data.groups.length} groups · ${spanCount} spans · ${fmt(total)}` +
    (data.skipped ? ` · ${data.skipped} events skipped` : "");

  function hue(name) { let h = 0; for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0; return h % 360; }
  function fmt(us) {
    const a = Math.abs(us);
    if (a === 0) return "0";
    if (a >= 1e6) return (us / 1e6).toFixed(a >= 1e7 ? 1 : 2) + " s";
    if (a >= 1e3) return (us / 1e3).toFixed(a >= 1e4 ? 1 : 2) + " ms";
    return us.toFixed(a >= 10 ? 0 : 2) + " µs";
  }
  function rowLanes(row) { let d = 0; for (const s of row.spans) d = Math.max(d, s[2]); return d + 1; }

  function relayout() {
    const needle = filter.value.trim().toLowerCase();
    layout = []; let y = AXIS;
    for (const g of data.groups) {
      const rows = needle ? g.rows.filter(r => r.name.toLowerCase().includes(needle) || g.name.toLowerCase().includes(needle)) : g.rows;
      if (!rows.length) continue;
      const color = hue(g.name);
      layout.push({ kind: "group", group: g, count: rows.length, y, h: GROUP, color });
      y += GROUP;
      if (folded.has(g.name)) continue;
      for (const r of rows) { const h = rowLanes(r) * LANE + PAD * 2; layout.push({ kind: "row", row: r, y, h, color }); y += h; }
    }
    contentHeight = y;
    clampScroll();
  }
  function clampScroll() { scrollY = Math.max(0, Math.min(scrollY, Math.max(0, contentHeight - height + 8))); }
  function resize() {
    const dpr = window.devicePixelRatio || 1;
    width = view.clientWidth; height = view.clientHeight;
    canvas.width = Math.round(width * dpr); canvas.height = Math.round(height * dpr);
    canvas.style.width = width + "px"; canvas.style.height = height + "px";
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    clampScroll(); draw();
  }
  const plotWidth = () => Math.max(10, width - LABEL - 8);
  const xOf = t => LABEL + (t - t0) / (t1 - t0) * plotWidth();
  const tOf = x => t0 + (x - LABEL) / plotWidth() * (t1 - t0);

  function niceStep(span, pixels) {
    const raw = span / Math.max(1, pixels / 110), p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
    return 10 * p;
  }
  function clipText(text, max) {
    if (ctx.measureText(text).width <= max) return text;
    let lo = 0, hi = text.length;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ctx.measureText(text.slice(0, mid) + "…").width <= max) lo = mid; else hi = mid - 1; }
    return lo ? text.slice(0, lo) + "…" : "";
  }

  function draw() {
    ctx.clearRect(0, 0, width, height);
    ctx.font = "12px -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Arial, sans-serif";
    ctx.textBaseline = "middle";
    const step = niceStep(t1 - t0, plotWidth());
    // Grid lines behind the rows.
    ctx.strokeStyle = "#eceef2"; ctx.lineWidth = 1;
    for (let t = Math.ceil(t0 / step) * step; t <= t1; t += step) {
      const x = Math.round(xOf(t)) + .5; ctx.beginPath(); ctx.moveTo(x, AXIS); ctx.lineTo(x, height); ctx.stroke();
    }
    for (const e of layout) {
      const y = e.y - scrollY;
      if (y + e.h < AXIS || y > height) continue;
      if (e.kind === "group") {
        ctx.fillStyle = "#eef0f4"; ctx.fillRect(0, y, width, e.h);
        ctx.fillStyle = `hsl(${e.color},55%,45%)`; ctx.fillRect(0, y, 4, e.h);
        ctx.fillStyle = "#1d1f24"; ctx.font = "600 12px -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
        ctx.fillText((folded.has(e.group.name) ? "▸ " : "▾ ") + clipText(e.group.name, LABEL - 70) + `  (${e.count})`, 10, y + e.h / 2);
        ctx.font = "12px -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
        continue;
      }
      ctx.fillStyle = "#4a4f5a"; ctx.fillText(clipText(e.row.name, LABEL - 26), 20, y + LANE / 2 + PAD);
      ctx.save(); ctx.beginPath(); ctx.rect(LABEL, y, width - LABEL, e.h); ctx.clip();
      for (const s of e.row.spans) {
        if (s[1] < t0 || s[0] > t1) continue;
        const x0 = xOf(s[0]), w = Math.max(1, xOf(s[1]) - x0), sy = y + PAD + s[2] * LANE, light = 58 + Math.min(s[2] * 8, 24);
        ctx.fillStyle = s[6] ? `hsla(${e.color},60%,${light}%,.45)` : `hsl(${e.color},60%,${light}%)`;
        ctx.fillRect(x0, sy, w, LANE - 2);
        if (hover && hover.span === s) { ctx.strokeStyle = "#1d1f24"; ctx.lineWidth = 1.5; ctx.strokeRect(x0, sy, w, LANE - 2); }
        if (s[6]) { ctx.strokeStyle = `hsl(${e.color},60%,35%)`; ctx.setLineDash([3, 2]); ctx.strokeRect(x0 + .5, sy + .5, w - 1, LANE - 3); ctx.setLineDash([]); }
        if (w > 36) {
          ctx.fillStyle = "#13151a";
          ctx.fillText(clipText(s[3], w - 8), Math.max(x0, LABEL) + 4, sy + (LANE - 2) / 2);
        }
      }
      for (const i of e.row.instants) {
        if (i[0] < t0 || i[0] > t1) continue;
        const x = xOf(i[0]), cy = y + PAD + LANE / 2;
        ctx.fillStyle = "#1d1f24"; ctx.beginPath();
        ctx.moveTo(x, cy - 5); ctx.lineTo(x + 4, cy); ctx.lineTo(x, cy + 5); ctx.lineTo(x - 4, cy); ctx.fill();
      }
      ctx.restore();
      ctx.strokeStyle = "#f0f1f4"; ctx.beginPath(); ctx.moveTo(0, y + e.h - .5); ctx.lineTo(width, y + e.h - .5); ctx.stroke();
    }
    // Axis on top of everything, labels column divider.
    ctx.fillStyle = "#fbfbfc"; ctx.fillRect(0, 0, width, AXIS);
    ctx.strokeStyle = "#d5d8de"; ctx.beginPath(); ctx.moveTo(0, AXIS - .5); ctx.lineTo(width, AXIS - .5); ctx.stroke();
    ctx.beginPath(); ctx.moveTo(LABEL - .5, 0); ctx.lineTo(LABEL - .5, height); ctx.stroke();
    ctx.fillStyle = "#6a707c";
    for (let t = Math.ceil(t0 / step) * step; t <= t1; t += step) {
      const x = xOf(t); if (x < LABEL) continue;
      ctx.fillRect(Math.round(x), AXIS - 6, 1, 6); ctx.fillText(fmt(t), x + 3, AXIS / 2);
    }
    ctx.fillStyle = "#1d1f24"; ctx.fillText(`${fmt(t0)} – ${fmt(t1)}`, 10, AXIS / 2);
  }

  function zoom(factor, atX) {
    const anchor = tOf(atX === undefined ? LABEL + plotWidth() / 2 : Math.max(LABEL, atX));
    const span = Math.min(total * 1.2, Math.max(1e-3, (t1 - t0) * factor));
    const ratio = (anchor - t0) / (t1 - t0);
    t0 = anchor - ratio * span; t1 = t0 + span; draw();
  }
  function pan(dt) { t0 += dt; t1 += dt; draw(); }
  function fit() { t0 = 0; t1 = total; draw(); }

  function hit(mx, my) {
    for (const e of layout) {
      const y = e.y - scrollY;
      if (my < y || my >= y + e.h) continue;
      if (e.kind === "group") return { entry: e };
      const lane = Math.floor((my - y - PAD) / LANE), t = tOf(mx), slack = (t1 - t0) / plotWidth() * 2;
      let best = null;
      for (const s of e.row.spans) if (s[2] === lane && s[0] - slack <= t && t <= s[1] + slack) best = s;
      return { entry: e, span: mx >= LABEL ? best : null };
    }
    return null;
  }
  function escapeHTML(text) { return String(text).replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]); }
  function showTip(h, mx, my) {
    if (!h || !h.span) { tip.style.display = "none"; return; }
    const s = h.span;
    let html = `<b>${escapeHTML(s[3])}</b>${s[4] ? ` <span style="color:#aab0bc">${escapeHTML(s[4])}</span>` : ""}<table>` +
      `<tr><td>row</td><td>${escapeHTML(h.entry.row.name)}</td></tr>` +
      `<tr><td>start</td><td>${fmt(s[0])}</td></tr><tr><td>duration</td><td>${fmt(s[1] - s[0])}${s[6] ? " (unfinished)" : ""}</td></tr>`;
    for (const [k, v] of s[5]) html += `<tr><td>${escapeHTML(k)}</td><td>${escapeHTML(v)}</td></tr>`;
    tip.innerHTML = html + "</table>";
    tip.style.display = "block";
    const w = tip.offsetWidth, hgt = tip.offsetHeight;
    tip.style.left = Math.min(mx + 14, width - w - 4) + "px";
    tip.style.top = (my + 16 + hgt > height ? my - hgt - 8 : my + 16) + "px";
  }

  let drag = null;
  canvas.addEventListener("mousedown", ev => { drag = { x: ev.offsetX, y: ev.offsetY, t0, t1, scrollY, moved: false }; canvas.classList.add("dragging"); });
  window.addEventListener("mouseup", ev => {
    if (drag && !drag.moved) {
      const h = hit(drag.x, drag.y);
      if (h && h.entry.kind === "group") { const n = h.entry.group.name; folded.has(n) ? folded.delete(n) : folded.add(n); relayout(); draw(); }
    }
    drag = null; canvas.classList.remove("dragging");
  });
  canvas.addEventListener("mousemove", ev => {
    if (drag) {
      const dx = ev.offsetX - drag.x, dy = ev.offsetY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
      const dt = dx / plotWidth() * (drag.t1 - drag.t0);
      t0 = drag.t0 - dt; t1 = drag.t1 - dt; scrollY = drag.scrollY - dy; clampScroll(); draw(); return;
    }
    const h = hit(ev.offsetX, ev.offsetY), span = h && h.span;
    if ((hover && hover.span) !== span) { hover = h; draw(); }
    showTip(h, ev.offsetX, ev.offsetY);
  });
  canvas.addEventListener("mouseleave", () => { tip.style.display = "none"; hover = null; draw(); });
  canvas.addEventListener("wheel", ev => {
    ev.preventDefault();
    if (ev.ctrlKey || ev.metaKey) { zoom(Math.exp(ev.deltaY * 0.002), ev.offsetX); return; }
    if (ev.shiftKey || Math.abs(ev.deltaX) > Math.abs(ev.deltaY)) { pan((ev.shiftKey ? ev.deltaY : ev.deltaX) / plotWidth() * (t1 - t0)); return; }
    scrollY += ev.deltaY; clampScroll(); draw();
  }, { passive: false });
  canvas.addEventListener("dblclick", fit);
  window.addEventListener("keydown", ev => {
    if (ev.target === filter) return;
    const k = ev.key.toLowerCase();
    if (k === "w" || k === "+" || k === "=") zoom(0.8);
    else if (k === "s" || k === "-") zoom(1.25);
    else if (k === "a") pan(-(t1 - t0) * 0.15);
    else if (k === "d") pan((t1 - t0) * 0.15);
    else if (k === "f") fit();
  });
  document.getElementById("zoomIn").onclick = () => zoom(0.8);
  document.getElementById("zoomOut").onclick = () => zoom(1.25);
  document.getElementById("fit").onclick = fit;
  filter.addEventListener("input", () => { relayout(); draw(); });
  window.addEventListener("resize", resize);
  relayout(); resize();
  // Marks a successful first render, for headless checks (Scripts/timeline-screenshot.sh).
  document.body.dataset.rendered = String(rowCount);
  if (location.hash === "#selftest") selfTest();

  // Drives hover, zoom, fit, folding and filtering through real DOM events and reports on <body
  // data-selftest>, so a headless browser can check the interactive paths, not just the first paint.
  function selfTest() {
    const check = (ok, what) => { if (!ok) throw new Error(what); };
    try {
      const box = canvas.getBoundingClientRect();
      const mouse = (type, x, y) => canvas.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: box.left + x, clientY: box.top + y }));
      const entry = layout.find(e => e.kind === "row" && e.row.spans.length);
      check(entry, "no row with spans");
      const span = entry.row.spans[0];
      const x = Math.max(LABEL + 1, (Math.max(xOf(span[0]), LABEL) + Math.min(xOf(span[1]), width)) / 2);
      const y = entry.y - scrollY + PAD + span[2] * LANE + LANE / 2;
      mouse("mousemove", x, y);
      check(tip.style.display === "block" && tip.textContent.includes(span[3]), "hover shows no details for " + span[3]);
      const before = t1 - t0;
      zoom(0.5, x);
      check(Math.abs((t1 - t0) - before / 2) < before * 1e-6, "zoom did not halve the range");
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "f" }));
      check(t0 === 0 && t1 === total, "F did not fit");
      const rowsBefore = layout.length, group = layout[0];
      mouse("mousedown", 20, group.y - scrollY + 5); window.dispatchEvent(new MouseEvent("mouseup"));
      check(layout.length === rowsBefore - group.count, "clicking a group did not fold it");
      mouse("mousedown", 20, group.y - scrollY + 5); window.dispatchEvent(new MouseEvent("mouseup"));
      check(layout.length === rowsBefore, "clicking a folded group did not unfold it");
      filter.value = "\u0000no-such-row"; filter.dispatchEvent(new Event("input"));
      check(layout.length === 0, "filter did not hide rows");
      filter.value = ""; filter.dispatchEvent(new Event("input"));
      check(layout.length === rowsBefore, "clearing the filter did not restore rows");
      document.body.dataset.selftest = "ok";
    } catch (error) {
      document.body.dataset.selftest = "failed: " + error.message;
    }
  }
})();
</script>
</body>
</html>
"""#
}

extension TimelineHTMLTemplate {
    /// The page cut at its two placeholders, so the renderer writes title and data in sequence and text in one
    /// can never be taken for the other (a title of `{{DATA}}` stays a title).
    struct Parts {
        var beforeTitle: String
        var beforeData: String
        var afterData: String
    }

    static let parts: Parts = {
        let title = page.range(of: "{{TITLE}}")!
        let data = page.range(of: "{{DATA}}", range: title.upperBound..<page.endIndex)!
        return Parts(
            beforeTitle: String(page[..<title.lowerBound]),
            beforeData: String(page[title.upperBound..<data.lowerBound]),
            afterData: String(page[data.upperBound...]))
    }()
}
