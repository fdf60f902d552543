// The workbench page: four tools around one board and one position.
//
// Each tool is a module exporting `mount(panel, ctx)`, which fills its panel and returns
// { activate(), onPosition(position, from), onCell(cell) } (each optional). `ctx` is what
// the tools share:
//   ctx.api(command, body, options)  the engine protocol (api.js); throws ApiError
//   ctx.store                        the position worked on (store.js), kept in the URL
//   ctx.board                        the board picture (board.js): show(position, overlays)
//   ctx.notify(message, kind)        a message to the user ('error' or 'info'): at the foot of a wide
//                                    window, in the page's flow under the header in a narrow one
//   ctx.active()                     the tool shown now (its name: editor, dispute, solve, companion)
// Only the tool shown receives onPosition and onCell.

import { call } from './api.js';
import { Board } from './board.js';
import { Store } from './store.js';
import * as editor from './editor.js';
import * as dispute from './dispute.js';
import * as solve from './solve.js';
import * as companion from './companion.js';

const TOOLS = { editor, dispute, solve, companion };

const store = new Store();
const board = new Board(document.getElementById('board'), document.getElementById('board-status'));
const notice = document.getElementById('notice');
let current = 'editor';
let noticeTimer = null;

function notify(message, kind = 'info') {
  notice.querySelector('.notice-text').textContent = message;
  notice.className = `notice ${kind}`;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  if (kind !== 'error') noticeTimer = setTimeout(() => { notice.hidden = true; }, 4000);
}
notice.addEventListener('click', () => { notice.hidden = true; }); // the whole notice, or its Dismiss button

const ctx = { api: call, store, board, notify, active: () => current };
const tools = {};
for (const [name, module] of Object.entries(TOOLS)) {
  tools[name] = module.mount(document.getElementById(`panel-${name}`), ctx) || {};
}

const tabs = [...document.querySelectorAll('[role="tab"]')];

function select(name, { focus = false } = {}) {
  current = name;
  for (const tab of tabs) {
    const chosen = tab.id === `tab-${name}`;
    tab.setAttribute('aria-selected', String(chosen));
    tab.tabIndex = chosen ? 0 : -1;
    document.getElementById(tab.getAttribute('aria-controls')).hidden = !chosen;
    if (chosen && focus) tab.focus();
  }
  const tool = tools[name];
  if (tool.activate) tool.activate();
  else if (store.position) board.show(store.position);
}

tabs.forEach((tab, index) => {
  tab.addEventListener('click', () => select(tab.id.slice(4)));
  tab.addEventListener('keydown', (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    select(tabs[(index + step + tabs.length) % tabs.length].id.slice(4), { focus: true });
  });
});

store.subscribe((position, from) => {
  const tool = tools[current];
  if (tool.onPosition) tool.onPosition(position, from);
  else board.show(position);
});
document.getElementById('show-legend').addEventListener('change', (event) => {
  board.legend = event.target.checked;
  select(current); // the tool shown draws its board again
});
board.onCell((cell) => {
  const tool = tools[current];
  if (tool.onCell) tool.onCell(cell);
});

async function start() {
  const linked = store.fromAddress();
  if (linked) {
    store.set(linked, { from: 'link' });
  } else {
    try {
      const line = await call('new', { setup: 'standard' });
      store.set(line.result.position, { from: 'new' });
    } catch (error) {
      notify(`Could not get a starting position: ${error.message}`, 'error');
    }
  }
  select(current);
  document.body.dataset.ready = 'true'; // the browser tests wait for this
}

start();
