// Entering what happened at the table: a field for the action in the notation (with the legal
// actions offered as completions), the legal actions as buttons (narrowed by what is typed, or
// by a cell clicked on the board), and the reason beside the field when the rules refuse it.

import { el, fill } from './solve-dom.js';

const SHOWN = 24;

export class EntryView {
  constructor(container, { onAction }) {
    this.onAction = onAction;
    this.legal = [];
    this.cell = null;
    this.field = el('input', { type: 'text', name: 'action', id: 'companion-action', list: 'companion-legal-list',
      autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'companion-action-error',
      placeholder: 'e.g. place c5 t:NES', oninput: () => this.drawButtons() });
    this.datalist = el('datalist', { id: 'companion-legal-list' });
    this.error = el('p', { class: 'field-error', id: 'companion-action-error', 'aria-live': 'polite' });
    this.applyButton = el('button', { type: 'submit' }, 'Apply');
    this.form = el('form', { class: 'controls entry', onsubmit: (event) => { event.preventDefault(); this.submit(); } },
      el('label', { class: 'field wide', for: 'companion-action' }, el('span', { class: 'field-name' }, 'Action at the table'), this.field),
      this.applyButton, this.datalist);
    this.heading = el('p', { class: 'legal-heading' });
    this.buttons = el('div', { class: 'legal-actions', role: 'group', 'aria-label': 'Legal actions' });
    container.append(this.form, this.error, this.heading, this.buttons);
  }

  // The legal actions of the position now (an empty list: the game is over, or unknown).
  setLegal(actions, enabled) {
    this.legal = actions;
    this.cell = null;
    this.field.disabled = !enabled;
    this.applyButton.disabled = !enabled;
    fill(this.datalist, actions.map((action) => el('option', { value: action })));
    this.drawButtons();
  }

  // A new position: the old legal actions no longer apply (until setLegal brings the new ones).
  pending() {
    this.legal = [];
    this.cell = null;
    this.buttons.replaceChildren();
    this.heading.textContent = 'Finding the legal actions…';
  }

  showRefusal(message) {
    this.error.textContent = message;
  }

  clear() {
    this.field.value = '';
    this.error.textContent = '';
  }

  filterByCell(cell) {
    this.cell = this.cell === cell ? null : cell;
    this.drawButtons();
  }

  submit() {
    const action = this.field.value.trim().replace(/\s+/g, ' ');
    if (!action) {
      this.error.textContent = 'Type the action that happened (in the notation), or choose one of the legal actions below.';
      return;
    }
    this.onAction(action);
  }

  drawButtons() {
    const typed = this.field.value.trim().toLowerCase();
    const matching = this.legal.filter((action) => (!typed || action.toLowerCase().includes(typed))
      && (!this.cell || new RegExp(`\\b${this.cell}\\b`).test(action)));
    const narrowed = [typed ? `matching “${typed}”` : '', this.cell ? `on ${this.cell}` : ''].filter(Boolean).join(', ');
    const more = matching.length > SHOWN ? ` (the first ${SHOWN}: type or click a cell on the board to narrow)` : '';
    this.heading.textContent = this.legal.length
      ? `Legal actions${narrowed ? ` ${narrowed}` : ''}: ${matching.length} of ${this.legal.length}${more}`
      : '';
    fill(this.buttons, matching.slice(0, SHOWN).map((action) => el('button', {
      type: 'button', class: 'legal-action', onclick: () => this.onAction(action),
    }, action)), this.cell ? el('button', { type: 'button', class: 'link', onclick: () => this.filterByCell(this.cell) }, `all cells`) : null);
  }
}
