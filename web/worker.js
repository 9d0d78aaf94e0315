// The handheld's CPU: MicroPython WebAssembly running the firmware's app.
//
// Page -> worker:  {type: "boot", files: {name: Uint8Array}, console}
//                      (the saved files; which of the browser's consoles)
//                  {type: "keys", bits}                      (buttons held)
//                  {type: "run", files: {path: text}, argv: [script, ...]}
//                      instead of booting the app: write the files, run the
//                      script on the firmware, its folder first on sys.path
//                      as on the unix port (the speed figures use it)
// Worker -> page:  {type: "frame", kind, y0, y1, data}       (a display update,
//                                                             base64 framebuffer)
//                  {type: "tick", status, ms, turn}           (after each step)
//                  {type: "files", put: {name: Uint8Array}, del: [name]}
//                  {type: "ready", bootMs}, {type: "error", text}
//                  {type: "out", line}, {type: "done", ok}    (for "run")
// Worker <-> the other tabs' workers: frames on the BroadcastChannel AIR
// (hal.weblink: each tab a console, this channel the radio between them).
//
// The app is stepped every POLL_MS from here (webmain.Runner.step), never
// looped inside Python: the heap is collected and messages arrive only
// when control is back in JavaScript.
import { loadMicroPython } from "./micropython.mjs";

const VERSION = new URL(import.meta.url).search;   // "?v=<build>" (host_tools/web/build.py)
const POLL_MS = 20;
const DATA = "/data";
const MIN_STEPS = 3;      // a press is held for at least this many steps
let keys = 0;             // buttons the page holds down
let sticky = 0;           // pressed, not yet seen by MIN_STEPS steps
const seenSteps = [0, 0, 0, 0, 0, 0, 0];
let step = null;
let FS = null;
let seen = new Map();     // saved file name -> "ino:mtime:size"

function post(msg, transfer) { self.postMessage(msg, transfer || []); }

// ---- the air between tabs (hal.weblink; Python calls these as webpage.air_*)
// A frame goes to every tab as {src, dst, data} (addresses in hex, the
// frame in base64); a tab keeps those addressed to it or to everyone.
const AIR = "pocket-rummikub-air";
const EVERYONE = "ffffffffffff";
const RX_FRAMES = 16;     // frames waiting to be read; more are dropped (a full receive buffer)
const ACK_MS = 3000;      // a tab heard this recently "acknowledges" (the channel tells nothing)
let air = null, me = null, radioOn = true, dropped = 0;
const inbox = [];
const heard = new Map();  // address -> when a frame from it last came

const airPort = {
  air_open(mac) {
    me = mac;
    if (air) return;
    air = new BroadcastChannel(AIR);
    air.onmessage = (e) => {
      const f = e.data;
      if (!f || typeof f.src !== "string" || typeof f.data !== "string") return;
      heard.set(f.src, performance.now());
      if ((f.dst !== me && f.dst !== EVERYONE) || !radioOn) return;
      if (inbox.length >= RX_FRAMES) { dropped++; return; }
      inbox.push(f.src + " " + f.data);
    };
  },
  air_send(dst, data) {
    air.postMessage({ src: me, dst, data });
    if (dst === EVERYONE) return true;
    const t = heard.get(dst);
    return t !== undefined && performance.now() - t < ACK_MS;
  },
  air_recv() { return inbox.length ? inbox.shift() : ""; },
  air_radio(on) { radioOn = !!on; },
  air_dropped() { return dropped; },
};

// The page gets one line (a Python error's last line: type and message),
// never a traceback; the console gets all of it.
function fail(what, e) {
  step = null;
  const text = String((e && e.message) || e).trim();
  console.error(what + ": " + text);
  const lines = text.split("\n");
  post({ type: "error", text: what + ": " + lines[lines.length - 1].trim() });
}

async function unpack(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error("could not load " + url + " (" + res.status + ")");
  const buf = await res.arrayBuffer();
  const n = new DataView(buf).getUint32(0, true);
  const man = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 4, n)));
  let off = 4 + n;
  for (const [path, size] of man.files) {
    const dir = "/fw/" + path.split("/").slice(0, -1).join("/");
    FS.mkdirTree(dir);
    FS.writeFile("/fw/" + path, new Uint8Array(buf, off, size));
    off += size;
  }
  return man;
}

function fileKey(name) {
  const st = FS.stat(DATA + "/" + name);
  return st.ino + ":" + st.mtime.valueOf() + ":" + st.size;
}

// Write-through: every saved file that changed since the last look.
function syncFiles() {
  const now = new Map();
  for (const name of FS.readdir(DATA)) {
    if (name !== "." && name !== "..") now.set(name, fileKey(name));
  }
  const put = {};
  const del = [];
  let any = false;
  for (const [name, key] of now) {
    if (seen.get(name) !== key) { put[name] = FS.readFile(DATA + "/" + name); any = true; }
  }
  for (const name of seen.keys()) {
    if (!now.has(name)) { del.push(name); any = true; }
  }
  seen = now;
  if (any) post({ type: "files", put, del });
}

function loop() {
  if (!step) return;
  const t0 = performance.now();
  let status;
  try {
    status = step(keys | sticky);
  } catch (e) {
    fail("The game stopped", e);
    return;
  }
  const ms = performance.now() - t0;
  for (let b = 0; b < 7; b++) {
    // a tap shorter than the debounce, or made during a long step, still counts
    if (sticky & (1 << b) && ++seenSteps[b] >= MIN_STEPS && !(keys & (1 << b))) sticky &= ~(1 << b);
  }
  try { syncFiles(); } catch (e) { fail("Saving failed", e); return; }
  post({ type: "tick", status, ms });
  setTimeout(loop, POLL_MS);
}

async function loadFirmware(stdout, stderr) {
  const mp = await loadMicroPython({ heapsize: 2 * 1024 * 1024, stdout, stderr,
                                    url: new URL("micropython.wasm" + VERSION, import.meta.url).href });
  FS = mp.FS;
  const man = await unpack("firmware.pack" + VERSION);
  return [mp, man];
}

async function run(files, argv) {
  const [mp] = await loadFirmware((line) => post({ type: "out", line }),
                                  (line) => post({ type: "out", line }));
  for (const [path, text] of Object.entries(files)) {
    FS.mkdirTree(path.split("/").slice(0, -1).join("/") || "/");
    FS.writeFile(path, text);
  }
  let ok = true;
  try {
    const dir = argv[0].split("/").slice(0, -1).join("/") || "/";
    mp.runPython("import sys\nsys.path[:] = " + JSON.stringify([dir, "/fw"]) +
                 "\nsys.argv[:] = " + JSON.stringify(argv) + "\n");
    mp.runPython(files[argv[0]]);
  } catch (e) {
    ok = false;
    post({ type: "out", line: String(e.message || e) });
  }
  post({ type: "done", ok });
}

async function boot(files, consoleNo) {
  const t0 = performance.now();
  const [mp, man] = await loadFirmware((line) => console.log(line), (line) => console.warn(line));
  FS.mkdirTree(DATA);
  for (const [name, bytes] of Object.entries(files || {})) {
    FS.writeFile(DATA + "/" + name, bytes);
  }
  for (const name of FS.readdir(DATA)) {
    if (name !== "." && name !== "..") seen.set(name, fileKey(name));
  }
  mp.registerJsModule("webpage", Object.assign({
    show: (kind, y0, y1, data) => post({ type: "frame", kind, y0, y1, data }),
  }, airPort));
  mp.runPython(
    "import sys\nsys.path[:] = ['/fw']\nimport webpage, webmain\n" +
    "_runner = webmain.Runner('" + DATA + "', webpage.show, webpage, console=" + (consoleNo | 0 || 1) +
    ")\n_step = _runner.step\n");
  step = mp.globals.get("_step");
  post({ type: "ready", bootMs: performance.now() - t0, version: man.version });
  loop();
}

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === "keys") {
    const pressed = m.bits & ~keys;
    for (let b = 0; b < 7; b++) {
      if (pressed & (1 << b)) { sticky |= 1 << b; seenSteps[b] = 0; }
    }
    keys = m.bits;
  } else if (m.type === "run") {
    run(m.files, m.argv).catch((err) => fail("Could not run", err));
  } else if (m.type === "boot") {
    boot(m.files, m.console).catch((err) => fail("Could not start", err));
  }
};
