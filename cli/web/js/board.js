// The board picture, drawn by the server (`render` with format svg, the same drawing as
// `lueur render`), and the cell a click or a key press points at. Each cell of the picture is
// <g class="cell" data-cell="c4">; the keyboard moves a cursor over them (arrows) and
// Enter or Space acts on the cell under it, as a click would.

import { call } from './api.js';

export class Board {
  constructor(element, status) {
    this.element = element;
    this.status = status;
    this.cellListeners = [];
    this.cursor = null;
    this.shown = 0;
    this.legend = false; // the page has room for the board and its panel; the legend is a choice
    // In a narrow window the prisoners' panel would shrink the board to a stamp: leave it out
    // (the tools list the prisoners anyway) and draw the board again when the width changes.
    this.narrow = matchMedia('(max-width: 700px)');
    this.narrow.addEventListener('change', () => { if (this.last) this.show(...this.last); });
    this.last = null;
    element.tabIndex = 0;
    element.addEventListener('click', (event) => {
      const cell = event.target.closest('[data-cell]');
      if (cell) this.pick(cell.dataset.cell);
    });
    element.addEventListener('keydown', (event) => this.key(event));
  }

  onCell(listener) {
    this.cellListeners.push(listener);
  }

  // Draws `position` with the overlays asked ({sight, light, highlight}); a position the
  // server cannot draw leaves the last picture and says why under it.
  async show(position, overlays = {}) {
    const ticket = ++this.shown;
    this.last = [position, overlays];
    try {
      const line = await call('render', { position, format: 'svg', legend: this.legend, panel: !this.narrow.matches,
        ...overlays });
      if (ticket !== this.shown) return; // a later picture was asked for meanwhile
      this.element.innerHTML = line.result.board;
      this.element.classList.remove('stale');
      this.status.textContent = line.result.awaits ? `Awaits: ${line.result.awaits}` : '';
      this.drawCursor();
    } catch (error) {
      if (ticket !== this.shown) return;
      this.element.classList.add('stale');
      this.status.textContent = `The board cannot be drawn: ${error.message}`;
    }
  }

  pick(cell) {
    this.cursor = cell;
    this.drawCursor();
    for (const listener of this.cellListeners) listener(cell);
  }

  key(event) {
    const moves = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const cells = [...this.element.querySelectorAll('.cell[data-cell]')].map((g) => g.dataset.cell);
    if (!cells.length) return;
    const size = Math.round(Math.sqrt(cells.length));
    if (moves[event.key]) {
      event.preventDefault();
      const [file, rank] = this.cursor ? parseCell(this.cursor) : [0, 0];
      const [df, dr] = moves[event.key];
      this.cursor = cellName((file + df + size) % size, (rank + dr + size) % size);
      this.drawCursor();
    } else if ((event.key === 'Enter' || event.key === ' ') && this.cursor) {
      event.preventDefault();
      this.pick(this.cursor);
    }
  }

  drawCursor() {
    for (const g of this.element.querySelectorAll('.cursor')) g.classList.remove('cursor');
    if (!this.cursor) return;
    const g = this.element.querySelector(`.cell[data-cell="${this.cursor}"]`);
    if (g) g.classList.add('cursor');
    this.element.setAttribute('aria-label', `The board; cursor on ${this.cursor}`);
  }
}

export function parseCell(name) {
  return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
}

export function cellName(file, rank) {
  return `${String.fromCharCode(97 + file)}${rank + 1}`;
}
