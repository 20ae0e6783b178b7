// Meeple pages: live refresh over server-sent events, moves, undo and replay controls.
// Plain JavaScript, no libraries: the page is rendered by the server; on any change the
// script fetches the same URL again and swaps in the new #live part.
"use strict";

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
