// A plan stepped through on the board, drawn as `solve --render` draws it: turn k shows the position the turn starts
// from with the turn's walks over it and the cells its actions name outlined (`render` with `walk`), then the position
// after the last turn. The positions come from `apply`, chained turn by turn; Previous/Next (and the arrow keys) move
// between them, the counter says "Turn k of n", and the turn's actions and what they caused are listed.

import { clearErrors, el, fill, showError } from './solve-dom.js';

export class PlanView {
  constructor(container, api, board) {
    this.api = api;
    this.board = board;
    this.steps = [];
    this.at = 0;
    this.loaded = 0;
    this.previous = el('button', { type: 'button', onclick: () => this.step(-1) }, '◀ Previous');
    this.next = el('button', { type: 'button', onclick: () => this.step(1) }, 'Next ▶');
    this.counter = el('span', { class: 'plan-counter', 'aria-live': 'polite' });
    this.actions = el('div', { class: 'plan-turn' });
    this.errors = el('div', { class: 'errors', hidden: true });
    this.root = el('div', { class: 'plan', hidden: true },
      el('h4', {}, 'The plan, turn by turn'),
      el('div', { class: 'plan-nav', role: 'group', 'aria-label': 'Step through the plan (arrow keys too)' },
        this.previous, this.counter, this.next),
      this.errors, this.actions);
    container.append(this.root);
  }

  get shown() {
    return !this.root.hidden && this.steps.length > 0;
  }

  clear() {
    this.loaded += 1;
    this.steps = [];
    this.at = 0;
    this.root.hidden = true;
    clearErrors(this.errors);
  }

  // Applies the plan turn after turn from `start`; the first step is the start itself.
  async load(start, plan) {
    this.clear();
    const ticket = this.loaded;
    const steps = [{ position: start, turn: null, events: [] }];
    for (const turn of plan) {
      const before = steps[steps.length - 1].position;
      let line;
      try {
        line = await this.api('apply', { position: before, actions: turn.actions });
      } catch (error) {
        if (ticket !== this.loaded) return;
        this.root.hidden = false;
        showError(this.errors, error);
        return;
      }
      if (ticket !== this.loaded) return;
      const result = line.result;
      if (result.refused) {
        this.root.hidden = false;
        showError(this.errors, { message: `Turn ${steps.length} cannot be replayed: ${result.refused}: ${result.reason}` });
        return;
      }
      steps.push({ position: result.position, before, turn, events: result.events.map((event) => event.text) });
    }
    steps.push({ position: steps[steps.length - 1].position, turn: null, events: [], end: true });
    this.steps = steps;
    this.root.hidden = false;
    this.go(0);
  }

  step(delta) {
    if (this.steps.length) this.go(Math.min(Math.max(this.at + delta, 0), this.steps.length - 1));
  }

  go(index) {
    this.at = index;
    const last = this.steps.length - 1;
    const step = this.steps[index];
    const turns = last - 1; // the steps: the start, each turn drawn on its start, the end
    this.counter.textContent = index === 0 ? `Turn 0 of ${turns}: the start` : index === last ? `After turn ${turns}: the end`
      : `Turn ${index} of ${turns}`;
    this.previous.disabled = index === 0;
    this.next.disabled = index === last;
    if (index === last) {
      this.actions.replaceChildren(el('p', {}, 'Where the plan ends: every prisoner on the gate with a key.'));
    } else if (!step.turn) {
      this.actions.replaceChildren(el('p', {}, 'The position the plan starts from. Next shows the first turn.'));
    } else {
      fill(this.actions,
        el('p', {}, el('strong', {}, step.turn.prisoner), ' plays:'),
        el('ol', { class: 'plan-actions' }, step.turn.actions.map((action) => el('li', {}, el('code', {}, action)))),
        step.events.length ? el('details', {}, el('summary', {}, 'What happened'),
          el('ul', {}, step.events.map((text) => el('li', {}, text)))) : null,
      );
    }
    this.showBoard();
  }

  // Turn k: the position it starts from, its walks drawn and the cells it names outlined, as the stepped page has it.
  showBoard() {
    const step = this.steps[this.at];
    if (!step) return;
    if (step.turn) this.board.show(step.before, { walk: step.turn.actions });
    else this.board.show(step.position);
  }
}
