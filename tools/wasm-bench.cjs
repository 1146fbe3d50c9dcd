// tools/wasm-bench's timer for the page's engine under Node (V8, Chromium's engine): compiles the
// engine once, then replays TRACE RUNS times through the page's host (wasi-host.js), output kept
// in memory as the page keeps it. Prints the compile time and each replay's milliseconds, and
// writes the last replay's output to OUT.
//
//   node tools/wasm-bench.cjs ENGINE.wasm TRACE RUNS OUT
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { runTraceEngine } = require("../Sources/TouchViewWasm/wasi-host.js");
globalThis.crypto ??= require("node:crypto").webcrypto;

const [wasmPath, trace, runs, outPath] = process.argv.slice(2);
const bytes = fs.readFileSync(wasmPath);
let t = performance.now();
const engine = new WebAssembly.Module(bytes);
console.log(`compile ${(performance.now() - t).toFixed(1)}`);
const files = { [path.basename(trace)]: new Uint8Array(fs.readFileSync(trace)) };
for (let k = 0; k < Number(runs); k++) {
  t = performance.now();
  const r = runTraceEngine(engine, { args: [trace], folder: path.dirname(trace), files });
  const ms = performance.now() - t;
  if (r.status !== 0) { process.stderr.write(r.stderr); process.exit(1); }
  console.log(`replay ${ms.toFixed(1)} ${r.stdout.length}`);
  if (k === Number(runs) - 1) fs.writeFileSync(outPath, r.stdout);
}
