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
import { gameForm } from './editor-pile.js';
import { errorProblems, ioForm } from './editor-io.js';

const CHECK_DELAY_MS = 250; // a burst of edits asks the engine once

export function mount(panel, ctx) {
  let placing = null; // the prisoner a board click puts down, or null: the palette's tile
  let problems = [];
  let checkTimer = null;
  let checked = 0;

  const palette = new Palette(() => { placing = null; drawForms(); });
  const summary = el('div', { class: 'editor-problems', id: 'ed-problems', 'aria-live': 'polite' });
  const prisoners = el('div', { class: 'editor-prisoners' });
  const game = el('div', { class: 'editor-game' });
  panel.replaceChildren(
    el('h2', { text: 'Editor' }),
    el('p', { class: 'help', text: 'Choose a tile, then click a cell (or move there with the arrow keys and press Enter). '
      + 'Clicking a tile of the same kind turns it; R turns the palette\'s tile.' }),
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
    redraw(game, () => gameForm(position, { edit }));
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
      if (tile === null) delete pos.tiles[cell];
      else if (there && there.kind === tile.kind && turned(there)) pos.tiles[cell] = turned(there);
      else pos.tiles[cell] = tile;
    });
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
    summary.replaceChildren(...(title ? [el('p', { class: 'problems', text: title })] : []),
      ...(listed.length ? [el('ul', { class: 'problems' }, listed.map((p) => el('li', { dataset: { path: p.path },
        text: p.path.startsWith('tiles.') ? `${p.path.slice(6)}: ${p.message}` : p.path ? `${p.path}: ${p.message}` : p.message })))] : []));
    summary.classList.toggle('valid', checked > 0 && !problems.length);
    if (checked > 0 && !problems.length) summary.replaceChildren(el('p', { class: 'ok', text: 'The position is valid.' }));
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
      drawForms();
      drawBoard();
      scheduleCheck();
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
