// The WebAssembly host of `touchtrace view`'s page: the seventeen WASI (preview 1) calls the engine
// (tools/wasm) makes, over files held in memory. A browser has no WASI of its own; this gives the
// program its arguments, one folder of files it may read, and standard output and error as
// bytes. tools/wasm-test runs it under Node on every golden trace and holds its output to
// `touchtrace replay --json`, byte for byte, as it does the toolchain's wasmkit.
//
//   const result = runTraceEngine(module, { args: ["--explain", "t/x.json"], folder: "t",
//                                           files: { "x.json": bytes } });
//   // { status, stdout: Uint8Array, stderr: Uint8Array }
//
// Nothing here is written: the engine reads a trace and writes to its two outputs.
"use strict";

const ERRNO = { success: 0, badf: 8, inval: 28, noent: 44, notdir: 54, spipe: 70 };
const FILETYPE = { characterDevice: 2, directory: 3, regularFile: 4 };

class ProgramExit {
  constructor(status) { this.status = status; }
}

function concatenate(chunks) {
  let n = 0;
  for (const c of chunks) n += c.length;
  const all = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) { all.set(c, at); at += c.length; }
  return all;
}

/// Runs `module` (a compiled WebAssembly.Module of the engine) once: its status and output.
function runTraceEngine(module, { args, folder, files }) {
  const encoder = new TextEncoder();
  const argv = ["touchtrace-view.wasm", ...args].map((a) => encoder.encode(a + "\0"));
  const folderName = encoder.encode(folder);
  const out = { 1: [], 2: [] };
  // Open descriptors: 3 is the folder; files opened from it take 4, 5, …
  const open = new Map([[3, { directory: true }]]);
  let nextFd = 4;
  let memory;
  const view = () => new DataView(memory.buffer);
  const bytes = () => new Uint8Array(memory.buffer);
  const text = (ptr, len) => new TextDecoder().decode(bytes().subarray(ptr, ptr + len));
  const lookUp = (name) => {
    const clean = name.replace(/^(\.\/)+/, "");
    return Object.prototype.hasOwnProperty.call(files, clean) ? files[clean] : undefined;
  };
  const writeFilestat = (ptr, type, size) => {
    const v = view();
    for (let k = 0; k < 64; k += 8) v.setBigUint64(ptr + k, 0n, true);
    v.setUint8(ptr + 16, type);
    v.setBigUint64(ptr + 24, 1n, true);
    v.setBigUint64(ptr + 32, BigInt(size), true);
  };
  const gather = (iovs, count, each) => {
    const v = view();
    let total = 0;
    for (let k = 0; k < count; k++) {
      const buf = v.getUint32(iovs + 8 * k, true), len = v.getUint32(iovs + 8 * k + 4, true);
      const n = each(buf, len);
      total += n;
      if (n < len) break;
    }
    return total;
  };
  const readInto = (file, position, iovs, count) =>
    gather(iovs, count, (buf, len) => {
      const n = Math.max(0, Math.min(len, file.length - position));
      bytes().set(file.subarray(position, position + n), buf);
      position += n;
      return n;
    });

  const wasi = {
    args_sizes_get(countPtr, sizePtr) {
      const v = view();
      v.setUint32(countPtr, argv.length, true);
      v.setUint32(sizePtr, argv.reduce((n, a) => n + a.length, 0), true);
      return ERRNO.success;
    },
    // No environment: the daemon's rules look for XDG_STATE_HOME and the like, and find none.
    environ_sizes_get(countPtr, sizePtr) {
      const v = view();
      v.setUint32(countPtr, 0, true);
      v.setUint32(sizePtr, 0, true);
      return ERRNO.success;
    },
    environ_get() { return ERRNO.success; },
    args_get(argvPtr, bufPtr) {
      const v = view();
      argv.forEach((a, k) => {
        v.setUint32(argvPtr + 4 * k, bufPtr, true);
        bytes().set(a, bufPtr);
        bufPtr += a.length;
      });
      return ERRNO.success;
    },
    fd_prestat_get(fd, ptr) {
      if (fd !== 3) return ERRNO.badf;
      const v = view();
      v.setUint8(ptr, 0);
      v.setUint32(ptr + 4, folderName.length, true);
      return ERRNO.success;
    },
    fd_prestat_dir_name(fd, ptr, len) {
      if (fd !== 3) return ERRNO.badf;
      bytes().set(folderName.subarray(0, len), ptr);
      return ERRNO.success;
    },
    fd_fdstat_get(fd, ptr) {
      const entry = open.get(fd);
      if (!entry && fd > 2) return ERRNO.badf;
      const v = view();
      const type = fd <= 2 ? FILETYPE.characterDevice : entry.directory ? FILETYPE.directory : FILETYPE.regularFile;
      v.setUint8(ptr, type);
      v.setUint16(ptr + 2, 0, true);
      v.setBigUint64(ptr + 8, 0xffffffffffffffffn, true);
      v.setBigUint64(ptr + 16, 0xffffffffffffffffn, true);
      return ERRNO.success;
    },
    fd_filestat_get(fd, ptr) {
      const entry = open.get(fd);
      if (!entry) return fd <= 2 ? (writeFilestat(ptr, FILETYPE.characterDevice, 0), ERRNO.success) : ERRNO.badf;
      writeFilestat(ptr, entry.directory ? FILETYPE.directory : FILETYPE.regularFile, entry.directory ? 0 : entry.file.length);
      return ERRNO.success;
    },
    path_filestat_get(fd, flags, pathPtr, pathLen, ptr) {
      if (fd !== 3) return ERRNO.badf;
      const name = text(pathPtr, pathLen);
      if (name === "." || name === "") { writeFilestat(ptr, FILETYPE.directory, 0); return ERRNO.success; }
      const file = lookUp(name);
      if (!file) return ERRNO.noent;
      writeFilestat(ptr, FILETYPE.regularFile, file.length);
      return ERRNO.success;
    },
    path_open(fd, dirflags, pathPtr, pathLen, oflags, rightsBase, rightsInheriting, fdflags, fdPtr) {
      if (fd !== 3) return ERRNO.badf;
      const name = text(pathPtr, pathLen);
      if (name === "." || name === "") {
        open.set(nextFd, { directory: true });
      } else {
        const file = lookUp(name);
        if (!file) return ERRNO.noent;
        if (oflags & 2) return ERRNO.notdir;   // O_DIRECTORY asked of a file
        open.set(nextFd, { file, position: 0 });
      }
      view().setUint32(fdPtr, nextFd, true);
      nextFd += 1;
      return ERRNO.success;
    },
    fd_read(fd, iovs, count, nreadPtr) {
      const entry = open.get(fd);
      if (fd === 0) { view().setUint32(nreadPtr, 0, true); return ERRNO.success; }
      if (!entry || entry.directory) return ERRNO.badf;
      const n = readInto(entry.file, entry.position, iovs, count);
      entry.position += n;
      view().setUint32(nreadPtr, n, true);
      return ERRNO.success;
    },
    fd_pread(fd, iovs, count, offset, nreadPtr) {
      const entry = open.get(fd);
      if (!entry || entry.directory) return ERRNO.badf;
      view().setUint32(nreadPtr, readInto(entry.file, Number(offset), iovs, count), true);
      return ERRNO.success;
    },
    fd_seek(fd, offset, whence, resultPtr) {
      const entry = open.get(fd);
      if (!entry) return fd <= 2 ? ERRNO.spipe : ERRNO.badf;
      if (entry.directory) return ERRNO.badf;
      const base = whence === 0 ? 0 : whence === 1 ? entry.position : entry.file.length;
      const position = base + Number(offset);
      if (position < 0) return ERRNO.inval;
      entry.position = position;
      view().setBigUint64(resultPtr, BigInt(position), true);
      return ERRNO.success;
    },
    fd_write(fd, iovs, count, nwrittenPtr) {
      if (fd !== 1 && fd !== 2) return ERRNO.badf;
      const n = gather(iovs, count, (buf, len) => {
        out[fd].push(bytes().slice(buf, buf + len));
        return len;
      });
      view().setUint32(nwrittenPtr, n, true);
      return ERRNO.success;
    },
    fd_close(fd) {
      if (!open.delete(fd)) return ERRNO.badf;
      return ERRNO.success;
    },
    random_get(ptr, len) {
      crypto.getRandomValues(bytes().subarray(ptr, ptr + len));
      return ERRNO.success;
    },
    proc_exit(status) { throw new ProgramExit(status); },
  };

  const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi });
  memory = instance.exports.memory;
  let status = 0;
  try {
    instance.exports._start();
  } catch (e) {
    if (!(e instanceof ProgramExit)) throw e;
    status = e.status;
  }
  return { status, stdout: concatenate(out[1]), stderr: concatenate(out[2]) };
}

if (typeof module !== "undefined") module.exports = { runTraceEngine };
