// The editor: set up a position by clicking the board (tiles from a palette, prisoners) and by
// filling its fields; every problem the engine finds (`check`, asked a moment after each edit) is
// shown beside the field or on the cell it concerns, and goes when fixed. Every edit goes through
// ctx.store.set, so the page's address follows and a link reproduces the position.
//
// Parts: editor-tiles.js (the palette), editor-prisoners.js, editor-pile.js (setup, pile,
// discard, rulings), editor-io.js (import, export, new game), editor-dom.js (form helpers).

import { clone, el, redraw } from './editor-dom.js';
import { Palette, turned } from './editor-tiles.js';
import { prisonersForm } from './editor-prisoners.js';
import { gameForm, pileType } from './editor-pile.js';
import { errorProblems, ioForm } from './editor-io.js';
import { words as loadWords } from './words.js';

export const BOARD = 'nc';
const CHECK_DELAY_MS = 250; // a burst of edits asks the engine once

export function mount(panel, ctx) {
  let placing = null; // the prisoner a board click puts down, or null: the palette's tile
  let problems = [];
  let checkTimer = null;
  let checked = 0;
  let takeFromPile = true; // a tile put down on the board comes out of the pile's counts (and goes back when removed)
  let rulingWords = null; // the rulings in players' words (words.js), asked when the editor is first shown
  const askWords = () => {
    if (rulingWords) return;
    rulingWords = new Map();
    loadWords(ctx.api).then((w) => { rulingWords = w.rulings; if (ctx.active() === 'editor') drawForms(); });
  };

  const palette = new Palette(() => { placing = null; drawForms(); });
  const summary = el('div', { class: 'editor-problems', id: 'ed-problems', 'aria-live': 'polite' });
  const prisoners = el('div', { class: 'editor-prisoners' });
  const game = el('div', { class: 'editor-game' });
  const take = el('input', { type: 'checkbox', id: 'ed-take-from-pile', checked: true,
    onchange: (e) => { takeFromPile = e.target.checked; } });
  const empty = el('button', { type: 'button', id: 'ed-empty', onclick: () => emptyBoard() }, 'Start from an empty board');
  panel.replaceChildren(
    el('h2', { text: 'Set up a position' }),
    el('p', { class: 'help', text: 'Choose a tile, then click a cell (or move there with the arrow keys and press Enter). '
      + 'Clicking a tile of the same kind turns it; R turns the palette\'s tile.' }),
    el('div', { class: 'row-buttons' }, empty,
      el('label', { class: 'check', for: 'ed-take-from-pile' }, take, ' Take the tiles put down out of the pile (its counts follow the board)')),
    summary, palette.element, prisoners, game, ioForm(ctx, { problemsOf: errorProblems }));
  palette.draw();

  // A change made to a copy of the position, then stored (the URL and the other tools follow).
  function edit(change) {
    const position = clone(ctx.store.position || {});
    change(position);
    ctx.store.set(position, { from: 'editor' });
  }

  function drawForms() {
    const position = ctx.store.position || {};
    redraw(prisoners, () => prisonersForm(position, { edit, placing, onPlace: (index) => {
      placing = placing === index ? null : index;
      drawForms();
      ctx.board.element.focus();
    } }));
    redraw(game, () => gameForm(position, { edit, rulingWords: rulingWords || new Map() }));
    showProblems();
  }

  function onCell(cell) {
    if (placing !== null) {
      edit((pos) => {
        const prisoner = pos.prisoners[placing];
        delete prisoner.falling; delete prisoner.unplaced;
        prisoner.at = cell;
      });
      return;
    }
    const tile = palette.tile();
    edit((pos) => {
      pos.tiles = pos.tiles && typeof pos.tiles === 'object' ? pos.tiles : {};
      const there = pos.tiles[cell];
      if (there && tile && there.kind === tile.kind && turned(there)) {
        pos.tiles[cell] = turned(there); // the same tile turned: the pile is as it was
        return;
      }
      if (tile === null) delete pos.tiles[cell];
      else pos.tiles[cell] = tile;
      if (takeFromPile) moveBetweenPileAndBoard(pos, there, tile);
    });
  }

  // The pile given as counts follows the board: the tile put down leaves it, the tile taken off goes back. (The
  // counting types are the format's: a cracked T counts as cracked_t, a pit as what it was.)
  function moveBetweenPileAndBoard(pos, removed, placed) {
    const pile = pos.pile;
    if (!pile || typeof pile !== 'object' || !pile.contents || typeof pile.contents !== 'object' || Array.isArray(pile.order)) return;
    const contents = { ...pile.contents };
    const back = removed && pileType(removed);
    const out = placed && pileType(placed);
    if (back) contents[back] = (Number(contents[back]) || 0) + 1;
    if (out && (Number(contents[out]) || 0) > 0) contents[out] -= 1;
    for (const [type, n] of Object.entries(contents)) if (!n) delete contents[type];
    pos.pile = { ...pile, contents, count: Object.values(contents).reduce((total, n) => total + (Number(n) || 0), 0) };
  }

  // A standard game's box with nothing on the board: the pile as counts (its order unknown), the discard worked out.
  async function emptyBoard() {
    try {
      const line = await ctx.api('new', { setup: 'standard' });
      const position = line.result.position;
      const contents = {};
      for (const layer of position.pile.layers || []) for (const [type, n] of Object.entries(layer)) contents[type] = (contents[type] || 0) + n;
      position.pile = { count: position.pile.count, contents };
      position.meta = { title: 'A position set up by hand' };
      takeFromPile = true;
      take.checked = true;
      ctx.store.set(position, { from: 'editor' });
      ctx.notify('An empty board: the tiles you put down come out of the pile.');
    } catch (error) {
      ctx.notify(`No empty board: ${error.message}`, 'error');
    }
  }

  // The cells the problems point at: tiles.<cell>..., and the cell of a prisoner whose place is wrong.
  function problemCells() {
    const position = ctx.store.position || {};
    const size = Number(position.size) || 6;
    const cells = new Set();
    for (const { path } of problems) {
      let match = /^tiles\.([a-g][1-7])\b/.exec(path);
      if (match) cells.add(match[1]);
      match = /^prisoners\[(\d+)\]\.at$/.exec(path);
      const at = match && position.prisoners?.[Number(match[1])]?.at;
      if (typeof at === 'string' && /^[a-g][1-7]$/.test(at)) cells.add(at);
    }
    const last = String.fromCharCode(96 + size);
    return [...cells].filter((c) => c[0] <= last && Number(c.slice(1)) <= size).sort();
  }

  // The board with the problems' cells outlined by the picture and marked (class `problem`).
  async function drawBoard() {
    if (!ctx.store.position) return;
    await ctx.board.show(ctx.store.position, { draft: true, highlight: problemCells() });
    if (ctx.active() === 'editor') markCells();
  }

  function markCells() {
    const cells = new Set(problemCells());
    for (const g of ctx.board.element.querySelectorAll('.cell[data-cell]')) g.classList.toggle('problem', cells.has(g.dataset.cell));
  }

  // Each problem beside the field it concerns (the longest field path that starts it); the
  // problems of cells and those with no field in the form are listed at the top.
  function showProblems() {
    for (const old of panel.querySelectorAll('.field-problem')) old.remove();
    for (const old of panel.querySelectorAll('[aria-invalid]')) old.removeAttribute('aria-invalid');
    const wrappers = new Map([...panel.querySelectorAll('[data-field]')].map((w) => [w.dataset.field, w]));
    const listed = [];
    for (const problem of problems) {
      const wrapper = !problem.path.startsWith('tiles.') && fieldFor(problem.path, wrappers);
      if (!wrapper) {
        listed.push(problem);
        continue;
      }
      const control = wrapper.querySelector('input, select, textarea');
      if (control && wrapper.classList.contains('field')) control.setAttribute('aria-invalid', 'true');
      const note = el('p', { class: 'field-problem', text: wrapper.dataset.field === problem.path ? problem.message : `${problem.path}: ${problem.message}` });
      wrapper.append(note);
    }
    const title = problems.length ? `${problems.length} problem${problems.length > 1 ? 's' : ''} in the position` : null;
    // Every problem is listed here, those shown beside a field with a link to it (a field may be far down the panel).
    const beside = new Set(problems.filter((p) => !listed.includes(p)));
    summary.replaceChildren(...(title ? [el('p', { class: 'problems', text: title })] : []),
      ...(problems.length ? [el('ul', { class: 'problems' }, problems.map((p) => el('li', { dataset: { path: p.path } },
        p.path.startsWith('tiles.') ? `${p.path.slice(6)}: ${p.message}` : p.path ? `${p.path}: ${p.message}` : p.message,
        beside.has(p) ? el('button', { type: 'button', class: 'link', onclick: () => goToField(p.path) }, 'show the field') : null)))] : []));
    summary.classList.toggle('valid', checked > 0 && !problems.length);
    if (checked > 0 && !problems.length) summary.replaceChildren(el('p', { class: 'ok', text: 'The position is valid.' }));
  }

  function goToField(path) {
    const wrappers = new Map([...panel.querySelectorAll('[data-field]')].map((w) => [w.dataset.field, w]));
    const wrapper = fieldFor(path, wrappers);
    if (!wrapper) return;
    if (wrapper.closest('details')) wrapper.closest('details').open = true;
    wrapper.scrollIntoView({ block: 'center' });
    const control = wrapper.querySelector('input, select, textarea, summary');
    if (control) control.focus({ preventScroll: true });
  }

  async function check() {
    const ticket = ++checked;
    const position = ctx.store.position;
    let found;
    try {
      const line = await ctx.api('check', { position });
      found = line.result.problems || [];
    } catch (error) {
      found = errorProblems(error, 'The engine could not check the position');
    }
    if (ticket !== checked) return; // a later edit asked again meanwhile
    const before = problemCells().join();
    problems = found.map((p) => ({ path: String(p.path).replace(/^position\.?/, ''), message: p.message }));
    showProblems();
    if (ctx.active() !== 'editor') return;
    if (problemCells().join() !== before) drawBoard();
    else markCells();
  }

  function scheduleCheck() {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, CHECK_DELAY_MS);
  }

  document.addEventListener('keydown', (event) => {
    if (ctx.active() !== 'editor' || event.key.toLowerCase() !== 'r' || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest('input[type=text], input[type=number], textarea, select')) return;
    event.preventDefault();
    palette.rotate();
  });

  return {
    activate() {
      askWords();
      drawForms();
      drawBoard();
      scheduleCheck();
    },
    open({ from } = {}) {
      if (from === 'start') emptyBoard(); // "set up a position" from the start page: an empty board to fill
    },
    onPosition() {
      drawForms();
      drawBoard();
      scheduleCheck();
    },
    onCell,
  };
}

// The wrapper of the field a problem path belongs to: the longest field path that starts it at a
// boundary (prisoners[1].nerve belongs to prisoners[1].nerve, else to prisoners[1]).
function fieldFor(path, wrappers) {
  let best = null;
  for (const [name, wrapper] of wrappers) {
    const fits = path === name || path.startsWith(`${name}.`) || path.startsWith(`${name}[`);
    if (fits && (!best || name.length > best[0].length)) best = [name, wrapper];
  }
  return best && best[1];
}
