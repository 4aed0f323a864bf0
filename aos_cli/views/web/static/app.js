// The page of `aos serve`: shows the game the server sends, as text only (textContent,
// never markup), so a name from an imported roster can never run as code.
"use strict";

(function () {
  const store = {
    get(key) { try { return window.localStorage.getItem(key); } catch (e) { return null; } },
    set(key, value) { try { window.localStorage.setItem(key, value); } catch (e) { /* private mode */ } },
  };
  let data = null;
  let tab = null;
  let source = null;

  function $(id) { return document.getElementById(id); }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  function viewer() {
    const sides = data && data.game ? data.game.sides.length : 2;
    const chosen = parseInt(store.get("aos-viewer") || "", 10);
    if (chosen >= 0 && chosen < sides) return chosen;
    return sides > 1 ? 1 : 0; // the terminal's player set the game up: the phone is the other's
  }

  function order() {
    const mine = viewer();
    const all = data.game.sides.map(function (_side, index) { return index; });
    return [mine].concat(all.filter(function (index) { return index !== mine; }));
  }

  function connect() {
    if (source) source.close();
    const lang = store.get("aos-lang");
    source = new EventSource("events" + (lang ? "?lang=" + encodeURIComponent(lang) : ""));
    source.onmessage = function (event) {
      data = JSON.parse(event.data);
      $("status").dataset.state = "live";
      render();
    };
    source.addEventListener("full", function () {
      source.close();
      refused();
    });
    source.onerror = function () {
      if (source.readyState === EventSource.CLOSED) refused();
      else status("waiting");
    };
  }

  function status(key) {
    $("status").dataset.state = key;
    if (data) $("status").textContent = data.labels[key];
  }

  function refused() {
    status("refused");
    if (!data) $("status").textContent = "…";
  }

  function render() {
    const labels = data.labels;
    document.documentElement.lang = data.lang;
    status("live");
    $("yours-title").textContent = labels.yours;
    $("events-title").textContent = labels.events;
    $("objectives-title").textContent = labels.objectives;
    $("viewer-label").textContent = labels.viewer;
    $("language-label").textContent = labels.language;
    $("read-only").textContent = labels.read_only;
    renderLanguages();
    const message = $("message");
    message.hidden = !data.message;
    message.textContent = data.message || "";
    const game = data.game;
    for (const id of ["score", "pending", "tabs", "army", "events", "objectives"]) clear($(id));
    if (!game) {
      $("title").textContent = "aos";
      document.title = "aos";
      for (const id of ["battleplan", "where"]) $(id).textContent = "";
      clear($("viewer"));
      return;
    }
    $("title").textContent = game.name;
    document.title = game.name;
    $("battleplan").textContent = game.battleplan;
    $("where").textContent = game.where;
    renderViewers();
    renderScore();
    renderPending();
    renderTabs();
    renderArmy();
    renderObjectives();
    renderEvents();
  }

  function renderLanguages() {
    const select = $("language");
    if (select.options.length !== data.languages.length) {
      clear(select);
      for (const pair of data.languages) {
        const option = el("option", null, pair[1]);
        option.value = pair[0];
        select.appendChild(option);
      }
    }
    select.value = data.lang;
  }

  function renderViewers() {
    const select = $("viewer");
    clear(select);
    data.game.sides.forEach(function (side, index) {
      const option = el("option", null, side.name);
      option.value = String(index);
      select.appendChild(option);
    });
    select.value = String(viewer());
  }

  function renderScore() {
    const box = $("score");
    const mine = viewer();
    for (const index of order()) {
      const side = data.game.sides[index];
      const row = el("div", "side" + (index === mine ? " mine" : ""));
      row.appendChild(el("span", "name", side.name));
      row.appendChild(el("span", "points", side.points.join(", ")));
      if (side.triumph) row.appendChild(el("span", "muted", side.triumph));
      box.appendChild(row);
    }
    for (const line of data.game.standing) box.appendChild(el("p", "muted", line));
  }

  function renderPending() {
    const list = $("pending");
    const mine = viewer();
    const items = data.game.pending.filter(function (item) { return item.side === mine; });
    if (!items.length) list.appendChild(el("li", "muted", data.labels.nothing));
    for (const item of items) {
      const li = el("li");
      li.appendChild(el("div", "label", item.label));
      if (item.heading) li.appendChild(el("div", "odds", item.heading));
      for (const line of item.chances) li.appendChild(el("div", "odds", line));
      for (const line of item.notes) li.appendChild(el("div", "muted", line));
      list.appendChild(li);
    }
    const more = data.game.more_pending[mine];
    if (more) list.appendChild(el("li", "muted", more));
  }

  function renderTabs() {
    const nav = $("tabs");
    const sides = data.game.sides;
    if (tab === null || tab >= sides.length) tab = viewer();
    for (const index of order()) {
      const button = el("button", null, sides[index].title);
      button.type = "button";
      button.setAttribute("role", "tab");
      button.setAttribute("aria-selected", String(index === tab));
      button.addEventListener("click", function () { tab = index; render(); });
      nav.appendChild(button);
    }
  }

  function fact(parent, label, value) {
    if (!value) return;
    const span = el("span");
    span.appendChild(el("b", null, label + ": "));
    span.appendChild(document.createTextNode(value));
    parent.appendChild(span);
  }

  function renderArmy() {
    const labels = data.labels;
    const side = data.game.sides[tab];
    const list = el("ul");
    for (const unit of side.units) {
      const li = el("li", "unit" + (unit.alive ? "" : " slain"));
      li.appendChild(el("div", "name", unit.name));
      const facts = el("div", "facts");
      fact(facts, labels.units, unit.models);
      fact(facts, labels.wounds, unit.wounds);
      fact(facts, labels.save, unit.save);
      fact(facts, side.bravery, unit.bravery);
      li.appendChild(facts);
      fact(li, labels.this_turn, unit.this_turn.join(", "));
      fact(li, labels.effects, unit.effects.join(", "));
      if (unit.details) li.appendChild(el("div", "muted", unit.details));
      list.appendChild(li);
    }
    $("army").appendChild(list);
  }

  function renderObjectives() {
    const items = data.game.objectives;
    $("objectives-box").hidden = !items.length;
    for (const item of items) {
      $("objectives").appendChild(el("li", null, item.name + " · " + data.labels.held_by + ": " + item.holder));
    }
  }

  function renderEvents() {
    const list = $("events");
    for (const event of data.game.events) {
      const li = el("li");
      li.appendChild(el("div", "where muted", event.where));
      const line = el("div");
      line.appendChild(el("span", "action", event.seq + ". " + event.action));
      if (event.dice) line.appendChild(el("span", "dice", "  " + event.dice));
      li.appendChild(line);
      for (const note of event.notes) li.appendChild(el("div", null, note));
      list.appendChild(li);
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    $("language").addEventListener("change", function (event) {
      store.set("aos-lang", event.target.value);
      connect();
    });
    $("viewer").addEventListener("change", function (event) {
      store.set("aos-viewer", event.target.value);
      tab = parseInt(event.target.value, 10);
      render();
    });
    connect();
  });
})();
