// The odds of the next draws (`odds` with draws 1, 2 and 3), shown as a table by tile type
// (the chance of at least one among the next n draws), with the risks the odds document
// lists (gates and keys burnt). Used by the Solve & hint tool and by the table companion.

import { clearErrors, el, percent, showError } from './solve-dom.js';

const DRAWS = [1, 2, 3];

export class OddsView {
  constructor(container, api) {
    this.api = api;
    this.asked = 0;
    this.summary = el('p', { class: 'odds-summary', 'aria-live': 'polite' });
    this.table = el('div', { class: 'odds-table' });
    this.risks = el('div', { class: 'odds-risks' });
    this.errors = el('div', { class: 'errors', hidden: true });
    container.append(this.summary, this.errors, this.table, this.risks);
  }

  clear(message = '') {
    this.asked += 1;
    this.summary.textContent = message;
    this.table.replaceChildren();
    this.risks.replaceChildren();
    clearErrors(this.errors);
  }

  async show(position) {
    const ticket = ++this.asked;
    this.summary.textContent = 'Counting the odds…';
    let answers;
    try {
      answers = await Promise.all(DRAWS.map((draws) => this.api('odds', { position, draws })));
    } catch (error) {
      if (ticket !== this.asked) return;
      this.clear();
      showError(this.errors, error);
      return;
    }
    if (ticket !== this.asked) return;
    clearErrors(this.errors);
    const odds = answers.map((line) => line.result);
    this.drawTable(odds);
    this.drawRisks(odds);
  }

  drawTable(odds) {
    const first = odds[0];
    if (!first.pile) {
      this.summary.textContent = 'The pile is empty: there is nothing left to draw.';
      this.table.replaceChildren();
      return;
    }
    this.summary.textContent = `Pile: ${first.pile} tiles. The chance of at least one of each type among the next draws:`;
    const rows = Object.keys(first.kinds).map((kind) => [kind.replace(/_/g, ' '), odds.map((o) => o.kinds[kind])]);
    if (first.keys) rows.push(['any key (key tiles and keepers)', odds.map((o) => o.keys)]);
    const head = el('tr', {}, el('th', { scope: 'col' }, 'tile type'), el('th', { scope: 'col' }, 'in pile'),
      DRAWS.map((n) => el('th', { scope: 'col' }, n === 1 ? 'next draw' : `next ${n}`)));
    const body = rows.map(([name, cells]) => el('tr', {}, el('th', { scope: 'row' }, name),
      el('td', {}, String(cells[0].in_pile)),
      cells.map((cell) => el('td', { title: cell.p_at_least_one_exact }, percent(cell.p_at_least_one)))));
    this.table.replaceChildren(el('table', { class: 'odds' },
      el('caption', {}, 'Odds of the next draws'), el('thead', {}, head), el('tbody', {}, body)));
    if (first.omens) this.table.append(el('p', { class: 'note' }, `Omens: ${first.omens}.`));
  }

  // The burn risks depend on how many tiles burn, the attack risks do not: each text once,
  // each risk's lines together.
  drawRisks(odds) {
    const seen = new Map();
    for (const name of Object.keys(odds[0].risks || {})) {
      for (const answer of odds) {
        const risk = answer.risks[name];
        if (risk && !seen.has(risk.text)) seen.set(risk.text, risk);
      }
    }
    if (!seen.size || !odds[0].pile) {
      this.risks.replaceChildren();
      return;
    }
    const items = [...seen.values()].map((risk) => el('li', { class: risk.p > 0 ? 'risk-live' : 'risk-none' },
      el('span', { class: 'risk-p', title: risk.p_exact }, percent(risk.p)), ' ', risk.text));
    this.risks.replaceChildren(el('h4', {}, 'Risks'), el('ul', { class: 'risks' }, items));
  }
}
