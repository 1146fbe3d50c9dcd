// tools/view-test's browser driver: opens `touchtrace view` pages in Debian's headless chromium,
// through the DevTools protocol on a pipe (--remote-debugging-pipe: JSON messages, each ended by
// a NUL byte, written to the browser's descriptor 3 and read from its descriptor 4), and checks
// what the page shows against what the trace says.
//
//   node tools/view-test.cjs CHECKS.json OUTDIR
//
// CHECKS.json: [{ "page": FILE.html, "trace": TRACE.json, "name": NAME, "at": [{ "t": SECONDS,
// "contacts": true, "rowOpen": [ROW, "trailing" | "leading"], "rowClosed": ROW }],
// "outputs": [TYPE, …], "failure": [RECOGNIZER, REASON, AT], "change": { "setting": NAME,
// "value": V, "gone": [TYPE, …], "appeared": [TYPE, …], "toml": TEXT, "traceSettings": TEXT }, "pick": { "file": TRACE, "error": TEXT }
// "daemon": { "t": SECONDS, "has": [TEXT, …], "commands": N } }, …]; or { "page": FILE.html, "name": NAME, "bench": { "trace": TRACE, "runs": N } }: the engine
// of the page replays TRACE N times (as `touchtrace replay --json`, in the browser), and the
// times in milliseconds and the SHA-256 of what it printed are written as NAME.json in OUTDIR.
// Each page is opened at `#t=` each time, its screenshot decoded here (PNG) and its pixels read
// where the trace puts the contacts; the page's own state (outputs listed, the arena's reasons)
// is read from its elements. Prints one line per check; exits 1 when one fails, 2 when the
// browser cannot be driven. Screenshots are kept in OUTDIR as NAME-T.png.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");
const { spawn } = require("node:child_process");

const [checksPath, outdir] = process.argv.slice(2);
const checks = JSON.parse(fs.readFileSync(checksPath, "utf8"));
const profile = fs.mkdtempSync(path.join(outdir, "profile-"));
const browser = spawn("chromium", ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
  "--disable-extensions", "--allow-file-access-from-files", `--user-data-dir=${profile}`,
  "--remote-debugging-pipe", "about:blank"], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
let browserLog = "";
browser.stderr.on("data", (d) => { browserLog += d; });

let nextId = 1;
const waiting = new Map(), listeners = [];
let buffered = Buffer.alloc(0);
browser.stdio[4].on("data", (chunk) => {
  buffered = Buffer.concat([buffered, chunk]);
  let end;
  while ((end = buffered.indexOf(0)) >= 0) {
    const message = JSON.parse(buffered.subarray(0, end).toString("utf8"));
    buffered = buffered.subarray(end + 1);
    if (message.id && waiting.has(message.id)) {
      const { resolve, reject } = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) reject(new Error(JSON.stringify(message.error))); else resolve(message.result);
    } else for (const l of listeners) l(message);
  }
});
function send(method, params = {}, sessionId) {
  const id = nextId++;
  browser.stdio[3].write(JSON.stringify({ id, method, params, sessionId }) + "\0");
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}
function event(name, sessionId) {
  return new Promise((resolve) => {
    const l = (m) => { if (m.method === name && m.sessionId === sessionId) { listeners.splice(listeners.indexOf(l), 1); resolve(m.params); } };
    listeners.push(l);
  });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A PNG as chromium writes it (8 bits, RGB or RGBA, not interlaced): its pixels.
function decodePNG(bytes) {
  let at = 8, width, height, type, idat = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at), kind = bytes.toString("ascii", at + 4, at + 8), data = bytes.subarray(at + 8, at + 8 + length);
    if (kind === "IHDR") { width = data.readUInt32BE(0); height = data.readUInt32BE(4); type = data[9]; if (data[8] !== 8 || data[12] !== 0) throw new Error("PNG not 8-bit non-interlaced"); }
    if (kind === "IDAT") idat.push(data);
    at += 12 + length;
  }
  const channels = type === 6 ? 4 : type === 2 ? 3 : 0;
  if (!channels) throw new Error(`PNG colour type ${type}`);
  const raw = zlib.inflateSync(Buffer.concat(idat)), stride = width * channels, pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)], line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0, b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let v = line[x];
      if (filter === 1) v += a; else if (filter === 2) v += b; else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c); v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      pixels[y * stride + x] = v & 255;
    }
  }
  return { width, pixel: (x, y) => { const o = Math.round(y) * stride + Math.round(x) * channels; return [pixels[o], pixels[o + 1], pixels[o + 2]]; } };
}

// Where each contact of the trace is down at time t, in the trace's units: from the trace's own
// events, not from the page.
function contactsAt(trace, t) {
  const down = new Map();
  for (const e of trace.events) {
    if (e.t > t + 1e-9) break;
    if (e.phase === "up" || e.phase === "cancel") down.delete(e.id); else down.set(e.id, [e.x, e.y]);
  }
  return down;
}

let failures = 0;
function check(ok, what) { console.log(`${ok ? "ok  " : "FAIL"} ${what}`); if (!ok) failures += 1; }

async function main() {
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  await send("Page.enable", {}, sessionId);
  await send("Emulation.setDeviceMetricsOverride", { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false }, sessionId);
  const evaluate = async (expression) => {
    const r = await send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true }, sessionId);
    if (r.exceptionDetails) throw new Error(`${expression}: ${JSON.stringify(r.exceptionDetails)}`);
    return r.result.value;
  };
  // The browser brought up once before anything is timed: a page opened in a browser already
  // running, as a person opens one (a renderer process started for the first page alone cost it
  // 100-350 ms here).
  if (checks.length) {
    const loaded = event("Page.loadEventFired", sessionId);
    await send("Page.navigate", { url: "file://" + path.resolve(checks[0].page) }, sessionId);
    await loaded;
    for (let k = 0; k < 400 && !(await evaluate("window.touchView && touchView.ready")); k++) await sleep(25);
  }
  for (const c of checks) {
    const url = "file://" + path.resolve(c.page);
    if (c.bench) {
      await send("Page.navigate", { url }, sessionId);
      for (let k = 0; k < 400 && !(await evaluate("window.touchView && touchView.ready")); k++) await sleep(25);
      const b64 = fs.readFileSync(c.bench.trace).toString("base64"), name = path.basename(c.bench.trace);
      const result = await evaluate(`(async () => {
        const bytes = Uint8Array.from(atob("${b64}"), (c) => c.charCodeAt(0)), times = [];
        let r;
        for (let k = 0; k < ${c.bench.runs}; k++) {
          const t0 = performance.now();
          r = runTraceEngine(engine, { args: ["page/${name}"], folder: "page", files: { "${name}": bytes } });
          times.push(performance.now() - t0);
        }
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", r.stdout));
        return { times, status: r.status, sha256: [...digest].map((b) => b.toString(16).padStart(2, "0")).join("") };
      })()`);
      fs.writeFileSync(path.join(outdir, `${c.name}.json`), JSON.stringify(result));
      continue;
    }
    const trace = JSON.parse(fs.readFileSync(c.trace, "utf8"));
    const open = async (t) => {
      const loaded = event("Page.loadEventFired", sessionId);
      await send("Page.navigate", { url: "about:blank" }, sessionId);
      await send("Page.navigate", { url: `${url}#t=${t}` }, sessionId);
      await loaded;
      for (let k = 0; k < 200 && !(await evaluate("window.touchView && touchView.ready")); k++) await sleep(25);
      const error = await evaluate("touchView.error");
      if (error) throw new Error(`${c.name}: the page says: ${error}`);
    };
    await open(0);
    const first = await evaluate("touchView.firstFrameMs");
    check(first !== null && first < 500, `${c.name}: the first frame drawn ${first === null ? "never" : first.toFixed(0) + " ms"} after the page began to load (under 500 ms)`);
    const listed = await evaluate("[...document.querySelectorAll('#outputs li')].map((li) => li.dataset.type)");
    for (const type of c.outputs || []) check(listed.includes(type), `${c.name}: the outputs list a ${type} (listed: ${[...new Set(listed)].join(", ")})`);
    for (const a of c.at || []) {
      await open(a.t);
      const shot = await send("Page.captureScreenshot", { format: "png" }, sessionId);
      const png = Buffer.from(shot.data, "base64");
      fs.writeFileSync(path.join(outdir, `${c.name}-${a.t}.png`), png);
      const image = decodePNG(png);
      const box = await evaluate("(() => { const r = document.getElementById('surface').getBoundingClientRect(); return [r.left, r.top]; })()");
      const at = async (x, y) => { const [sx, sy] = await evaluate(`touchView.toScreen(${x}, ${y})`); return [box[0] + sx, box[1] + sy]; };
      if (a.contacts) {
        const down = contactsAt(trace, a.t);
        check(down.size > 0, `${c.name} at ${a.t} s: the trace has contacts down`);
        for (const [id, [x, y]] of down) {
          // Inside the disc, left of the contact's number.
          const [sx, sy] = await at(x, y), r = await evaluate("touchView.contactRadius"), p = image.pixel(sx - 0.65 * r, sy);
          check(p[0] < 80 && p[1] < 80 && p[2] < 80, `${c.name} at ${a.t} s: contact ${id} drawn at (${sx.toFixed(0)}, ${sy.toFixed(0)}) px, where the trace has it (pixel ${p})`);
        }
      }
      for (const [row, side, open] of [a.rowOpen && [...a.rowOpen, true], a.rowClosed !== undefined && [a.rowClosed, "trailing", false]].filter(Boolean)) {
        const L = trace.scene.list, y = L.top + (row + 0.5) * L.rowHeight, x = side === "trailing" ? L.left + L.width - 8 : L.left + 8;
        const [sx, sy] = await at(x, y), p = image.pixel(sx, sy);
        const white = p[0] > 245 && p[1] > 245 && p[2] > 245;
        check(open ? !white : white, `${c.name} at ${a.t} s: row ${row} ${open ? "slid open, its " + side + " actions showing" : "closed"} (pixel ${p} at ${sx.toFixed(0)}, ${sy.toFixed(0)})`);
      }
    }
    if (c.failure) {
      const [recognizer, reason, t] = c.failure;
      await open(t);
      const row = await evaluate(`(() => { const r = document.querySelector('#arena tr[data-recognizer="${recognizer}"]'); return r && [r.dataset.standing, r.querySelector('.why').textContent, r.children[1].textContent]; })()`);
      check(row && row[0] === "lost" && row[2] === "failed" && row[1].includes(reason), `${c.name} at ${t} s: ${recognizer} failed, the page saying why (${row && row.join(": ")}; expected "${reason}")`);
    }
    if (c.daemon) {
      // A trace the daemon saved: its bindings, and what each touch did with them, as the page says.
      await open(c.daemon.t);
      const said = await evaluate(`[document.getElementById("daemonPanel").hidden, [...document.querySelectorAll("#daemonBindings li")].map((li) => li.textContent),
        [...document.querySelectorAll("#daemonTouches li:not(.later)")].map((li) => li.textContent), touchView.commands()]`);
      check(!said[0] && said[1].length > 0, `${c.name}: the daemon's bindings shown (${said[1].join("; ")})`);
      for (const text of c.daemon.has) check(said[2].some((t) => t.includes(text)), `${c.name} at ${c.daemon.t} s: the page says "${text}" (${JSON.stringify(said[2])})`);
      check(said[3] === c.daemon.commands, `${c.name}: ${said[3]} commands ran (expected ${c.daemon.commands})`);
    }
    if (c.pick) {
      // Another trace, given to the page's file picker as a person would choose it.
      await open(0);
      const { root } = await send("DOM.getDocument", {}, sessionId);
      const { nodeId } = await send("DOM.querySelector", { nodeId: root.nodeId, selector: "#picker" }, sessionId);
      await send("DOM.setFileInputFiles", { nodeId, files: [path.resolve(c.pick.file)] }, sessionId);
      let said = "";
      for (let k = 0; k < 100 && !(said = await evaluate("touchView.error")); k++) await sleep(20);
      check(said.includes(c.pick.error), `${c.name}: ${path.basename(c.pick.file)} picked, the page says where it is wrong (${JSON.stringify(said.split("\n")[0])}; expected ${JSON.stringify(c.pick.error)})`);
    }
    if (c.change) {
      const { setting, value, gone, appeared } = c.change;
      await open(0);
      const ms = await evaluate(`(() => { const i = document.querySelector('#settings tr[data-name="${setting}"] input, #settings tr[data-name="${setting}"] select');
        i.value = ${JSON.stringify(String(value))}; const t0 = performance.now(); i.dispatchEvent(new Event('change', { bubbles: true })); return performance.now() - t0; })()`);
      const diff = await evaluate("[[...document.querySelectorAll('#outputs li.gone')].map((li) => li.dataset.type), [...document.querySelectorAll('#outputs li.appeared')].map((li) => li.dataset.type), touchView.error]");
      check(!diff[2], `${c.name}: ${setting} = ${value} is taken (${diff[2] || "no error"})`);
      for (const type of gone || []) check(diff[0].includes(type), `${c.name}: with ${setting} = ${value} the ${type} goes away (gone: ${diff[0].join(", ") || "none"})`);
      for (const type of appeared || []) check(diff[1].includes(type), `${c.name}: with ${setting} = ${value} a ${type} appears (appeared: ${diff[1].join(", ") || "none"})`);
      const runs = await evaluate("touchView.runMs");
      if (c.change.toml) {
        const toml = await evaluate("document.getElementById('copyToml').click(), document.getElementById('copied').value");
        check(toml === c.change.toml, `${c.name}: "copy as TOML" gives ${JSON.stringify(toml)} (expected ${JSON.stringify(c.change.toml)})`);
        const trace = await evaluate("document.getElementById('copyTrace').click(), document.getElementById('copied').value");
        check(trace === c.change.traceSettings, `${c.name}: "copy as trace settings" gives ${JSON.stringify(trace)} (expected ${JSON.stringify(c.change.traceSettings)})`);
      }
      console.log(`     ${c.name}: replayed again with the new setting in ${ms.toFixed(1)} ms, the page brought up to date with it (the engine's run and its lines read: ${runs.map((t) => t.toFixed(1)).join(", ")} ms)`);
    }
  }
}

main().then(() => 0, (e) => { console.error(`tools/view-test: ${e.message}\n${browserLog.slice(-2000)}`); return 2; }).then((status) => {
  // The profile is taken back once the browser has gone (it writes there until it exits).
  const exited = new Promise((resolve) => browser.once("exit", resolve));
  browser.kill();
  exited.then(() => {
    // Its helper processes may still be writing there for a moment: tried again, and what is
    // left is inside OUTDIR, which the caller removes.
    try { fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }); } catch {}
    process.exit(status || (failures ? 1 : 0));
  });
});
