// The review beside the replay slider (web/routes_review.py): the chart of the search's
// estimates; a click on a point shows the position before that decision, what was played,
// what the search preferred, and the board after the preferred move.
(() => {
  const params = new URLSearchParams(location.search);
  let data = null;
  let chart = null;

  const esc = (text) => String(text).replace(/[&<>"']/g,
    (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));

  function gameUrl(box, tail) {
    return `/games/${encodeURIComponent(box.dataset.game)}${tail}`;
  }

  async function load() {
    const box = document.getElementById("review");
    if (!box) return;
    const resp = await fetch(`/api${gameUrl(box, "/review")}`, {headers: {"Accept": "application/json"}});
    if (!resp.ok) return;  // no review stored: nothing to show
    data = await resp.json();
    const svg = await fetch(gameUrl(box, `/review.svg?key=${encodeURIComponent(data.key)}`));
    if (!svg.ok) return;
    chart = await svg.text();
    show();
    const live = document.getElementById("live");
    if (live) new MutationObserver(show).observe(live, {childList: true});
  }

  function show() {
    const box = document.getElementById("review");
    if (!box || chart === null || box.dataset.filled) return;
    box.dataset.filled = "1";
    box.hidden = false;
    const s = data.summary;
    const rows = data.players.map((p) => `<tr><td>${esc(p)}</td><td>${s[p].decisions}</td>` +
      `<td>${s[p].average_loss.toFixed(3)}</td><td>${s[p].big_losses}</td></tr>`).join("");
    box.innerHTML = `<h2>Review</h2>` +
      `<p class="sub">${esc(data.agent)}, ${data.budget} CPU s a decision, seed ${data.seed}. ` +
      `Click a point to see that position.</p>` +
      `<div class="review-chart">${chart}</div>` +
      `<div id="review-pick" class="review-pick"></div>` +
      `<table class="scores review-summary"><thead><tr><th>player</th><th>decisions</th>` +
      `<th>average loss</th><th>lost &gt; ${data.threshold}</th></tr></thead><tbody>${rows}</tbody></table>`;
    box.querySelectorAll("circle[data-seq]").forEach((c) => {
      c.addEventListener("click", () => {
        location.href = gameUrl(box, `?at=${Number(c.dataset.seq) - 1}&review=${c.dataset.index}`);
      });
    });
    const pick = params.get("review");
    if (pick !== null) detail(box, Number(pick));
  }

  function detail(box, index) {
    const d = data.decisions.find((x) => x.index === index);
    const el = document.getElementById("review-pick");
    if (!d || !el) return;
    const point = box.querySelector(`circle[data-index="${index}"]`);
    if (point) point.setAttribute("stroke-width", "4");
    let html = `<p id="review-decision">Decision ${index + 1}: <b>${esc(d.player)}</b> played ` +
      `<code>${esc(d.played)}</code>`;
    if (d.played === d.best) {
      html += `, the move the search prefers.</p>`;
    } else {
      html += `; the search prefers <code id="review-best">${esc(d.best)}</code> ` +
        `(loss ${d.loss.toFixed(3)}).</p>` +
        `<figure><img id="review-board" alt="the board after ${esc(d.best)}" src="` +
        gameUrl(box, `/review/board.svg?index=${index}&key=${encodeURIComponent(data.key)}`) +
        `"><figcaption class="sub">after the preferred move</figcaption></figure>`;
    }
    el.innerHTML = html;
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", load);
  else load();
})();
