// Fearsome Floors at the table: set up a position (a new game, a pasted one, or clicks on the board), see where the
// monster goes for every tombstone tile with its chance, drawn on the board (`ff.render` with the forecast, `ff.forecast`
// for the table), the safe moves for a pawn (`ff.moves`: each end with its danger; a move shown on the board before it
// is played), and follow the game: each move or draw applied (`ff.apply`) and what it caused told step by step, with
// undo. The page reaches the game only through its `ff.*` protocol commands; it holds no rules of its own.

import { el } from './dom.js';
import { FearsomeSetup } from './ff-setup.js';
import { clearErrors, fill, labelled, percent, showError } from './solve-dom.js';

export const BOARD = 'ff';
const SESSION_KEY = 'lueur.ff.game';

export function mount(panel, ctx) {
  let game = null; // {positions, actions, events}: the position now is the last
  let preview = null; // a move shown on the board before it is played
  let asked = 0;

  const players = el('select', { id: 'ff-players' }, [2, 3, 4, 5, 6, 7].map((n) => el('option', { value: String(n), selected: n === 4, text: `${n} players` })));
  const variant = el('select', { id: 'ff-variant' }, el('option', { value: 'basic', text: 'the basic layout' }),
    el('option', { value: 'advanced', text: 'the advanced game (scenery at random)' }));
  const seed = el('input', { type: 'number', id: 'ff-seed', value: '1', min: '0', step: '1', inputmode: 'numeric' });
  const errors = el('div', { class: 'errors', hidden: true, id: 'ff-errors' });
  const pasted = el('textarea', { id: 'ff-paste', rows: '3', spellcheck: 'false', placeholder: '{"format": "lueur-ff-position/1", …}' });
  const status = el('p', { class: 'companion-status', id: 'ff-status', 'aria-live': 'polite' });
  const decision = el('div', { class: 'ff-decision', id: 'ff-decision' });
  const caused = el('div', { id: 'ff-caused', 'aria-live': 'polite' });
  const forecastOn = el('input', { type: 'checkbox', id: 'ff-show-forecast', checked: true, onchange: () => drawBoard() });
  const forecastTable = el('div', { id: 'ff-forecast' });
  const record = el('ol', { class: 'record-actions', id: 'ff-record', 'aria-label': 'The actions played' });
  const undoButton = el('button', { type: 'button', id: 'ff-undo', disabled: true, onclick: () => undo() }, 'Undo');
  const setupPart = el('details', { class: 'tool-part ff-setup-part' }, el('summary', { text: 'Set up the position by hand' }));
  const setup = new FearsomeSetup(setupPart, { edit: (change) => editPosition(change) });

  panel.replaceChildren(
    el('h2', { class: 'tool-title', text: 'Fearsome Floors' }),
    el('section', { class: 'tool-part' }, el('h3', { text: 'The game' }),
      el('form', { class: 'controls', onsubmit: (event) => { event.preventDefault(); newGame(); } },
        labelled('Players', players), labelled('Board', variant), labelled('Seed (advanced)', seed),
        el('button', { type: 'submit', id: 'ff-new' }, 'New game')),
      errors, status),
    el('section', { class: 'tool-part', 'aria-labelledby': 'ff-decision-title' }, el('h3', { id: 'ff-decision-title', text: 'What happens next' }),
      decision, el('div', { class: 'controls companion-bar' }, undoButton)),
    el('section', { class: 'tool-part', 'aria-labelledby': 'ff-caused-title' }, el('h3', { id: 'ff-caused-title', text: 'What it caused' }), caused),
    el('section', { class: 'tool-part', 'aria-labelledby': 'ff-forecast-title' }, el('h3', { id: 'ff-forecast-title', text: 'Where the monster goes next' }),
      el('label', { class: 'check', for: 'ff-show-forecast' }, forecastOn, ' Draw its path for every tile on the board'), forecastTable),
    setupPart,
    el('section', { class: 'tool-part' }, el('h3', { text: 'The position as text' }),
      el('div', { class: 'controls' }, el('label', { class: 'field wide', for: 'ff-paste' }, el('span', { class: 'field-name', text: 'A lueur-ff-position/1 document' }), pasted)),
      el('div', { class: 'row-buttons' }, el('button', { type: 'button', id: 'ff-load', onclick: () => loadPasted() }, 'Load it'),
        el('button', { type: 'button', id: 'ff-copy', onclick: () => { pasted.value = JSON.stringify(current(), null, 2); } }, 'Show this position'))),
    el('section', { class: 'tool-part' }, el('h3', { text: 'Game record' }), record));

  const current = () => game && game.positions[game.positions.length - 1];

  async function newGame() {
    clearErrors(errors);
    try {
      const body = { players: Number(players.value), advanced: variant.value === 'advanced' };
      if (body.advanced) body.seed = Number(seed.value) || 0;
      const line = await ctx.api('ff.new', body);
      begin(line.result.position);
    } catch (error) {
      showError(errors, error);
    }
  }

  function begin(position, kept = { actions: [], positions: [position], events: [] }) {
    game = { positions: [...kept.positions], actions: [...kept.actions], events: [...kept.events] };
    refresh();
  }

  function loadPasted() {
    clearErrors(errors);
    let doc;
    try {
      doc = JSON.parse(pasted.value);
    } catch (error) {
      showError(errors, { message: `Not JSON: ${error.message}` });
      return;
    }
    begin(doc && typeof doc === 'object' && doc.position && !doc.format ? doc.position : doc); // a scenario: its position
  }

  // A change made by hand: a new starting point (the record starts again from it).
  function editPosition(change) {
    if (!game) return;
    const copy = JSON.parse(JSON.stringify(current()));
    change(copy);
    begin(copy);
  }

  async function play(action) {
    const before = current();
    try {
      const line = await ctx.api('ff.apply', { position: before, actions: [action] });
      if (before !== current()) return;
      if (line.result.refused) {
        showError(errors, { message: `${action}: refused: ${line.result.reason}` });
        return;
      }
      game.positions.push(line.result.position);
      game.actions.push(action);
      game.events.push(line.result.events.map((e) => e.text));
      refresh();
    } catch (error) {
      showError(errors, error);
    }
  }

  function undo() {
    if (!game || !game.actions.length) return;
    game.positions.pop();
    const action = game.actions.pop();
    game.events.pop();
    ctx.notify(`Undone: ${action}.`);
    refresh();
  }

  async function refresh() {
    const ticket = ++asked;
    const position = current();
    preview = null;
    clearErrors(errors);
    undoButton.disabled = !game.actions.length;
    setup.show(position);
    try {
      sessionStorage.setItem(SESSION_KEY, JSON.stringify(game));
    } catch {
      // storage refused: the game is simply not kept across a reload
    }
    record.replaceChildren(...game.actions.map((action) => el('li', {}, el('code', { text: action }))));
    const last = game.actions.length - 1;
    caused.replaceChildren(last < 0 ? el('p', { class: 'help', text: 'Nothing played yet: what each move or draw causes is told here.' })
      : el('ol', { class: 'narration', id: 'ff-events' }, game.events[last].map((text) => el('li', { text }))));
    drawBoard();
    decision.replaceChildren(el('p', { class: 'help', text: 'Asking the engine…' }));
    try {
      const [legal, forecast] = await Promise.all([ctx.api('ff.legal', { position }), ctx.api('ff.forecast', { position })]);
      if (ticket !== asked) return;
      status.textContent = `${legal.result.status}. Actions played: ${game.actions.length}.`;
      drawDecision(legal.result);
      drawForecast(forecast.result);
    } catch (error) {
      if (ticket !== asked) return;
      status.textContent = '';
      decision.replaceChildren();
      forecastTable.replaceChildren();
      showError(errors, error);
    }
  }

  function drawBoard() {
    if (!game || ctx.active() !== 'ff') return;
    const shown = preview ? preview.position : current();
    ctx.ffBoard.show(shown, { forecast: forecastOn.checked });
  }

  function drawDecision(legal) {
    if (legal.phase === 'over') {
      decision.replaceChildren(el('p', { text: legal.winner ? `The game is over: ${legal.winner} wins.` : 'The game is over.' }));
      return;
    }
    if (legal.phase === 'monster') {
      decision.replaceChildren(el('p', { text: 'The monster moves: which tombstone was drawn?' }),
        el('div', { class: 'row-buttons', role: 'group', 'aria-label': 'The tile drawn' }, legal.tiles.map((tile) => el('button', {
          type: 'button', class: 'ff-draw', dataset: { tile: tile.tile }, onclick: () => play(tile.action) },
        `${tile.words} (${tile.p_exact}, ${percent(tile.p)})`))));
      return;
    }
    decision.replaceChildren(el('p', { text: `${legal.to_move} moves a pawn: which one? Its moves are listed safest first.` }),
      el('div', { class: 'row-buttons', role: 'group', 'aria-label': 'The pawns that may move' }, legal.pawns.map((pawn) => el('button', {
        type: 'button', class: 'ff-pawn', dataset: { pawn: pawn.pawn }, onclick: () => safeMoves(pawn) },
      `${pawn.pawn} (${pawn.at}, shows ${pawn.value})`))),
      el('div', { id: 'ff-moves' }));
  }

  // The pawn's ends, safest first (`ff.moves`), each shown on the board when chosen, then played.
  async function safeMoves(pawn) {
    const position = current();
    const box = decision.querySelector('#ff-moves');
    for (const button of decision.querySelectorAll('.ff-pawn')) button.setAttribute('aria-pressed', String(button.dataset.pawn === pawn.pawn));
    box.replaceChildren(el('p', { class: 'help', text: `Ranking ${pawn.pawn}'s moves…` }));
    try {
      const line = await ctx.api('ff.moves', { position, pawn: pawn.pawn });
      if (position !== current()) return;
      const moves = line.result.moves;
      box.replaceChildren(el('p', { class: 'help', text: `${line.result.total} ends; the danger is the chance of being eaten at `
        + `the next monster phase (${line.result.assumption}).` }),
      el('ol', { class: 'ff-move-list', id: 'ff-move-list' }, moves.map((move) => {
        const action = [move.pawn, ...move.path].join(' ');
        return el('li', {}, el('button', { type: 'button', class: 'ff-move', dataset: { action }, onclick: () => show(action) },
          `to ${move.to} (${move.steps} step${move.steps === 1 ? '' : 's'}): danger ${percent(move.danger)}`),
        ' ', el('button', { type: 'button', class: 'link ff-play', dataset: { action }, onclick: () => play(action) }, `play ${action}`));
      })));
    } catch (error) {
      box.replaceChildren();
      showError(errors, error);
    }
  }

  // A move on the board before it is played: the position after it, with the monster's paths from there.
  async function show(action) {
    const position = current();
    const line = await ctx.api('ff.apply', { position, actions: [action] });
    if (position !== current() || line.result.refused) return;
    preview = { action, position: line.result.position };
    for (const button of decision.querySelectorAll('.ff-move')) button.setAttribute('aria-pressed', String(button.dataset.action === action));
    drawBoard();
  }

  function drawForecast(forecast) {
    if (!forecast.tiles.length) {
      forecastTable.replaceChildren(el('p', { class: 'help', text: 'No monster phase is left to forecast.' }));
      return;
    }
    const rows = forecast.tiles.map((tile) => el('tr', {}, el('th', { scope: 'row', text: tile.tile }),
      el('td', { text: `${tile.p_exact} (${percent(tile.p)})` }), el('td', { text: tile.end }),
      el('td', { text: [...tile.eaten, ...tile.crushed.map((c) => `${c} (crushed)`)].join(', ') || 'nobody' }),
      el('td', {}, el('button', { type: 'button', class: 'link ff-tile-path', onclick: () => ctx.ffBoard.show(current(), { tile: tile.tile }) }, 'only this path'))));
    const danger = forecast.pawns.filter((p) => p.p > 0).map((p) => `${p.pawn} ${percent(p.p)} (${p.p_exact})`);
    fill(forecastTable,
      el('table', { class: 'odds ff-forecast-table' }, el('caption', { text: 'Each tile the next draw may bring' }),
        el('thead', {}, el('tr', {}, ['tile', 'chance', 'ends on', 'eats', ''].map((h) => el('th', { scope: 'col', text: h })))),
        el('tbody', {}, rows)),
      el('p', { text: danger.length ? `Chance of being eaten or crushed: ${danger.join(', ')}.` : 'No pawn can be eaten at the next monster phase.' }),
      forecast.assumption ? el('p', { class: 'help', text: `Assumed: ${forecast.assumption}.` }) : null);
  }

  function restore() {
    try {
      const kept = JSON.parse(sessionStorage.getItem(SESSION_KEY) || 'null');
      if (kept && Array.isArray(kept.positions) && kept.positions.length) begin(kept.positions[0], kept);
    } catch {
      // unreadable: start afresh
    }
  }

  return {
    activate() {
      if (!game) {
        restore();
        if (!game) newGame();
      } else {
        drawBoard();
      }
    },
    onCell(square) {
      if (game && setupPart.open) setup.onSquare(square);
    },
  };
}
