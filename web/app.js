// The page: the glass (canvas), the buttons, the saves.  The app itself runs
// in worker.js; this file only shows its frames, plays the e-ink refresh
// (timing and flashing, in JavaScript) and feeds it the buttons.
//
// For tests and the curious: window.prk = {status, frames, shown, stats,
// bootMs, firstFrameMs (the first frame arrived), firstShownMs (its refresh
// ended), store, scale, console (which of this browser's consoles the tab
// is)}; <body data-state> is loading | running |
// error | nowasm, data-screen the app's top screen, data-input the input
// last used (keys | touch: which help shows).
const W = 400, H = 300, SCALE = 2;   // SCALE: canvas pixels per e-ink pixel when not whole
// Whole device pixels per e-ink pixel (every pixel the same size: no uneven
// stripes) when that keeps at least this share of the room the layout gives
// the glass; a touch screen always fills its room (its pixels are dense
// and its room small).
const MIN_WHOLE = 0.75;
const BUTTONS = ["up", "down", "left", "right", "a", "b", "start"];
const KEYMAP = {
  ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
  z: "a", Z: "a", Enter: "a", x: "b", X: "b", Backspace: "b", " ": "start",
};
const MIN_HOLD_MS = 80;          // a tap stays down this long: the debounce sees it
const BUSY_AFTER_MS = 250;       // no step answer for this long: show "working"
// refresh timing (ms) as the emulator has it (host_tools/emulator/ssd1683_sim.py)
const LATENCY = { full: 3000, fast: 1200, partial: 400 };
const PAPER = [226, 224, 214], INK = [34, 34, 34];
const DB_STORE = "files";
let DB_NAME = "pocket-rummikub", LS_PREFIX = "pocket-rummikub:";   // console 1's (consoleNames)
const EXPORT_FORMAT = "pocket-rummikub-saves";
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;   // a name the game gives a file
const ASIDE = "aside:";          // a stored entry the game cannot use, kept under this prefix
const LOADING = "Loading...";
const VERSION = new URL(import.meta.url).search;   // "?v=<build>" (host_tools/web/build.py)

const prk = window.prk = { status: "", frames: 0, shown: 0, stats: { steps: 0, uiMax: 0, turnMax: 0, turnSteps: 0, slow: [] },
                           bootMs: null, firstFrameMs: null, firstShownMs: null, store: null, errors: [] };
const t0 = performance.now();
const body = document.body;
const msg = document.getElementById("message");
const canvas = document.getElementById("screen");
const ctx = canvas.getContext("2d");
const busyEl = document.getElementById("busy");
const params = new URLSearchParams(location.search);
const einkBox = document.getElementById("eink");
// e-ink timing (each cursor move waits for the simulated refresh): on with
// a mouse, off on a touch screen; ?eink=on|off and the checkbox decide too
const TOUCH = matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0;
einkBox.checked = params.has("eink") ? params.get("eink") !== "off" : !TOUCH;
const COARSE = matchMedia("(pointer: coarse)").matches;   // the main pointer is a finger

function say(text, state) {
  msg.textContent = text;
  if (state) body.dataset.state = state;
}

// ---- the glass -------------------------------------------------------------
const glass = document.createElement("canvas");
glass.width = W; glass.height = H;
const gctx = glass.getContext("2d");
const img = gctx.createImageData(W, H);

// The canvas in its room (#glass): k whole device pixels per e-ink pixel
// (k = the most that fits) if that keeps MIN_WHOLE of the room and this is
// not a touch screen, else the canvas fills the room at SCALE.
const room = document.getElementById("glass");
let shownBits = null, shownInvert = false, shownSolid;

function fit() {
  const box = room.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  const s = Math.min(box.width * dpr / W, box.height * dpr / H);
  const k = Math.floor(s + 1e-6);
  const whole = !COARSE && k >= 1 && k / s >= MIN_WHOLE;
  const px = whole ? k : SCALE;
  if (canvas.width !== W * px) { canvas.width = W * px; canvas.height = H * px; }
  canvas.classList.toggle("whole", whole);
  canvas.style.width = whole ? (W * k / dpr) + "px" : "";
  canvas.style.height = whole ? (H * k / dpr) + "px" : "";
  // centred on a device pixel's edge (plain centring can leave it half
  // way across one, and the browser then blurs or shifts every pixel)
  let left = "", top = "";
  if (whole) {
    const x0 = box.left + window.scrollX, y0 = box.top + window.scrollY;
    left = (Math.round((x0 + (box.width - W * k / dpr) / 2) * dpr) / dpr - x0) + "px";
    top = (Math.round((y0 + (box.height - H * k / dpr) / 2) * dpr) / dpr - y0) + "px";
  }
  canvas.style.left = left;
  canvas.style.top = top;
  prk.scale = { k: whole ? k : s, whole, dpr, room: [box.width, box.height] };
  if (shownBits) paint(shownBits, shownInvert, shownSolid);
}
new ResizeObserver(fit).observe(room);
window.addEventListener("resize", fit);     // a new devicePixelRatio (zoom) resizes nothing

function paint(bits, invert, solid) {
  shownBits = bits; shownInvert = invert; shownSolid = solid;
  const d = img.data;
  for (let y = 0, i = 0; y < H; y++) {
    for (let x = 0; x < W; x++, i += 4) {
      let white;
      if (solid !== undefined) white = solid;
      else white = (bits[y * 50 + (x >> 3)] >> (7 - (x & 7))) & 1;
      if (invert) white ^= 1;
      const c = white ? PAPER : INK;
      d[i] = c[0]; d[i + 1] = c[1]; d[i + 2] = c[2]; d[i + 3] = 255;
    }
  }
  gctx.putImageData(img, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(glass, 0, 0, canvas.width, canvas.height);
}

function decode(b64) {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

// The panel: one refresh at a time; what arrives meanwhile is merged into
// one pending refresh (the strongest kind, the newest picture).
const RANK = { partial: 0, fast: 1, full: 2 };
let refreshing = false, pending = null;

function refresh(frame) {
  if (refreshing) {
    if (!pending || RANK[frame.kind] >= RANK[pending.kind]) pending = frame;
    else pending = Object.assign({}, frame, { kind: pending.kind });
    return;
  }
  refreshing = true;
  const bits = decode(frame.data);
  const steps = [];          // [at ms, draw()]
  const eink = einkBox.checked;
  const total = eink ? LATENCY[frame.kind] : 0;
  if (eink && frame.kind === "full") {
    steps.push([0, () => paint(bits, false, 0)], [500, () => paint(bits, false, 1)],
               [1000, () => paint(bits, true)], [1500, () => paint(bits, false, 0)],
               [2000, () => paint(bits, false, 1)]);
  } else if (eink && frame.kind === "fast") {
    steps.push([0, () => paint(bits, true)]);
  }
  const showAt = eink ? Math.round(total * (frame.kind === "full" ? 0.85 : 0.5)) : 0;
  steps.push([showAt, () => {
    paint(bits, false);
    prk.shown++;
    if (prk.firstShownMs === null) prk.firstShownMs = performance.now() - t0;
    body.dataset.shown = prk.shown;
  }]);
  for (const [at, fn] of steps) setTimeout(fn, at);
  setTimeout(() => {
    refreshing = false;
    const next = pending;
    pending = null;
    if (next) refresh(next);
  }, Math.max(total, showAt));
}

// ---- buttons ---------------------------------------------------------------
let down = 0;                      // bits held now
const since = new Array(7).fill(0);
let worker = null;

function sendKeys() { if (worker) worker.postMessage({ type: "keys", bits: down }); }

function press(name) {
  const b = BUTTONS.indexOf(name);
  if (down & (1 << b)) return;
  down |= 1 << b;
  since[b] = performance.now();
  sendKeys();
}

function release(name) {
  const b = BUTTONS.indexOf(name);
  const wait = since[b] + MIN_HOLD_MS - performance.now();
  const up = () => { down &= ~(1 << b); sendKeys(); };
  if (wait > 0) setTimeout(up, wait); else up();
}

window.addEventListener("keydown", (e) => {
  const name = KEYMAP[e.key];
  if (!name || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  body.dataset.input = "keys";
  if (!e.repeat) press(name);
});
window.addEventListener("keyup", (e) => {
  const name = KEYMAP[e.key];
  if (!name) return;
  e.preventDefault();
  release(name);
});
window.addEventListener("blur", () => { for (const n of BUTTONS) if (down & (1 << BUTTONS.indexOf(n))) release(n); });

for (const el of document.querySelectorAll("#pad button")) {
  const name = el.dataset.key;
  const up = (e) => {
    if (!el.classList.contains("down-now")) return;
    el.classList.remove("down-now");
    release(name);
  };
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    if (e.pointerType === "touch") body.dataset.input = "touch";
    el.setPointerCapture(e.pointerId);
    el.classList.add("down-now");
    press(name);
  });
  el.addEventListener("pointerup", up);
  el.addEventListener("pointercancel", up);
  el.addEventListener("lostpointercapture", up);
  el.addEventListener("contextmenu", (e) => e.preventDefault());
}

// ---- saves: IndexedDB, else localStorage, else this page only ----------------
function idbStore() {
  return new Promise((resolve, reject) => {
    let req;
    try { req = indexedDB.open(DB_NAME, 1); } catch (e) { reject(e); return; }
    req.onupgradeneeded = () => req.result.createObjectStore(DB_STORE);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("storage blocked"));
    req.onsuccess = () => {
      const db = req.result;
      const tx = (mode, fn) => new Promise((res, rej) => {
        const t = db.transaction(DB_STORE, mode);
        const out = fn(t.objectStore(DB_STORE));
        t.oncomplete = () => res(out && out.result);
        t.onerror = () => rej(t.error);
        t.onabort = () => rej(t.error || new Error("storage write aborted"));
      });
      resolve({
        kind: "IndexedDB",
        asideNow: [],
        async all() {
          const raw = {};
          await new Promise((res, rej) => {
            const t = db.transaction(DB_STORE, "readonly");
            const cur = t.objectStore(DB_STORE).openCursor();
            cur.onsuccess = () => {
              const c = cur.result;
              if (c) { raw[c.key] = c.value; c.continue(); } else res();
            };
            cur.onerror = () => rej(cur.error);
          });
          return sortOut(this, raw, (v) => {
            if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) return new Uint8Array(v.buffer || v, v.byteOffset || 0, v.byteLength);
            throw new Error("not bytes");
          });
        },
        setAside(key, value) {
          return tx("readwrite", (s) => { s.put(value, ASIDE + key); s.delete(key); });
        },
        write(put, del) {
          return tx("readwrite", (s) => {
            for (const [k, v] of Object.entries(put)) s.put(v, k);
            for (const k of del) s.delete(k);
          });
        },
        clear() { return tx("readwrite", (s) => { s.clear(); }); },
      });
    };
  });
}

function b64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function lsStore() {
  const ls = window.localStorage;
  ls.setItem(LS_PREFIX + "probe", "1");
  ls.removeItem(LS_PREFIX + "probe");
  const keys = () => Object.keys(ls).filter((k) => k.startsWith(LS_PREFIX));
  return {
    kind: "localStorage",
    asideNow: [],
    async all() {
      const raw = {};
      for (const k of keys()) raw[k.slice(LS_PREFIX.length)] = ls.getItem(k);
      return sortOut(this, raw, decode);
    },
    async setAside(key, value) {
      ls.setItem(LS_PREFIX + ASIDE + key, value);
      ls.removeItem(LS_PREFIX + key);
    },
    async write(put, del) {
      for (const [k, v] of Object.entries(put)) ls.setItem(LS_PREFIX + k, b64(v));
      for (const k of del) ls.removeItem(LS_PREFIX + k);
    },
    async clear() { for (const k of keys()) ls.removeItem(k); },
  };
}

// The saved files a store holds, each read with bytes(value): an entry
// whose name is no file name of the game's or whose value does not read
// is set aside under ASIDE + its name (kept, never again read as a file)
// and listed in store.asideNow, so the game starts with all the others.
function sortOut(store, raw, bytes) {
  const files = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k.startsWith(ASIDE)) continue;
    let why = null;
    if (!FILE_NAME.test(k)) why = "not a file name";
    else {
      try { files[k] = bytes(v); } catch (e) { why = "does not read (" + (e.message || e) + ")"; }
    }
    if (why) {
      store.asideNow.push(JSON.stringify(k) + " " + why);
      Promise.resolve().then(() => store.setAside(k, v)).catch((e) => console.warn("could not set aside " + k + ": " + e));
    }
  }
  return files;
}

function memoryStore() {
  let files = {};
  return {
    kind: "none",
    async all() { return Object.assign({}, files); },
    async write(put, del) { Object.assign(files, put); for (const k of del) delete files[k]; },
    async clear() { files = {}; },
  };
}

async function openStore() {
  if (params.get("storage") !== "local") {
    try { return await idbStore(); } catch (e) { /* private mode or blocked: try the next */ }
  }
  try { return lsStore(); } catch (e) { /* blocked too */ }
  return memoryStore();
}

let store = null;
let writes = Promise.resolve();

function saveFiles(put, del) {
  writes = writes.then(() => store.write(put, del)).catch((e) => {
    say("Could not save in this browser (" + (e.message || e) + "): export your saves to keep them.");
  });
}

// ---- the worker --------------------------------------------------------------
let lastTick = performance.now();
let turn = null;

function onMessage(e) {
  const m = e.data;
  if (m.type === "frame") {
    prk.frames++;
    if (prk.firstFrameMs === null) prk.firstFrameMs = performance.now() - t0;
    refresh(m);
  } else if (m.type === "tick") {
    lastTick = performance.now();
    const [screen, t, asleep] = m.status.split(" ");
    prk.status = m.status;
    body.dataset.screen = screen;
    body.dataset.asleep = asleep;
    const s = prk.stats;
    s.steps++;
    const turned = turn !== null && t !== turn;
    if (turned) { s.turnSteps++; s.turnMax = Math.max(s.turnMax, m.ms); }
    else s.uiMax = Math.max(s.uiMax, m.ms);
    if (m.ms > 100 && s.slow.length < 50) s.slow.push([m.status, Math.round(m.ms), turned]);
    turn = t;
  } else if (m.type === "files") {
    saveFiles(m.put, m.del);
  } else if (m.type === "ready") {
    prk.bootMs = performance.now() - t0;
    prk.version = m.version;
    body.dataset.state = "running";
    if (store.kind === "none") say("This browser blocks storage here (private mode?): the game cannot be kept after you close the page.");
    else if (msg.textContent === LOADING) say("");
  } else if (m.type === "error") {
    prk.errors.push(m.text);
    say(m.text + " - your saves are kept; reload the page to go on.", "error");
  }
}

setInterval(() => {
  busyEl.hidden = !(body.dataset.state === "running" && performance.now() - lastTick > BUSY_AFTER_MS);
}, 100);

async function start() {
  if (worker) worker.terminate();
  turn = null;
  body.dataset.state = "loading";
  const files = await store.all();
  if (store.asideNow && store.asideNow.length) {
    const n = store.asideNow.length;
    prk.aside = (prk.aside || []).concat(store.asideNow);
    say("Set aside " + n + " stored entr" + (n === 1 ? "y" : "ies") + " the game cannot use ("
        + store.asideNow.join("; ") + "); every other save is kept.");
    store.asideNow = [];
  }
  worker = new Worker("worker.js" + VERSION, { type: "module" });
  worker.onmessage = onMessage;
  worker.onerror = (e) => say("The game could not start: " + (e.message || "worker error"), "error");
  worker.postMessage({ type: "boot", files, console: prk.console });
}

// ---- export / import ---------------------------------------------------------
document.getElementById("export").addEventListener("click", async () => {
  await writes;
  const files = await store.all();
  const out = { format: EXPORT_FORMAT, version: 1, files: {} };
  for (const [k, v] of Object.entries(files)) out.files[k] = b64(v);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([JSON.stringify(out, null, 1)], { type: "application/json" }));
  a.download = "pocket-rummikub-saves.json";
  document.body.appendChild(a);
  a.click();
  a.remove();
  say("Exported " + Object.keys(files).length + " files.");
});

function parseExport(text) {
  let data;
  try { data = JSON.parse(text); } catch (e) { throw new Error("not a saves file (not JSON)"); }
  if (!data || data.format !== EXPORT_FORMAT || typeof data.files !== "object") {
    throw new Error("not a Pocket Rummikub saves file");
  }
  const files = {};
  for (const [k, v] of Object.entries(data.files)) {
    if (!FILE_NAME.test(k) || typeof v !== "string") throw new Error("bad file name " + JSON.stringify(k));
    try { files[k] = decode(v); } catch (e) { throw new Error("file " + k + " is damaged"); }
    if (files[k].length > 256 * 1024) throw new Error("file " + k + " is too big");
  }
  return files;
}

document.getElementById("import").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  e.target.value = "";
  if (!f) return;
  let files;
  try {
    files = parseExport(await f.text());
  } catch (err) {
    say("Import refused: " + err.message + ". Nothing was changed.");
    return;
  }
  await writes;
  await store.clear();
  await store.write(files, []);
  say("Imported " + Object.keys(files).length + " files; the game starts again.");
  start();
});

// ---- which console this tab is ---------------------------------------------------
// Every tab of the page is a console of its own, with its own saves and its
// own address on the air between tabs (worker.js): consoles at one table.
// The first tab open is console 1 (the saves the page always had), a second
// tab open beside it console 2, and so on.  A tab holds its console by a Web
// Lock while it is open and asks for the same one after a reload
// (sessionStorage); ?console=N asks for console N.  A browser without Web
// Locks (a page not served from https or localhost) has console 1 in every
// tab unless ?console= says otherwise: tabs then share their saves.
const CONSOLES = 8;
const LOCK = "pocket-rummikub-console-";
const TAB_KEY = "pocket-rummikub:console";

function holdLock(n, waitMs) {
  return new Promise((resolve) => {
    const opts = waitMs ? { signal: AbortSignal.timeout(waitMs) } : { ifAvailable: true };
    navigator.locks.request(LOCK + n, opts, (lock) => {
      resolve(lock !== null);
      return lock ? new Promise(() => {}) : undefined;   // held until the tab closes
    }).catch(() => resolve(false));
  });
}

function sessionGet() { try { return sessionStorage.getItem(TAB_KEY); } catch (e) { return null; } }
function sessionSet(n) { try { sessionStorage.setItem(TAB_KEY, String(n)); } catch (e) { /* blocked */ } }

async function claimConsole() {
  const asked = parseInt(params.get("console") || sessionGet() || "", 10);
  const want = asked >= 1 && asked <= CONSOLES ? asked : 0;
  if (!navigator.locks) return want || 1;
  // the tab's own console first, waited for a moment (a reload's old page
  // may still hold it), then the lowest one free
  if (want && await holdLock(want, 1500)) return want;
  for (let n = 1; n <= CONSOLES; n++) {
    if (n !== want && await holdLock(n, 0)) return n;
  }
  return 0;
}

function consoleNames(n) {
  if (n > 1) { DB_NAME = "pocket-rummikub-" + n; LS_PREFIX = "pocket-rummikub-" + n + ":"; }
}

// ---- go ------------------------------------------------------------------------
async function main() {
  if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
    say("This browser cannot run the game: it needs WebAssembly and Web Workers (any current Chrome, Firefox, Safari or Edge).", "nowasm");
    return;
  }
  say(LOADING);
  const n = prk.console = await claimConsole();
  if (!n) {
    say("Every one of this browser's " + CONSOLES + " consoles is open in another tab: close one and reload.", "error");
    return;
  }
  sessionSet(n);
  consoleNames(n);
  body.dataset.console = n;
  if (n > 1) document.title += " (console " + n + ")";
  store = prk.store = await openStore();
  document.getElementById("storage").textContent = "Console " + n + ". " + (store.kind === "none"
    ? "Saves: not kept (storage blocked)" : "Saves: kept in this browser (" + store.kind + ")");
  await start();
}

main().catch((e) => say("The game could not start: " + (e.message || e), "error"));
