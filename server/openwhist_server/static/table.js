// The browser table of `whist serve` (docs/server.md, "The browser table").
//
// No build step and no library: this file is served as it is. It reads the table, the
// language and the page's translated words from the page (#config), the seat's token from
// the address's fragment (an invite link is /t/<table>#<token>; the fragment never leaves
// the browser), and speaks the table protocol (openwhist.table/1) over /ws. Every view the
// server sends carries `shown`: the deal drawn for a screen in the page's language, lines
// of parts ({text}, {card}, {suit}). So this script knows no variant: it draws parts, the
// seats, the hand and the legal actions, and sends what the player chooses.
"use strict";

(function () {
  const config = JSON.parse(document.getElementById("config").textContent);
  const T = config.text;
  const SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  const RED = { D: true, H: true };
  const RANKS = "23456789TJQKA";
  const DISPLAY_SUITS = "SHCD"; // as the terminal shows a hand: the colours alternate
  const $ = (id) => document.getElementById(id);
  const token = decodeURIComponent(location.hash.slice(1)) || null;

  let socket = null;
  let view = null;
  let you = { seat: null, host: false };
  let delay = 500; // reconnect back-off: 0.5 s doubling to 5 s
  let refused = false;
  let chosen = new Set(); // the cards chosen for an exchange (passed face down)
  let wasMyTurn = false;

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
  }

  // -- drawing parts ---------------------------------------------------------------------

  function cardLabel(name) {
    const rank = name.slice(0, -1) === "T" ? "10" : name.slice(0, -1);
    return rank + SYMBOLS[name.slice(-1)];
  }

  function cardSpan(name) {
    const span = document.createElement("span");
    span.className = "card" + (RED[name.slice(-1)] ? " red" : "");
    span.textContent = cardLabel(name);
    return span;
  }

  function suitSpan(letter) {
    const span = document.createElement("span");
    span.className = "suit" + (RED[letter] ? " red" : "");
    span.textContent = SYMBOLS[letter] || letter;
    return span;
  }

  function drawParts(target, parts) {
    for (const part of parts || []) {
      if ("card" in part) target.appendChild(cardSpan(part.card));
      else if ("suit" in part) target.appendChild(suitSpan(part.suit));
      else target.appendChild(document.createTextNode(part.text));
    }
    return target;
  }

  function partsText(parts) {
    return (parts || [])
      .map((p) => ("card" in p ? cardLabel(p.card) : "suit" in p ? SYMBOLS[p.suit] : p.text))
      .join("");
  }

  function drawLines(list, lines) {
    list.replaceChildren();
    for (const line of lines || []) {
      const item = document.createElement("li");
      item.className = "line " + line.emphasis;
      list.appendChild(drawParts(item, line.parts));
    }
  }

  // -- the connection --------------------------------------------------------------------

  function say(text) {
    // aria-live: a screen reader reads what changed, not the whole table again
    const region = $("announce");
    region.textContent = "";
    setTimeout(() => { region.textContent = text; }, 30);
  }

  function setStatus(text) {
    $("status").textContent = text;
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + "/ws");
    socket.onopen = () => {
      const hello = { type: "hello", table: config.table, lang: config.lang };
      if (token) hello.token = token;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = () => {
      socket = null;
      if (refused) return;
      const seconds = delay / 1000;
      setStatus(format(T.reconnecting, { seconds: seconds.toLocaleString(config.lang) }));
      document.body.classList.add("offline");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }

  function receive(message) {
    if (message.type === "welcome") {
      delay = 500;
      document.body.classList.remove("offline");
      you = { seat: message.seat, host: message.host };
      setStatus(T.connected);
    } else if (message.type === "view") {
      render(message.view);
    } else if (message.type === "update") {
      if (message.event && message.event.said) log(message.event.said);
      render(message.view);
    } else if (message.type === "error") {
      if (["bad_token", "unknown_table", "no_spectators"].includes(message.code)) {
        refused = true;
        setStatus(T.bad_link);
        say(T.bad_link);
        socket.close();
        return;
      }
      // `said`: the refusal in the page's language (the hello named it); `message` is
      // the English, for a server that sends no `said`.
      const said = message.said ? partsText(message.said.parts) : message.message;
      const text = format(T.error, { message: said });
      $("error").textContent = text;
      say(text);
    }
  }

  function log(line) {
    const item = document.createElement("li");
    item.className = "line " + line.emphasis;
    drawParts(item, line.parts);
    const list = $("log");
    list.prepend(item);
    while (list.children.length > 40) list.lastChild.remove();
    say(partsText(line.parts));
  }

  // -- the table -------------------------------------------------------------------------

  function names() {
    return view.seats.map((s) => s.name);
  }

  function places(count, me) {
    // Seats clockwise from the viewer: the viewer at the bottom, then left, top, right.
    const around = [];
    for (let i = 0; i < count; i++) around.push((me + i) % count);
    if (count === 2) return { bottom: around[0], top: around[1] };
    if (count === 3) return { bottom: around[0], left: around[1], right: around[2] };
    if (count === 4) return { bottom: around[0], left: around[1], top: around[2], right: around[3] };
    return null;
  }

  function seatBox(box, seat, deal) {
    const info = view.seats[seat];
    box.replaceChildren();
    box.hidden = false;
    box.dataset.seat = String(seat);
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = info.name;
    box.appendChild(name);
    const marks = [];
    const sides = (view.shown && view.shown.sides) || [];
    const mine = sides.find((side) => side.includes(you.seat));
    if (seat === you.seat) marks.push(T.you);
    else if (mine && mine.includes(seat)) marks.push(T.partner);
    if (deal && seat === deal.dealer) marks.push(T.dealer);
    if (info.kind === "bot") marks.push(T.bot);
    if (info.held) marks.push(T.held);
    if (marks.length) {
      const small = document.createElement("span");
      small.className = "marks";
      small.textContent = " (" + marks.join(", ") + ")";
      box.appendChild(small);
    }
    box.classList.toggle("to-act", !!deal && deal.to_act === seat);
    if (deal) {
      const count = document.createElement("span");
      count.className = "count";
      count.textContent = " \u00b7 " + deal.hand_sizes[seat];
      box.appendChild(count);
      const played = deal.trick.find((t) => t.seat === seat);
      const slot = document.createElement("div");
      slot.className = "played";
      slot.dataset.card = played ? played.card : "";
      if (played) slot.appendChild(cardSpan(played.card));
      box.appendChild(slot);
    }
  }

  function renderBoard(deal) {
    const me = you.seat === null ? 0 : you.seat;
    const map = places(view.seats.length, me);
    for (const box of document.querySelectorAll("#board .seat")) {
      const seat = map ? map[box.dataset.place] : undefined;
      if (seat === undefined) { box.hidden = true; box.replaceChildren(); continue; }
      seatBox(box, seat, deal);
    }
    const others = $("others");
    others.replaceChildren();
    others.hidden = !!map;
    if (!map) {
      for (let i = 0; i < view.seats.length; i++) {
        const item = document.createElement("li");
        item.className = "seat";
        seatBox(item, (me + i) % view.seats.length, deal);
        others.appendChild(item);
      }
    }
  }

  function sortHand(cards) {
    const key = (c) => DISPLAY_SUITS.indexOf(c.slice(-1)) * 100 - RANKS.indexOf(c.slice(0, -1));
    return cards.slice().sort((a, b) => key(a) - key(b));
  }

  function renderHand(deal, drawn) {
    const area = $("hand-area");
    const hand = $("hand");
    const exchange = drawn && drawn.exchange;
    area.hidden = !deal || you.seat === null;
    const inHand = hand.contains(document.activeElement);
    const focused = inHand ? document.activeElement.dataset.card : null;
    hand.replaceChildren();
    if (area.hidden) return;
    const legal = new Set(drawn ? drawn.plays : []);
    if (!exchange) chosen.clear();
    for (const name of chosen) if (!deal.hand.includes(name)) chosen.delete(name);
    const cards = sortHand(deal.hand);
    cards.forEach((name, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "card-button" + (RED[name.slice(-1)] ? " red" : "");
      button.dataset.card = name;
      button.textContent = cardLabel(name);
      button.tabIndex = -1;
      const playable = exchange ? true : legal.has(name);
      button.setAttribute("aria-disabled", playable ? "false" : "true");
      if (exchange) button.setAttribute("aria-pressed", chosen.has(name) ? "true" : "false");
      button.addEventListener("click", () => choose(name));
      button.addEventListener("keydown", (event) => moveFocus(event, index));
      hand.appendChild(button);
    });
    const buttons = Array.from(hand.children);
    const again = buttons.find((b) => b.dataset.card === focused);
    const first = again || buttons.find((b) => b.getAttribute("aria-disabled") === "false") || buttons[0];
    if (first) first.tabIndex = 0;
    if (inHand && first) first.focus(); // keyboard play goes on from the same place
    renderExchange(exchange);
    const mine = deal.legal.length > 0;
    $("turn").textContent = mine ? T.your_turn
      : deal.to_act !== null && deal.to_act !== undefined ? format(T.turn_of, { name: names()[deal.to_act] }) : "";
    if (mine && !wasMyTurn) say(T.your_turn);
    wasMyTurn = mine;
  }

  function moveFocus(event, index) {
    // Arrow keys move along the hand (a roving tab stop); Enter and Space press the card.
    const buttons = Array.from($("hand").children);
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (index + 1) % buttons.length;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (index - 1 + buttons.length) % buttons.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    if (next === null) return;
    event.preventDefault();
    buttons.forEach((b) => { b.tabIndex = -1; });
    buttons[next].tabIndex = 0;
    buttons[next].focus();
  }

  function choose(name) {
    const drawn = view.shown && view.shown.deal;
    if (drawn && drawn.exchange) {
      if (chosen.has(name)) chosen.delete(name);
      else if (chosen.size < drawn.exchange.count) chosen.add(name);
      for (const b of $("hand").children) {
        b.setAttribute("aria-pressed", chosen.has(b.dataset.card) ? "true" : "false");
      }
      renderExchange(drawn.exchange);
      return;
    }
    if (drawn && drawn.plays.includes(name)) act(name);
  }

  function matching(exchange) {
    for (const [notation, cards] of Object.entries(exchange.choices)) {
      if (cards.length === chosen.size && cards.every((c) => chosen.has(c))) return notation;
    }
    return null;
  }

  function renderExchange(exchange) {
    const box = $("exchange");
    box.hidden = !exchange;
    if (!exchange) return;
    $("exchange-prompt").textContent = exchange.prompt + " " + format(T.choose, { count: exchange.count });
    $("exchange-count").textContent = format(T.chosen, { chosen: chosen.size, count: exchange.count });
    $("exchange-go").disabled = matching(exchange) === null;
  }

  function renderCalls(deal, drawn) {
    const area = $("calls-area");
    const calls = $("calls");
    const mine = !!deal && deal.legal.length > 0;
    area.hidden = !mine;
    calls.replaceChildren();
    if (!mine || (drawn && drawn.exchange)) return;
    for (const notation of deal.legal) {
      if (!drawn || !(notation in drawn.calls)) continue; // a card: played from the hand
      const button = document.createElement("button");
      button.type = "button";
      button.className = "call";
      button.dataset.call = notation;
      drawParts(button, drawn.calls[notation]);
      button.addEventListener("click", () => act(notation));
      calls.appendChild(button);
    }
  }

  function trickLine(target, trick) {
    trick.cards.forEach((entry, i) => {
      if (i) target.appendChild(document.createTextNode("  "));
      target.appendChild(document.createTextNode(names()[entry.seat] + " "));
      target.appendChild(cardSpan(entry.card));
    });
  }

  function renderTricks(deal) {
    const completed = deal ? deal.completed : [];
    $("last-area").hidden = completed.length === 0;
    $("completed-area").hidden = completed.length === 0;
    const last = $("last-trick");
    last.replaceChildren();
    const list = $("completed");
    list.replaceChildren();
    completed.forEach((trick, i) => {
      const item = document.createElement("li");
      item.appendChild(document.createTextNode(
        format(T.trick_won_by, { number: i + 1, name: names()[trick.winner] }) + " "));
      trickLine(item, trick);
      list.appendChild(item);
    });
    if (completed.length) {
      const trick = completed[completed.length - 1];
      last.appendChild(document.createTextNode(
        format(T.trick_won_by, { number: completed.length, name: names()[trick.winner] }) + " "));
      trickLine(last, trick);
    }
  }

  function renderStanding(standing) {
    const summary = $("summary");
    summary.replaceChildren();
    const body = $("score").tBodies[0];
    body.replaceChildren();
    $("winner").textContent = "";
    if (!standing) return;
    if (standing.summary) drawParts(summary, standing.summary.parts);
    for (const row of standing.score) {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = row.party;
      const td = document.createElement("td");
      td.textContent = row.total;
      tr.append(th, td);
      body.appendChild(tr);
    }
    if (standing.finished) {
      $("winner").textContent = standing.winner === null ? T.tie : format(T.winner, { name: standing.winner });
    }
  }

  function renderHost() {
    const area = $("host-area");
    area.hidden = !you.host;
    if (!you.host) return;
    const status = view.status;
    const allowed = {
      start: status === "waiting",
      pause: status === "playing",
      unpause: status === "paused",
      close: status !== "closed",
    };
    for (const button of area.querySelectorAll("[data-host]")) {
      button.disabled = !allowed[button.dataset.host];
    }
    const list = $("seat-controls");
    list.replaceChildren();
    view.seats.forEach((seat, index) => {
      if (seat.kind === "bot" || status === "waiting" || status === "closed") return;
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.seatBot = String(index);
      button.textContent = seat.name + ": " + T.seat_bot;
      button.addEventListener("click", () => send({ type: "seat_bot", seat: index, bot: config.bot }));
      item.appendChild(button);
      list.appendChild(item);
    });
  }

  function render(next) {
    view = next;
    const main = $("table");
    main.dataset.version = String(view.version);
    main.dataset.status = view.status;
    main.dataset.seat = you.seat === null ? "" : String(you.seat);
    main.dataset.host = you.host ? "true" : "false";
    const deal = view.deal;
    const drawn = view.shown ? view.shown.deal : null;
    const who = [];
    if (you.seat !== null) who.push(format(T.seat_of, { name: view.seats[you.seat].name }));
    else if (!you.host) who.push(T.spectator);
    if (you.host) who.push(T.host);
    if (deal) who.push(format(T.deal, { number: deal.number }));
    $("who").textContent = who.join(" ");
    if (view.status === "waiting") setStatus(T.waiting);
    else if (view.status === "paused") setStatus(T.paused);
    else if (view.status === "closed") setStatus(T.closed);
    else setStatus(T.connected);
    drawLines($("facts"), drawn ? drawn.header : []);
    drawLines($("after-trick"), drawn ? drawn.after_trick : []);
    const won = $("tricks-won");
    won.replaceChildren();
    if (drawn) drawParts(won, drawn.tricks_won.parts);
    renderBoard(deal);
    renderHand(deal, drawn);
    renderCalls(deal, drawn);
    renderTricks(deal);
    renderStanding(view.shown ? view.shown.standing : null);
    renderHost();
  }

  function act(notation) {
    $("error").textContent = "";
    send({ type: "act", action: notation });
  }

  // -- wiring ----------------------------------------------------------------------------

  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("typed-input");
    const text = input.value.trim();
    if (text) act(text);
    input.value = "";
  });
  $("exchange-go").addEventListener("click", () => {
    const drawn = view && view.shown && view.shown.deal;
    const notation = drawn && drawn.exchange ? matching(drawn.exchange) : null;
    if (notation) { chosen.clear(); act(notation); }
  });
  for (const button of document.querySelectorAll("[data-host]")) {
    button.addEventListener("click", () => send({ type: button.dataset.host }));
  }
  setInterval(() => send({ type: "ping" }), 25000); // keeps proxies from closing an idle socket
  connect();
})();
