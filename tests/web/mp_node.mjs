// Run a MicroPython script on the WebAssembly port under node (the runtime
// the web page uses), with folders copied into its in-memory filesystem.
//
//   node tests/web/mp_node.mjs [--heap 8m] [--path DIR]... SCRIPT [ARG...]
//
// Each DIR (relative to the repository, or absolute) is copied to the same
// place in its filesystem (under / if relative) and put on sys.path in the order given; SCRIPT runs as __main__ with
// sys.argv = [SCRIPT, ARG...].  Exit status: 0, or 1 on an uncaught
// exception or SystemExit(n != 0).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PKG = path.join(ROOT, "web/node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs");

function parseSize(s) {
  const m = /^(\d+)([km]?)$/i.exec(s);
  if (!m) throw new Error("bad size " + s);
  return parseInt(m[1], 10) * ({ "": 1, k: 1024, m: 1048576 })[m[2].toLowerCase()];
}

function copyTree(FS, src, dst) {
  try { FS.mkdirTree(dst); } catch (e) { /* exists */ }
  for (const name of fs.readdirSync(src)) {
    const s = path.join(src, name);
    const st = fs.statSync(s);
    if (st.isDirectory()) {
      if (name !== "__pycache__") copyTree(FS, s, dst + "/" + name);
    } else if (name.endsWith(".py")) {
      FS.writeFile(dst + "/" + name, fs.readFileSync(s));
    }
  }
}

const args = process.argv.slice(2);
let heap = 8 * 1048576;
const paths = [];
while (args.length && args[0].startsWith("--")) {
  const opt = args.shift();
  if (opt === "--heap") heap = parseSize(args.shift());
  else if (opt === "--path") paths.push(args.shift());
  else { console.error("mp_node: unknown option " + opt); process.exit(2); }
}
if (!args.length) { console.error("usage: mp_node.mjs [--heap N] [--path DIR]... SCRIPT [ARG...]"); process.exit(2); }
if (!fs.existsSync(PKG)) { console.error("mp_node: " + PKG + " missing (run npm ci in web/)"); process.exit(2); }

const { loadMicroPython } = await import(PKG);
const mp = await loadMicroPython({
  heapsize: heap,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
const inFs = (p) => (path.isAbsolute(p) ? p : "/" + p);
for (const p of paths) copyTree(mp.FS, path.resolve(ROOT, p), inFs(p));
const script = args[0];
const src = fs.readFileSync(path.resolve(ROOT, script), "utf8");
mp.FS.mkdirTree("/tmp");
mp.runPython("import sys\nsys.path[:] = " + JSON.stringify(["", ...paths.map(inFs)]) +
  "\nsys.argv[:] = " + JSON.stringify(args) + "\n__file__ = " + JSON.stringify(inFs(script)) + "\n");
let status = 0;
try {
  mp.runPython(src);
} catch (e) {
  if (e.name !== "PythonError") throw e;
  if (e.type === "SystemExit") {
    const m = /(\d+)\s*$/.exec(e.message);
    status = m && m[1] !== "0" ? 1 : 0;
  } else {
    process.stderr.write(e.message);
    status = 1;
  }
}
process.exit(status);
