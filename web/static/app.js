// Meeple pages: live refresh over server-sent events, moves by pointing at the board,
// undo, zoom and replay controls. Plain JavaScript, no libraries: the page is rendered by
// the server; on any change the script fetches the same URL again and swaps in the new
// #live part.
"use strict";

// Pointing: the seat's legal commands, each with the regions it touches in the order a
// person picks them (the plugin's ``regions``) and, where the plugin gives them, the
// numbers set in a form (``amounts``). ``picked`` is the regions clicked so far;
// ``formKept`` the numbers set in the open form, kept while the page refreshes.
let picked = [], choicesText = null, zoom = 1, formKept = null;

function choices() {
  const el = document.getElementById("choices");
  return el ? JSON.parse(el.textContent) : null;
}

// The commands still possible after the picks, those the picks complete, and the regions
// that pick the next step (in the order of the legal commands).
function narrowed(all) {
  const k = picked.length;
  const left = all.filter(c => picked.every((r, i) => c.regions[i] === r));
  const done = left.filter(c => c.regions.length === k);
  const next = new Set(left.filter(c => c.regions.length > k).map(c => c.regions[k]));
  return {left, done, next};
}

function regionOf(el) { return el.getAttribute("data-region"); }

function regionElements(id) {
  return [...live().querySelectorAll("[data-region]")].filter(e => regionOf(e) === id);
}

// The group of a region whose alternatives turn (data-cycle), or null.
function cycleOf(id) {
  const el = regionElements(id).find(e => e.hasAttribute("data-cycle"));
  return el ? el.getAttribute("data-cycle") : null;
}

// The alternatives of step k of the picks: what the commands that share the steps before
// it name there.
function alternatives(all, k) {
  const head = picked.slice(0, k);
  return [...new Set(all.filter(c => c.regions.length > k && head.every((r, i) => c.regions[i] === r))
    .map(c => c.regions[k]))];
}

// A step whose regions all turn is not chosen by a click: the first is shown at once.
function pickCycles(all) {
  for (;;) {
    const {done, next} = narrowed(all);
    const ids = [...next];
    if (done.length || !ids.length || !ids.every(id => cycleOf(id) !== null)) return;
    picked.push(ids[0]);
  }
}

// A click on a shown alternative: the next one of its step, later picks forgotten.
function turn(all, id) {
  const k = picked.indexOf(id);
  const alts = alternatives(all, k);
  picked = [...picked.slice(0, k), alts[(alts.indexOf(id) + 1) % alts.length]];
  formKept = null;
  showPicking();
}

function showPicking() {
  const all = choices();
  if (!all) return;
  pickCycles(all);
  let {left, done, next} = narrowed(all);
  if (!left.length && picked.length) { picked = []; pickCycles(all); ({left, done, next} = narrowed(all)); }
  const one = picked.length > 0 && left.length === 1 ? left[0] : null;
  // With one command left its later steps are shown as chosen (a previewed tile...).
  const chosen = new Set(one ? one.regions : picked);
  if (one) next = new Set();
  const root = live();
  const turning = new Set(picked.filter((id, k) => cycleOf(id) !== null && alternatives(all, k).length > 1));
  root.querySelectorAll("[data-region]").forEach(el => {
    const id = regionOf(el);
    el.classList.toggle("lit", next.has(id));
    el.classList.toggle("picked", chosen.has(id));
    el.classList.toggle("turnable", turning.has(id) && el.hasAttribute("data-cycle"));
  });
  root.querySelectorAll("[data-after]").forEach(el => {
    const id = regionOf(el);
    el.classList.toggle("after-shown", chosen.has(el.getAttribute("data-after"))
                        && (!id || next.has(id) || chosen.has(id)));
  });
  // What was picked, in words: each place's own title where the picture gives one.
  const words = picked.map(id => {
    const el = regionElements(id)[0];
    const title = el && (el.getAttribute("aria-label") || el.querySelector(":scope > title")?.textContent
                         || el.querySelector(":scope > .name")?.textContent);
    return (title || id).trim() + (turning.has(id) ? " (click it to turn to the next)" : "");
  });
  const path = words.length ? `${words.join(" › ")}: ` : "";
  const prompt = document.getElementById("pick-prompt");
  const menu = document.getElementById("pick-menu");
  const confirm = document.getElementById("pick-confirm");
  document.getElementById("start-over").hidden = picked.length === 0;
  menu.replaceChildren();
  confirm.hidden = !one;
  if (one) {
    confirm.textContent = `Play ${one.command}`;
    confirm.dataset.command = one.command;
    prompt.textContent = `${path}one move left: confirm it, or click the board again.`;
    return;
  }
  // Commands that differ only in their numbers become one form each; the rest a menu.
  const forms = new Map();
  for (const c of done) {
    if (c.amounts) {
      const key = JSON.stringify([c.amounts.title, c.amounts.target, c.amounts.button,
                                  c.amounts.parts.map(p => p.name)]);
      if (!forms.has(key)) forms.set(key, []);
      forms.get(key).push(c);
    }
  }
  for (const c of done) {
    const family = c.amounts && forms.get(JSON.stringify([c.amounts.title, c.amounts.target,
      c.amounts.button, c.amounts.parts.map(p => p.name)]));
    if (family && family.length > 1) {
      if (family[0] === c) menu.append(amountsForm(family));
      continue;
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "menu-choice secondary";
    b.dataset.command = c.command;
    b.textContent = c.command;
    menu.append(b);
  }
  const filling = menu.querySelector("form.amounts") !== null;
  prompt.textContent = path + (!picked.length
    ? (next.size ? "Click a highlighted place on the board to make your move." : "Choose your move.")
    : next.size
      ? `${left.length} moves go there: click a highlighted place to narrow them${done.length ? ", or choose one" : ""}.`
      : filling
        ? `set the numbers in the form${menu.querySelector("button.menu-choice") ? ", or choose another move" : ""}.`
        : "these moves share what you picked: choose one.");
}

// A small form for commands that differ only in their numbers (how a card is paid): an
// input per part with steppers that go from one allowed count to the next, the sum of
// count times worth against the target, and a button that gives the command whose counts
// are the ones set (and is disabled while no command has them).
function amountsForm(family) {
  const first = family[0].amounts;
  const names = first.parts.map(p => p.name);
  const worth = first.parts.map(p => p.worth);
  const counts = family.map(c => c.amounts.parts.map(p => p.count));
  const key = JSON.stringify([picked, first.title]);
  const form = document.createElement("form");
  form.className = "amounts";
  form.dataset.title = first.title;
  const title = document.createElement("span");
  title.className = "amounts-title";
  title.textContent = first.title;
  form.append(title);
  const inputs = names.map((name, i) => {
    const values = [...new Set(counts.map(c => c[i]))].sort((a, b) => a - b);
    const label = document.createElement("label");
    label.className = "amount";
    const words = document.createElement("span");
    words.textContent = worth[i] === 1 ? name : `${name} (×${worth[i]})`;
    const input = document.createElement("input");
    Object.assign(input, {type: "number", name, min: values[0], max: values[values.length - 1], step: 1});
    input.dataset.part = name;
    const step = (dir, text) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "step secondary";
      b.dataset.part = name;
      b.dataset.dir = String(dir);
      b.textContent = text;
      b.setAttribute("aria-label", `${dir < 0 ? "less" : "more"} ${name}`);
      b.onclick = () => {
        const now = Number(input.value);
        const to = dir > 0 ? values.find(v => v > now) : [...values].reverse().find(v => v < now);
        if (to !== undefined) { input.value = String(to); settle(i); }
      };
      return b;
    };
    label.append(words, step(-1, "−"), input, step(1, "+"));
    form.append(label);
    return input;
  });
  const total = document.createElement("output");
  total.className = "amounts-total";
  const pay = document.createElement("button");
  pay.type = "submit";
  pay.className = "amounts-pay";
  pay.textContent = first.button;
  form.append(total, pay);
  const now = () => inputs.map(x => Number(x.value));
  const match = () => {
    const set = now();
    if (inputs.some(x => x.value === "" || !Number.isInteger(Number(x.value)))) return null;
    return family.find((c, j) => counts[j].every((n, i) => n === set[i])) || null;
  };
  const update = () => {
    const set = now();
    const sum = set.reduce((a, n, i) => a + n * worth[i], 0);
    const found = match();
    total.textContent = `${sum} of ${first.target}` + (found ? "" : ": no move has these numbers");
    total.classList.toggle("bad", !found);
    pay.disabled = !found;
    pay.dataset.command = found ? found.command : "";
    formKept = {key, values: inputs.map(x => x.value)};
  };
  // After part i is set, the others move to the allowed counts nearest to theirs.
  const settle = i => {
    const set = now();
    const fits = counts.filter(c => c[i] === set[i]);
    if (fits.length) {
      const near = fits.reduce((best, c) => {
        const off = c.reduce((a, n, j) => a + (n === set[j] ? 0 : 1), 0);
        return !best || off < best.off ? {c, off} : best;
      }, null).c;
      inputs.forEach((x, j) => { x.value = String(near[j]); });
    }
    update();
  };
  inputs.forEach((x, i) => { x.onchange = () => settle(i); x.oninput = update; });
  const kept = formKept && formKept.key === key ? formKept.values : counts[0].map(String);
  inputs.forEach((x, i) => { x.value = kept[i]; });
  form.onsubmit = ev => {
    ev.preventDefault();
    const found = match();
    if (found) play(found.command);
  };
  update();
  return form;
}

// A click on the board or a panel: the innermost lit region picks the next step; a click
// on a shown alternative turns it to the next; a click on what is already chosen, with
// one command left, plays it.
function pointAt(target) {
  const all = choices();
  if (!all) return false;
  const {left} = narrowed(all);
  for (let el = target; el && el !== live(); el = el.parentElement) {
    if (!el.hasAttribute || !el.hasAttribute("data-region")) continue;
    if (el.classList.contains("lit")) {
      picked.push(regionOf(el));
      formKept = null;
      showPicking();
      return true;
    }
    if (el.classList.contains("turnable") && picked.includes(regionOf(el))) {
      turn(all, regionOf(el));
      return true;
    }
    if (el.classList.contains("picked") && picked.length && left.length === 1) {
      play(left[0].command);
      return true;
    }
  }
  return false;
}

function wirePicking() {
  const el = document.getElementById("choices");
  // The picks hold while the position does (another seat's page may refresh this one).
  const text = el ? `${live().dataset.seq} ${el.textContent}` : null;
  if (text !== choicesText) { picked = []; formKept = null; choicesText = text; }
  if (!el) return;
  live().onclick = ev => {
    const b = ev.target.closest("button.menu-choice");
    if (b) { play(b.dataset.command); return; }
    if (ev.target.closest("form.amounts")) return;
    if (pointAt(ev.target)) ev.preventDefault();
  };
  live().onkeydown = ev => {
    if ((ev.key === "Enter" || ev.key === " ") && ev.target.matches("li.entry[data-region]")
        && pointAt(ev.target)) ev.preventDefault();
  };
  document.getElementById("pick-confirm").onclick = ev => play(ev.target.dataset.command);
  document.getElementById("start-over").onclick = () => { picked = []; formKept = null; showPicking(); };
  showPicking();
}

// Zoom: "fit" gives the board the width of its box; larger, the box scrolls (pan).
function applyZoom() {
  const board = document.getElementById("board");
  if (!board) return;
  board.style.setProperty("--zoom", String(zoom));
  board.classList.toggle("zoomed", zoom > 1);
}

function wireZoom() {
  document.querySelectorAll("button.zoom").forEach(b => {
    b.onclick = () => {
      const how = b.dataset.zoom;
      zoom = how === "in" ? Math.min(zoom * 1.5, 6) : how === "out" ? Math.max(zoom / 1.5, 1) : 1;
      if (zoom < 1.01) zoom = 1;
      applyZoom();
    };
  });
  applyZoom();
}

function live() { return document.getElementById("live"); }

function say(text, bad) {
  const box = document.getElementById("message");
  if (!box) return;
  box.textContent = text || "";
  box.className = text ? (bad ? "error" : "ok") : "";
}

// One refresh at a time; a change noticed meanwhile fetches once more afterwards.
let busy = false, again = false;
async function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    do { again = false; await refreshOnce(); } while (again);
  } finally { busy = false; }
}

async function refreshOnce() {
  const el = live();
  if (!el) return;
  const input = document.getElementById("command");
  const typed = input ? input.value : "";
  const focused = input && document.activeElement === input;
  const resp = await fetch(location.href, {headers: {"Accept": "text/html"}});
  if (!resp.ok) return;
  const doc = new DOMParser().parseFromString(await resp.text(), "text/html");
  const fresh = doc.getElementById("live");
  if (!fresh) return;
  el.innerHTML = fresh.innerHTML;
  for (const k of Object.keys(fresh.dataset)) el.dataset[k] = fresh.dataset[k];
  const again = document.getElementById("command");
  if (again) { again.value = typed; if (focused) again.focus(); }
  wire();
  document.body.dataset.refreshed = String(Number(document.body.dataset.refreshed || 0) + 1);
}

async function post(action, body) {
  const el = live();
  const resp = await fetch(`/api/seat/${el.dataset.key}/${action}`, {
    method: "POST", headers: {"Content-Type": "application/json", "Accept": "application/json"},
    body: JSON.stringify({seq: Number(el.dataset.seq), ...body}),
  });
  const data = await resp.json().catch(() => ({error: `the server answered ${resp.status}`}));
  if (!resp.ok) { say(data.error || `the server answered ${resp.status}`, true); await refresh(); return null; }
  return data;
}

async function play(command) {
  say("");
  const data = await post("move", {command});
  if (data) {
    say(`played ${data.command}`);
    const input = document.getElementById("command");
    if (input) input.value = "";
    await refresh();
  }
}

function wire() {
  wirePicking();
  wireZoom();
  document.querySelectorAll("button.move").forEach(b => {
    b.onclick = () => play(b.dataset.command);
  });
  const filter = document.getElementById("move-filter");
  if (filter) filter.oninput = () => {
    const words = filter.value.toLowerCase();
    document.querySelectorAll("button.move").forEach(b => {
      b.hidden = !b.dataset.command.toLowerCase().includes(words);
    });
  };
  const form = document.getElementById("notation");
  if (form) form.onsubmit = ev => { ev.preventDefault(); play(document.getElementById("command").value); };
  const undo = document.getElementById("undo");
  if (undo) undo.onclick = async () => {
    const data = await post("undo", {});
    if (data) { say(data.undone ? `undone: events ${data.undone.join("-")}` : "undo asked: waiting for the others' consent"); await refresh(); }
  };
  document.querySelectorAll("button.consent").forEach(b => {
    b.onclick = async () => {
      const data = await post("consent", {agree: b.dataset.agree === "true"});
      if (data) { say(data.undone ? `undone: events ${data.undone.join("-")}` : data.refused_by ? "undo refused" : "agreed"); await refresh(); }
    };
  });
  const slider = document.getElementById("slider");
  if (slider) {
    slider.oninput = () => { document.getElementById("shown-seq").textContent = slider.value; };
    slider.onchange = () => {
      const base = live().dataset.base;
      location.href = slider.value === slider.max ? base : `${base}?at=${slider.value}`;
    };
  }
  const game = document.getElementById("game");
  if (game) { game.onchange = () => pickGame(true); pickGame(false); }
}

// The new-game form: show the chosen game's options and fill in its default seats.
function pickGame(fill) {
  const sel = document.getElementById("game");
  const opt = sel.options[sel.selectedIndex];
  document.querySelectorAll(".options-help").forEach(d => { d.hidden = d.dataset.game !== sel.value; });
  const names = (opt.dataset.players || "").split(",");
  const empty = [...Array(5).keys()].every(i => !document.getElementById(`name${i}`).value);
  if (fill || empty) {
    for (let i = 0; i < 5; i++) {
      document.getElementById(`name${i}`).value = names[i] || "";
      document.getElementById(`agent${i}`).value = "human";
    }
  }
}

function listen() {
  const el = live();
  if (!el || !el.dataset.stream || !window.EventSource) return;
  const source = new EventSource(el.dataset.stream);
  source.onmessage = ev => {
    if (ev.data !== live().dataset.version) refresh();
  };
  // Browsers allow few connections per server: give this one back when the page goes.
  window.addEventListener("pagehide", () => source.close());
}

document.addEventListener("DOMContentLoaded", () => { wire(); listen(); });
