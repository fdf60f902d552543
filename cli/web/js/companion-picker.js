// Placing a tile by sight: when the decision at hand is where and how a tile goes (a start tile, the tile drawn), the
// legal placements are offered as pictures. Choose the cell (on the board, or among the cells offered), the tile that
// was drawn (its picture), turn it (the Turn button, the R key, or a tap on the chosen picture) and place it (the Place
// button or Enter). Only the engine's legal placements are offered, each turn among them.

import { el } from './dom.js';
import { KIND_NAMES, placement, tilePicture } from './tiles.js';

export class TilePicker {
  constructor(container, { onAction }) {
    this.onAction = onAction;
    this.options = []; // the legal placements, read
    this.cell = null;
    this.kind = null;
    this.turn = 0;
    this.cells = el('div', { class: 'picker-cells row-buttons', role: 'group', 'aria-label': 'Cells a tile may go on' });
    this.kinds = el('div', { class: 'picker-kinds', role: 'group', 'aria-label': 'The tile (tap the chosen one to turn it)' });
    this.turnButton = el('button', { type: 'button', class: 'picker-turn', 'aria-keyshortcuts': 'R', onclick: () => this.rotate() }, 'Turn (R)');
    this.placeButton = el('button', { type: 'button', class: 'picker-place', 'aria-keyshortcuts': 'Enter', onclick: () => this.place() }, 'Place');
    this.element = el('div', { class: 'picker', id: 'companion-picker', hidden: true, tabindex: '-1',
      onkeydown: (event) => this.key(event) },
    el('p', { class: 'picker-prompt', text: 'Where the tile goes: click a cell on the board, or choose one here.' }),
    this.cells, this.kinds, el('div', { class: 'row-buttons' }, this.turnButton, this.placeButton));
    container.append(this.element);
  }

  // The legal actions now: the picker shows itself when they are placements.
  setLegal(actions) {
    const read = actions.map(placement);
    this.options = read.every(Boolean) ? read : [];
    this.element.hidden = !this.options.length;
    if (!this.options.length) return;
    const cells = this.cellsOffered();
    if (!cells.includes(this.cell)) this.cell = cells[0];
    this.kind = null;
    this.turn = 0;
    this.draw();
  }

  clear() {
    this.options = [];
    this.element.hidden = true;
  }

  cellsOffered() {
    return [...new Set(this.options.map((o) => o.cell))].sort();
  }

  chooseCell(cell) {
    if (!this.options.length || !this.cellsOffered().includes(cell)) return false;
    this.cell = cell;
    this.kind = null;
    this.turn = 0;
    this.draw();
    return true;
  }

  here() {
    return this.options.filter((o) => o.cell === this.cell);
  }

  // The ways the chosen tile may lie on the chosen cell, in turning order: from the engine's first, each next one a
  // quarter turn clockwise of the last where that one is legal (the others after, as the engine lists them).
  turns() {
    const legal = this.here().filter((o) => o.kind === this.kind);
    if (legal.length < 2) return legal;
    const ordered = [legal[0]];
    for (let k = 1; k < 4; k += 1) {
      const next = legal.find((o) => sameSides(o.open, quarterTurns(legal[0].open, k)));
      if (next && !ordered.includes(next)) ordered.push(next);
    }
    return [...ordered, ...legal.filter((o) => !ordered.includes(o))];
  }

  chosen() {
    const turns = this.turns();
    return turns.length ? turns[this.turn % turns.length] : null;
  }

  rotate() {
    const turns = this.turns();
    if (turns.length < 2) return;
    this.turn = (this.turn + 1) % turns.length;
    this.draw();
  }

  place() {
    const chosen = this.chosen();
    if (chosen) this.onAction(chosen.action);
  }

  key(event) {
    if (event.target.closest('input, textarea, select')) return;
    if (event.key.toLowerCase() === 'r' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      this.rotate();
    } else if (event.key === 'Enter' && !event.target.closest('button')) {
      event.preventDefault();
      this.place();
    }
  }

  draw() {
    const focused = this.element.contains(document.activeElement) ? document.activeElement.dataset.pick : null;
    this.cells.replaceChildren(...this.cellsOffered().map((cell) => el('button', { type: 'button', class: 'picker-cell',
      'aria-pressed': String(cell === this.cell), dataset: { pick: `cell-${cell}` }, onclick: () => this.chooseCell(cell) }, cell)));
    const kinds = [...new Set(this.here().map((o) => o.kind))];
    if (!kinds.includes(this.kind)) this.kind = kinds[0] ?? null;
    this.kinds.replaceChildren(...kinds.map((kind) => {
      const chosen = kind === this.kind;
      const shown = chosen ? this.chosen() : this.here().find((o) => o.kind === kind);
      const name = KIND_NAMES[kind] || kind;
      return el('button', { type: 'button', class: 'picker-tile', 'aria-pressed': String(chosen), dataset: { pick: `kind-${kind}`, kind },
        'aria-label': `${name}${shown.open ? `, open ${shown.open}` : ''}${chosen ? ' (chosen: press again to turn it)' : ''}`,
        onclick: () => { if (chosen) this.rotate(); else { this.kind = kind; this.turn = 0; this.draw(); } } },
      tilePicture(kind, shown.open, { size: 52, label: '' }), el('span', { class: 'picker-name', text: name }));
    }));
    const chosen = this.chosen();
    this.turnButton.disabled = this.turns().length < 2;
    this.placeButton.textContent = chosen ? `Place: ${chosen.action}` : 'Place';
    this.placeButton.disabled = !chosen;
    if (focused) this.element.querySelector(`[data-pick="${CSS.escape(focused)}"]`)?.focus();
  }
}

const CLOCKWISE = { N: 'E', E: 'S', S: 'W', W: 'N' };

// Openings turned a quarter clockwise `times` times (NE -> ES -> SW -> WN).
export function quarterTurns(open, times) {
  let sides = open;
  for (let k = 0; k < times; k += 1) sides = [...sides].map((side) => CLOCKWISE[side] || side).join('');
  return sides;
}

function sameSides(a, b) {
  return [...a].sort().join('') === [...b].sort().join('');
}
