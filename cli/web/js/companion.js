// The table companion: follows a real game as it is played. It starts from a standard setup (`new`), takes each action
// that happened at the table (with the pile's order unknown, a draw is named by its placement: `place c5 t:NES`; a tile
// is picked as a picture and turned, companion-picker.js) and applies it (`apply`), telling what the action caused as
// the dispute view does (each event, its rulebook section, the ruling it used); undo goes back one action at a time
// (also Ctrl-Z). It keeps its own game record (companion-record.js: saved and reloaded in the shape `lueur play -o`
// writes; kept in sessionStorage so a page reload comes back to it), and shows at any moment whose turn it is, what the
// position awaits, and, one tap away, the odds of the next draws and a hint.

import { EntryView } from './companion-entry.js';
import { TilePicker } from './companion-picker.js';
import { download, fromSession, keepInSession, parseRecord, recordJson, RecordError, replay } from './companion-record.js';
import { eventList } from './narration.js';
import { HintView } from './solve-hint.js';
import { OddsView } from './solve-odds.js';
import { cellsOf, clearErrors, el, fill, labelled, showError, typing } from './solve-dom.js';
import { words as loadWords } from './words.js';

export const BOARD = 'nc';

const SETUPS = [['standard', 'standard (4 prisoners)'], ['five', 'five prisoners'], ['advanced', 'advanced (4 prisoners)'],
  ['advanced-five', 'advanced, five prisoners']];

function capital(name) {
  return name ? name[0].toUpperCase() + name.slice(1) : '';
}

export function mount(panel, ctx) {
  let game = null; // {start, actions, positions, events, setup}: events[k] is what actions[k] caused
  let outcome = null;
  let asked = 0;
  let words = null; // the sections in words (words.js), asked once a game is followed

  const setup = el('select', { name: 'setup' }, SETUPS.map(([value, text]) => el('option', { value }, text)));
  const status = el('p', { class: 'companion-status', 'aria-live': 'polite' }, 'No game yet: choose the setup and start one.');
  const gameErrors = el('div', { class: 'errors', hidden: true });
  const newForm = el('form', { class: 'controls', onsubmit: (event) => { event.preventDefault(); askToStart(); } },
    labelled('Setup', setup), el('button', { type: 'submit' }, 'New game'));
  const undoButton = el('button', { type: 'button', disabled: true, onclick: () => undo() }, 'Undo (Ctrl-Z)');
  const entryPart = el('section', { class: 'tool-part', 'aria-labelledby': 'companion-entry-title', hidden: true },
    el('h3', { id: 'companion-entry-title' }, 'What happened at the table'));
  const picker = new TilePicker(entryPart, { onAction: (action) => play(action) });
  const entry = new EntryView(entryPart, { onAction: (action) => play(action) });
  const hintButton = el('button', { type: 'button', id: 'companion-ask-hint', onclick: () => { showPart(hintPart); hint.ask(current()); } },
    'Ask for a hint');
  const oddsButton = el('button', { type: 'button', id: 'companion-show-odds', onclick: () => showPart(oddsPart) }, 'Odds of the next draws');
  entryPart.append(el('div', { class: 'controls companion-bar' }, undoButton, hintButton, oddsButton));
  const causedPart = el('section', { class: 'tool-part', 'aria-labelledby': 'companion-caused-title', hidden: true },
    el('h3', { id: 'companion-caused-title' }, 'What it caused'));
  const caused = el('div', { id: 'companion-caused', 'aria-live': 'polite' });
  causedPart.append(caused);

  const recordList = el('ol', { class: 'record-actions', 'aria-label': 'The actions played' });
  const recordErrors = el('div', { class: 'errors', hidden: true });
  const fileInput = el('input', { type: 'file', accept: '.json,application/json', id: 'companion-file',
    onchange: async () => { if (fileInput.files[0]) load(await fileInput.files[0].text()); fileInput.value = ''; } });
  const pasted = el('textarea', { id: 'companion-paste', rows: '3', spellcheck: 'false', placeholder: '{"format": "lueur-position/1", …, "meta": {"actions": […]}}' });
  const saveButton = el('button', { type: 'button', disabled: true, onclick: () => save() }, 'Save the record');
  const shareButton = el('button', { type: 'button', disabled: true, onclick: () => share() }, 'Open this moment in the other tools');
  const recordPart = el('section', { class: 'tool-part', 'aria-labelledby': 'companion-record-title' },
    el('h3', { id: 'companion-record-title' }, 'Game record'), recordList,
    el('div', { class: 'controls' }, saveButton, shareButton),
    el('div', { class: 'controls' }, el('label', { class: 'field', for: 'companion-file' }, el('span', { class: 'field-name' }, 'Load a record file'), fileInput)),
    el('div', { class: 'controls' }, el('label', { class: 'field wide', for: 'companion-paste' }, el('span', { class: 'field-name' }, 'Or paste a record'), pasted),
      el('button', { type: 'button', onclick: () => load(pasted.value) }, 'Load the pasted record')),
    recordErrors);

  const hintPart = el('section', { class: 'tool-part', 'aria-labelledby': 'companion-hint-title', hidden: true },
    el('h3', { id: 'companion-hint-title' }, 'Hint for the decision at hand'));
  const hint = new HintView(hintPart, ctx.api, { idPrefix: 'companion', applyLabel: 'Play this action',
    onApply: (action, result) => push(action, result.position, result.events) });
  const oddsPart = el('section', { class: 'tool-part', 'aria-labelledby': 'companion-odds-title', hidden: true },
    el('h3', { id: 'companion-odds-title' }, 'Odds of the next draws'));
  const odds = new OddsView(oddsPart, ctx.api);

  // "New game" over a game with actions asks first (Escape or "Keep this game" keeps it).
  const confirm = el('dialog', { id: 'companion-confirm', class: 'confirm', 'aria-labelledby': 'companion-confirm-title' },
    el('form', { method: 'dialog' },
      el('p', { id: 'companion-confirm-title' }, 'Start a new game? The actions of this one are lost unless you saved its record.'),
      el('div', { class: 'controls' },
        el('button', { value: 'keep', autofocus: true }, 'Keep this game'),
        el('button', { value: 'discard' }, 'Discard it and start a new game'))));
  confirm.addEventListener('close', () => { if (confirm.returnValue === 'discard') start(); });

  panel.replaceChildren(el('h2', { class: 'tool-title' }, 'Table companion'), confirm,
    el('section', { class: 'tool-part', 'aria-labelledby': 'companion-game-title' }, el('h3', { id: 'companion-game-title' }, 'Game'), newForm, gameErrors, status),
    entryPart, causedPart, hintPart, oddsPart, recordPart);

  // A part one tap away: shown at once, in view (under the board that stays at the top of a phone's screen).
  function showPart(part) {
    part.hidden = false;
    ctx.reveal(part);
  }

  const current = () => game.positions[game.positions.length - 1];

  function askToStart() {
    if (!game || !game.actions.length) {
      start();
      return;
    }
    confirm.returnValue = '';
    confirm.showModal();
  }

  async function start() {
    clearErrors(gameErrors);
    try {
      const line = await ctx.api('new', { setup: setup.value });
      begin(line.result.position, [], [line.result.position], []);
      ctx.notify(`A new game (${setup.value} setup).`);
    } catch (error) {
      showError(gameErrors, error);
    }
  }

  function begin(startPosition, actions, positions, events) {
    if (!words) loadWords(ctx.api).then((w) => { words = w; if (game) drawCaused(); });
    game = { start: startPosition, actions: [...actions], positions: [...positions], events: [...events], setup: setup.value };
    while (game.events.length < game.actions.length) game.events.unshift([]);
    for (const part of [entryPart, hintPart, oddsPart, causedPart]) part.hidden = false;
    saveButton.disabled = false;
    shareButton.disabled = false;
    entry.clear();
    refresh();
  }

  async function play(action) {
    const before = current();
    entry.showRefusal('');
    try {
      const line = await ctx.api('apply', { position: before, actions: [action] });
      if (before !== current()) return; // the game moved on meanwhile (undo, another action)
      if (line.result.refused) {
        entry.showRefusal(`${action}: refused: ${line.result.reason}`);
        return;
      }
      push(action, line.result.position, line.result.events);
    } catch (error) {
      entry.showRefusal(`${action}: ${error.message}`);
    }
  }

  function push(action, position, events = []) {
    game.actions.push(action);
    game.positions.push(position);
    game.events.push(events);
    entry.clear();
    refresh();
  }

  // What the last action caused, as the dispute view tells it (each event, its rulebook section, its ruling).
  function drawCaused() {
    const last = game.actions.length - 1;
    if (last < 0) {
      caused.replaceChildren(el('p', { class: 'help', text: 'Nothing played yet: what each action causes is told here.' }));
      return;
    }
    const events = game.events[last] || [];
    caused.replaceChildren(el('p', {}, 'After ', el('code', { text: game.actions[last] }), events.length ? ':' : ': nothing else happened.'),
      events.length ? eventList(events, words, { id: 'companion-events' }) : null);
  }

  function undo() {
    if (!game || !game.actions.length) return;
    const action = game.actions.pop();
    game.positions.pop();
    game.events.pop();
    ctx.notify(`Undone: ${action}.`);
    refresh();
  }

  // Everything shown follows the position now: board, status, legal actions, odds; the hint is asked again on demand.
  async function refresh() {
    const ticket = ++asked;
    const position = current();
    undoButton.disabled = !game.actions.length;
    keepInSession(game.start, game.actions, game.setup);
    entry.pending();
    picker.clear();
    drawRecord();
    drawCaused();
    showBoard();
    hint.reset(position);
    odds.show(position);
    try {
      const line = await ctx.api('legal', { position });
      if (ticket !== asked) return;
      const legal = line.result;
      outcome = legal.outcome;
      const who = legal.outcome ? '' : `${capital(position.turn)}'s turn. `;
      status.textContent = `${who}${capital(legal.awaits)}. Actions played: ${game.actions.length}.`;
      entry.setLegal(legal.actions, !legal.outcome);
      picker.setLegal(legal.outcome ? [] : legal.actions);
    } catch (error) {
      if (ticket !== asked) return;
      status.textContent = '';
      showError(gameErrors, error);
    }
  }

  function drawRecord() {
    fill(recordList, game.actions.map((action) => el('li', {}, el('code', {}, action))));
    recordList.scrollTop = recordList.scrollHeight;
  }

  function showBoard() {
    if (ctx.active() !== 'companion') return; // a game restored while another tool is shown
    const last = game.actions[game.actions.length - 1];
    ctx.board.show(current(), { highlight: last ? cellsOf(last) : [] });
  }

  function save() {
    const record = recordJson(game.start, game.actions, outcome);
    download(record, `lueur-game-${game.actions.length}-actions.json`);
  }

  function share() {
    ctx.store.set(current(), { from: 'companion' });
    ctx.notify('The position now is in the store: the other tools (and the page\'s address) show it.');
  }

  // After a reload: the game kept in the session, replayed through `apply` as a loaded record is.
  async function restore() {
    const kept = fromSession();
    if (!kept) return;
    if (SETUPS.some(([value]) => value === kept.setup)) setup.value = kept.setup;
    try {
      const { positions, events } = await replay(ctx.api, kept.start, kept.actions);
      if (game) return; // a game was started or loaded meanwhile
      begin(kept.start, kept.actions.slice(0, positions.length - 1), positions, events);
    } catch (error) {
      showError(gameErrors, { message: `The game kept from before the reload could not be restored: ${error.message}` });
    }
  }
  restore();

  async function load(text) {
    clearErrors(recordErrors);
    try {
      const { start: startPosition, actions } = parseRecord(text);
      const { positions, events, failure } = await replay(ctx.api, startPosition, actions);
      begin(startPosition, actions.slice(0, positions.length - 1), positions, events);
      if (failure) {
        showError(recordErrors, { message: `Action ${failure.index} of ${actions.length} (${failure.action}) was refused: ${failure.reason}. The game is loaded up to action ${failure.index - 1}.` });
      } else {
        ctx.notify(`Record loaded: ${actions.length} actions replayed.`);
      }
    } catch (error) {
      showError(recordErrors, error instanceof RecordError || error.problems ? error : { message: error.message });
    }
  }

  document.addEventListener('keydown', (event) => {
    if (ctx.active() !== 'companion' || !game) return;
    if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.key.toLowerCase() !== 'z') return;
    if (typing(event.target) && event.target.value) return; // the field's own undo
    event.preventDefault();
    undo();
  });

  document.addEventListener('keydown', (event) => { // R turns the tile to place, wherever the focus is but in a field
    if (ctx.active() !== 'companion' || !game || picker.element.hidden || picker.element.contains(event.target)) return;
    if (event.key.toLowerCase() !== 'r' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    event.preventDefault();
    picker.rotate();
  });

  return {
    activate() {
      if (game) showBoard();
      else if (ctx.store.position) ctx.board.show(ctx.store.position);
    },
    open({ from } = {}) {
      if (from === 'start' && !game) start(); // "follow a game at the table": a new game, ready for its first action
    },
    onPosition(position, from) {
      if (from === 'companion') return;
      if (!game) ctx.board.show(position); // the game, once started, keeps the board
    },
    onCell(cell) {
      if (!game) return;
      picker.chooseCell(cell); // the tile to place goes there (when a tile is to be placed)
      entry.filterByCell(cell);
    },
  };
}
