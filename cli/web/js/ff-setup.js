// Setting up a Fearsome Floors position by clicking the board: put a pawn on a square (or back by the entrance), lay or
// lift a stone (plain, crystal, the two pivots), put the monster down facing a way. Each click changes a copy of the
// position's JSON (docs/fearsome-floors.md); the engine says what is wrong when it draws it (`ff.render`).

import { el } from './dom.js';

const STONES = [['plain', 'Plain stone'], ['crystal', 'Crystal'], ['pivot_right', 'Right-turn pivot'], ['pivot_back', 'Half-turn pivot']];
const FACINGS = [['n', 'north'], ['e', 'east'], ['s', 'south'], ['w', 'west']];

export class FearsomeSetup {
  constructor(container, { edit }) {
    this.edit = edit; // edit(change): change(copy of the position's JSON), then the copy is drawn and kept
    this.position = null;
    this.tool = 'pawn';
    this.pawn = el('select', { id: 'ff-setup-pawn', 'aria-label': 'The pawn a click puts down' });
    this.facing = el('select', { id: 'ff-setup-facing', 'aria-label': 'The way the monster faces' },
      FACINGS.map(([value, text]) => el('option', { value, text })));
    const choice = (value, label, extra) => el('label', { class: 'palette-kind' },
      el('input', { type: 'radio', name: 'ff-setup', value, id: `ff-setup-${value}`, checked: value === this.tool,
        onchange: () => { this.tool = value; } }), ` ${label}`, extra || null);
    this.element = el('fieldset', { class: 'palette ff-setup' },
      el('legend', { text: 'Set up: a click on the board puts down' }),
      el('div', { class: 'palette-kinds' },
        choice('pawn', 'this pawn: ', this.pawn),
        ...STONES.map(([value, label]) => choice(value, label)),
        choice('monster', 'the monster, facing ', this.facing),
        choice('clear', 'nothing (lift a stone, send a pawn back to wait)')),
      el('div', { class: 'row-buttons' },
        el('button', { type: 'button', id: 'ff-setup-wait', onclick: () => this.sendBack() }, 'The pawn back by the entrance')));
    container.append(this.element);
  }

  show(position) {
    this.position = position;
    const chosen = this.pawn.value;
    const pawns = Array.isArray(position?.pawns) ? position.pawns : [];
    this.pawn.replaceChildren(...pawns.map((p) => el('option', { value: String(p.id), text: `${p.id} (${p.colour}, ${p.at})` })));
    if (pawns.some((p) => String(p.id) === chosen)) this.pawn.value = chosen;
  }

  sendBack() {
    const id = this.pawn.value;
    this.edit((pos) => { for (const p of pos.pawns || []) if (String(p.id) === id) p.at = 'waiting'; });
  }

  onSquare(square) {
    const tool = this.tool;
    this.edit((pos) => {
      pos.stones = pos.stones && typeof pos.stones === 'object' ? pos.stones : {};
      const pawns = Array.isArray(pos.pawns) ? pos.pawns : [];
      if (tool === 'pawn') {
        const pawn = pawns.find((p) => String(p.id) === this.pawn.value);
        if (pawn) pawn.at = square;
      } else if (tool === 'monster') {
        pos.monster = { at: square, facing: this.facing.value };
      } else if (tool === 'clear') {
        delete pos.stones[square];
        for (const p of pawns) if (p.at === square) p.at = 'waiting';
      } else {
        pos.stones[square] = tool;
      }
    });
  }
}
