// A board picture drawn by the server, and the square a click or a key press points at. Two games draw their boards:
// The Night Cage (`render` with format svg, the same drawing as `lueur render`: each cell a <g class="cell"
// data-cell="c4">) and Fearsome Floors (`ff.render`: each square a <g class="square" data-square="c4">). The keyboard
// moves a cursor over the squares (arrows; the Night Cage's board wraps round, as the game does) and Enter or Space acts
// on the square under it, as a click would.

import { call } from './api.js';
import { picture } from './dom.js';

export class Board {
  // draw(position, overlays) asks the server and returns {svg, status}; `attribute` names the squares' data attribute.
  constructor(element, status, { draw, attribute = 'cell', wraps = true }) {
    this.element = element;
    this.status = status;
    this.draw = draw;
    this.attribute = attribute;
    this.wraps = wraps;
    this.cellListeners = [];
    this.cursor = null;
    this.shown = 0;
    this.last = null;
    element.tabIndex = 0;
    element.addEventListener('click', (event) => {
      const cell = event.target.closest(`[data-${attribute}]`);
      if (cell) this.pick(cell.dataset[attribute]);
    });
    element.addEventListener('keydown', (event) => this.key(event));
  }

  onCell(listener) {
    this.cellListeners.push(listener);
  }

  // Draws `position` with the overlays asked; a position the server cannot draw leaves the last picture and says why.
  async show(position, overlays = {}) {
    const ticket = ++this.shown;
    this.last = [position, overlays];
    try {
      const drawn = await this.draw(position, overlays);
      if (ticket !== this.shown) return; // a later picture was asked for meanwhile
      this.element.replaceChildren(picture(drawn.svg));
      this.element.classList.remove('stale');
      this.status.textContent = drawn.status;
      this.drawCursor();
    } catch (error) {
      if (ticket !== this.shown) return;
      this.element.classList.add('stale');
      this.status.textContent = `The board cannot be drawn: ${error.message}`;
    }
  }

  redraw() {
    if (this.last) this.show(...this.last);
  }

  pick(cell) {
    this.cursor = cell;
    this.drawCursor();
    for (const listener of this.cellListeners) listener(cell);
  }

  names() {
    return new Set([...this.element.querySelectorAll(`[data-${this.attribute}]`)].map((g) => g.dataset[this.attribute]));
  }

  key(event) {
    const moves = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const names = this.names();
    if (!names.size) return;
    if (moves[event.key]) {
      event.preventDefault();
      this.cursor = this.next(names, moves[event.key]);
      this.drawCursor();
    } else if ((event.key === 'Enter' || event.key === ' ') && this.cursor) {
      event.preventDefault();
      this.pick(this.cursor);
    }
  }

  // The square the arrow leads to: round the edges on a board that wraps, else the next square there is (or no move).
  next(names, [df, dr]) {
    const files = Math.max(...[...names].map((n) => parseCell(n)[0])) + 1;
    const ranks = Math.max(...[...names].map((n) => parseCell(n)[1])) + 1;
    let [file, rank] = this.cursor && names.has(this.cursor) ? parseCell(this.cursor) : parseCell([...names].sort()[0]);
    for (let tries = 0; tries < Math.max(files, ranks); tries += 1) {
      file += df;
      rank += dr;
      if (this.wraps) {
        file = (file + files) % files;
        rank = (rank + ranks) % ranks;
      } else if (file < 0 || rank < 0 || file >= files || rank >= ranks) {
        return this.cursor;
      }
      if (names.has(cellName(file, rank))) return cellName(file, rank);
    }
    return this.cursor;
  }

  drawCursor() {
    for (const g of this.element.querySelectorAll('.cursor')) g.classList.remove('cursor');
    if (!this.cursor) return;
    const g = this.element.querySelector(`[data-${this.attribute}="${CSS.escape(this.cursor)}"]`);
    if (g) g.classList.add('cursor');
    this.element.setAttribute('aria-label', `The board; cursor on ${this.cursor}`);
  }
}

// The Night Cage's board: `render` as `lueur render` draws it. The picture's own panel of the prisoners is drawn only
// when asked (`board.panel`) and never in a narrow window: beside the board it shrinks the board, which is what a
// person looks at; the page lists the prisoners in words under the board instead (prisoners.js).
export function nightCageBoard(element, status) {
  const narrow = matchMedia('(max-width: 700px)');
  const board = new Board(element, status, {
    draw: async (position, overlays) => {
      const line = await call('render', { position, format: 'svg', legend: board.legend, panel: board.panel && !narrow.matches,
        ...overlays });
      return { svg: line.result.board, status: line.result.awaits ? `Awaits: ${line.result.awaits}` : '' };
    },
  });
  board.legend = false;
  board.panel = false;
  narrow.addEventListener('change', () => board.redraw());
  return board;
}

// Fearsome Floors' board: `ff.render`, with the monster's paths when asked ({forecast: true} or {tile: '8'}); its panel
// left out in a narrow window (the tool's forecast table says which path is which tile, and the tags on them do too).
export function fearsomeBoard(element, status) {
  const narrow = matchMedia('(max-width: 700px)');
  const board = new Board(element, status, {
    attribute: 'square',
    wraps: false,
    draw: async (position, overlays) => {
      const line = await call('ff.render', { position, legend: false, panel: !narrow.matches, ...overlays });
      return { svg: line.result.board, status: line.result.status.join('. ') };
    },
  });
  narrow.addEventListener('change', () => board.redraw());
  return board;
}

export function parseCell(name) {
  return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
}

export function cellName(file, rank) {
  return `${String.fromCharCode(97 + file)}${rank + 1}`;
}
