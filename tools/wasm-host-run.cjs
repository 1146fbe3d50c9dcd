// tools/wasm-test's driver for the page's WebAssembly host (Sources/TouchViewWasm/wasi-host.js)
// under Node: replays each trace with the engine, with and without --explain, and writes what it
// printed and its status into OUTDIR, as K.out, K.err and K.status (K counting from 1, the
// traces in the order given, each without --explain, then with it, then with --view: what the
// page draws, Sources/TouchViewWasm/ViewMode.swift).
//
//   node tools/wasm-host-run.cjs ENGINE.wasm OUTDIR TRACE...
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { runTraceEngine } = require("../Sources/TouchViewWasm/wasi-host.js");
// A browser's Web Crypto, which Node before 19 keeps off the global object.
globalThis.crypto ??= require("node:crypto").webcrypto;

const [wasmPath, outdir, ...traces] = process.argv.slice(2);
const engine = new WebAssembly.Module(fs.readFileSync(wasmPath));
let k = 0;
for (const trace of traces) {
  const folder = path.dirname(trace);
  // A trace that is not there is a folder without it: the engine says so, as touchtrace does.
  const files = fs.existsSync(trace) ? { [path.basename(trace)]: new Uint8Array(fs.readFileSync(trace)) } : {};
  for (const explain of [[], ["--explain"], ["--view"]]) {
    k += 1;
    const r = runTraceEngine(engine, { args: [...explain, trace], folder, files });
    fs.writeFileSync(path.join(outdir, `${k}.out`), r.stdout);
    fs.writeFileSync(path.join(outdir, `${k}.err`), r.stderr);
    fs.writeFileSync(path.join(outdir, `${k}.status`), `${r.status}\n`);
  }
}
