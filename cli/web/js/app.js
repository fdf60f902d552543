// The workbench page: a start page, a gallery of rules questions, and the tools around one board and one position.
//
// Each tool is a module exporting `mount(panel, ctx)`, which fills its panel and returns
// { activate(), onPosition(position, from), onCell(cell), open(payload) } (each optional), and `BOARD`: the board it
// shows ('nc' The Night Cage's, 'ff' Fearsome Floors', 'none'). `ctx` is what the tools share:
//   ctx.api(command, body, options)  the engine protocol (api.js); throws ApiError
//   ctx.store                        the Night Cage position worked on (store.js), kept in the URL with the tool
//   ctx.board, ctx.ffBoard           the boards (board.js): show(position, overlays)
//   ctx.notify(message, kind)        a message to the user ('error' or 'info')
//   ctx.active()                     the tool shown now (its name)
//   ctx.select(name), ctx.open(name, payload)   show a tool (and hand it something to open: a scenario, a game)
//   ctx.games                        the games the engine plays and their commands (the protocol's `version`)
//   ctx.reveal(element)              scroll an element into view, below the board where the board stays at the top
// Only the tool shown receives onPosition and onCell. The page learns the games from `version`: a tool whose game or
// commands the engine does not list is not offered.

import { call } from './api.js';
import { fearsomeBoard, nightCageBoard } from './board.js';
import { prisonerList } from './prisoners.js';
import { Store } from './store.js';
import * as start from './start.js';
import * as galleryTool from './gallery.js';
import * as editor from './editor.js';
import * as dispute from './dispute.js';
import * as solve from './solve.js';
import * as companion from './companion.js';
import * as fearsome from './ff.js';

const TOOLS = { start, gallery: galleryTool, editor, dispute, solve, companion, ff: fearsome };
const NEEDS = {
  gallery: ['gallery'], editor: ['check', 'render', 'convert', 'new'], dispute: ['legal', 'apply', 'render'],
  solve: ['solve', 'hint', 'odds'], companion: ['new', 'legal', 'apply', 'hint', 'odds'],
  ff: ['ff.new', 'ff.legal', 'ff.apply', 'ff.render', 'ff.forecast', 'ff.moves'],
};

const store = new Store();
const layout = document.getElementById('layout');
const board = nightCageBoard(document.getElementById('board'), document.getElementById('board-status'));
const ffBoard = fearsomeBoard(document.getElementById('ff-board'), document.getElementById('ff-board-status'));
const prisoners = document.getElementById('prisoners');
const notice = document.getElementById('notice');
let current = null;
let noticeTimer = null;

const showBoard = board.show.bind(board);
board.show = (position, overlays) => { // the prisoners listed under the board follow the position it shows
  prisoners.replaceChildren(prisonerList(position));
  return showBoard(position, overlays);
};

function notify(message, kind = 'info') {
  notice.querySelector('.notice-text').textContent = message;
  notice.className = `notice ${kind}`;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  if (kind !== 'error') noticeTimer = setTimeout(() => { notice.hidden = true; }, 4000);
}
notice.addEventListener('click', () => { notice.hidden = true; }); // the whole notice, or its Dismiss button

// Scrolls `element` into view; on a phone, where the board stays at the top of the screen, just below it.
function reveal(element) {
  element.scrollIntoView({ block: 'start' });
  const area = document.getElementById(layout.dataset.board === 'ff' ? 'ff-board-area' : 'board-area');
  if (layout.dataset.board !== 'none' && getComputedStyle(area).position === 'sticky' && matchMedia('(max-width: 700px)').matches) {
    const covered = area.getBoundingClientRect().bottom - element.getBoundingClientRect().top;
    if (covered > 0) window.scrollBy(0, -covered - 8);
  }
}

const ctx = { api: call, store, board, ffBoard, notify, active: () => current, select, open, games: [], reveal };
const tools = {};
const tabs = [...document.querySelectorAll('[role="tab"]')];

function offered() {
  return tabs.filter((tab) => !tab.hidden);
}

function select(name, { focus = false } = {}) {
  if (!tools[name] || document.getElementById(`tab-${name}`).hidden) name = 'start';
  current = name;
  store.setTool(name);
  for (const tab of tabs) {
    const chosen = tab.id === `tab-${name}`;
    tab.setAttribute('aria-selected', String(chosen));
    tab.tabIndex = chosen ? 0 : -1;
    document.getElementById(tab.getAttribute('aria-controls')).hidden = !chosen;
    if (chosen && focus) tab.focus();
  }
  layout.dataset.board = TOOLS[name].BOARD || 'none';
  const tool = tools[name];
  if (tool.activate) tool.activate();
  else if (layout.dataset.board === 'nc' && store.position) board.show(store.position);
}

function open(name, payload) {
  select(name);
  if (tools[name].open) tools[name].open(payload);
}

tabs.forEach((tab) => {
  tab.addEventListener('click', () => select(tab.id.slice(4)));
  tab.addEventListener('keydown', (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const shown = offered();
    const at = shown.indexOf(tab);
    select(shown[(at + step + shown.length) % shown.length].id.slice(4), { focus: true });
  });
});
document.getElementById('home-link').addEventListener('click', (event) => {
  event.preventDefault();
  select('start', { focus: true });
});

store.subscribe((position, from) => {
  const tool = tools[current];
  if (tool.onPosition) tool.onPosition(position, from);
  else if (layout.dataset.board === 'nc') board.show(position);
});
document.getElementById('show-legend').addEventListener('change', (event) => {
  board.legend = event.target.checked;
  select(current); // the tool shown draws its board again
});
document.getElementById('show-panel').addEventListener('change', (event) => {
  board.panel = event.target.checked;
  select(current);
});
board.onCell((cell) => {
  const tool = tools[current];
  if (tool.onCell) tool.onCell(cell);
});
ffBoard.onCell((square) => {
  const tool = tools[current];
  if (tool.onCell) tool.onCell(square);
});

// The games the engine plays, from `version`: a tool whose commands are not all there is not offered.
async function learnGames() {
  try {
    const doc = await call('version', {});
    ctx.games = doc.result.games || [];
  } catch (error) {
    notify(`The engine did not say which games it plays: ${error.message}`, 'error');
    return;
  }
  const commands = new Set(ctx.games.flatMap((game) => game.commands));
  for (const [name, needed] of Object.entries(NEEDS)) {
    document.getElementById(`tab-${name}`).hidden = !needed.every((command) => commands.has(command));
  }
}

async function begin() {
  await learnGames();
  for (const [name, module] of Object.entries(TOOLS)) {
    tools[name] = module.mount(document.getElementById(`panel-${name}`), ctx) || {};
  }
  const linked = store.fromAddress();
  if (linked.position) {
    store.position = linked.position;
  } else {
    try {
      const line = await call('new', { setup: 'standard' });
      store.position = line.result.position;
    } catch (error) {
      notify(`Could not get a starting position: ${error.message}`, 'error');
    }
  }
  select(linked.tool || (linked.position ? 'editor' : 'start'));
  document.body.dataset.ready = 'true'; // the browser tests wait for this
}

begin();
