// The hint for the decision at hand (`hint`, streamed: the decision and its choices come at
// once, then the rankings as the estimate goes), the best choice with its value, the other
// choices ranked, which parts are proven (an exact chance, or an interval, then the estimate
// marked as one: hint-values.js), and a button that applies the hinted action; a choice proven
// lost never comes first while another can still win. Used by the Solve & hint tool and by the
// table companion (each says what applying means for it).

import { Search } from './solve-run.js';
import { clearErrors, el, fill, labelled, showError } from './solve-dom.js';
import { describe, proofSummary, provenLost, ranked } from './hint-values.js';

const SHOWN = 8; // other choices listed at once; the rest are folded (a start tile has over a hundred)

// A choice's value: what is proven of it, then its estimate marked as one (classes say which is which).
export function valueParts(choice) {
  const { kind, proven, estimate } = describe(choice);
  const parts = [el('span', { class: `hint-proven hint-${kind}` }, proven)];
  if (estimate) parts.push('; ', el('span', { class: 'hint-estimate' }, estimate));
  return parts;
}

function rankedList(choices, label, first) {
  return el('ol', { class: 'hint-others', 'aria-label': label, start: first },
    choices.map((choice) => el('li', { class: `hint-choice${provenLost(choice) ? ' hint-choice-lost' : ''}` },
      el('code', {}, choice.action), ' — ', valueParts(choice))));
}

export class HintView {
  constructor(container, api, { idPrefix, applyLabel = 'Apply this action', onApply }) {
    this.api = api;
    this.onApply = onApply;
    this.search = null;
    this.position = null;
    this.best = null;
    this.limit = el('input', { type: 'number', name: 'hint_time_limit', value: '1', min: '0.1', step: 'any', inputmode: 'decimal' });
    const limitError = `${idPrefix}-hint-limit-error`;
    this.askButton = el('button', { type: 'submit' }, 'Hint');
    this.stopButton = el('button', { type: 'button', disabled: true, onclick: () => this.stop() }, 'Stop');
    const form = el('form', { class: 'controls', onsubmit: (event) => { event.preventDefault(); this.ask(this.position); } },
      labelled('Time limit (seconds)', this.limit, limitError), this.askButton, this.stopButton);
    this.fields = { time_limit: form.querySelector(`#${limitError}`) };
    this.status = el('p', { class: 'hint-status', 'aria-live': 'polite' });
    this.errors = el('div', { class: 'errors', hidden: true });
    this.answer = el('div', { class: 'hint-answer' });
    this.applyButton = el('button', { type: 'button', class: 'apply-hint', hidden: true, onclick: () => this.apply() }, applyLabel);
    container.append(form, this.errors, this.status, this.answer, this.applyButton);
  }

  // A new position: what was said about the old one no longer holds.
  reset(position) {
    if (this.search) this.search.cancel();
    this.search = null;
    this.position = position;
    this.best = null;
    this.status.textContent = '';
    this.answer.replaceChildren();
    this.applyButton.hidden = true;
    this.askButton.disabled = false;
    this.stopButton.disabled = true;
    clearErrors(this.errors, this.fields);
  }

  async ask(position) {
    this.reset(position);
    if (!position) return;
    const body = { position, time_limit: Number(this.limit.value) };
    const search = new Search(this.api, 'hint', body, (info) => this.progress(info));
    this.search = search;
    this.askButton.disabled = true;
    this.stopButton.disabled = false;
    this.status.textContent = 'Thinking…';
    try {
      const line = await search.answer;
      if (this.search !== search) return;
      this.draw(line.result, true);
      this.status.textContent = line.stopped ? `Stopped (${line.stopped}): the ranking so far.` : `Done in ${line.seconds.toFixed(2)} s.`;
    } catch (error) {
      if (this.search !== search) return;
      this.status.textContent = '';
      showError(this.errors, error, this.fields);
    } finally {
      if (this.search === search) {
        this.askButton.disabled = false;
        this.stopButton.disabled = true;
      }
    }
  }

  stop() {
    if (this.search) this.search.cancel();
  }

  progress(info) {
    if (info.stage === 'waiting') {
      this.status.textContent = 'Waiting for a free worker…';
    } else if (info.best) {
      this.status.textContent = `Estimating the choices not settled… (${info.seconds.toFixed(1)} s): the ranking so far.`;
      this.draw(info, false);
    } else if (info.choices) {
      this.status.textContent = info.notes?.length ? `Estimating: ${info.notes.join('; ')}` : 'Ranking the choices…';
      this.answer.replaceChildren(el('p', { class: 'decision' }, `Decision: ${info.decision}`),
        el('p', {}, `Choices: ${info.choices.join(', ')}`));
    }
  }

  draw(result, final) {
    const choices = ranked(result);
    const [best, ...others] = choices;
    if (!best) return;
    this.best = final ? best : null;
    fill(this.answer,
      el('p', { class: 'decision' }, `Decision: ${result.decision}`),
      el('p', { class: `hint-best${provenLost(best) ? ' hint-choice-lost' : ''}` }, 'Best: ',
        el('strong', { class: 'hint-action' }, best.action), ' — ', valueParts(best)),
      others.length ? rankedList(others.slice(0, SHOWN), 'The other choices, best first', 2) : null,
      others.length > SHOWN ? el('details', {}, el('summary', {}, `The ${others.length - SHOWN} other choices`),
        rankedList(others.slice(SHOWN), 'The remaining choices', SHOWN + 2)) : null,
      el('p', { class: 'hint-proof' }, proofSummary(choices, final ? result.exact : null)),
      final && result.method ? el('p', { class: 'note' }, `Method: ${result.method}.`) : null,
      final && result.notes?.length ? el('p', { class: 'note' }, result.notes.join(' ')) : null,
    );
    this.applyButton.hidden = !final;
    if (final) this.applyButton.textContent = `Apply ${best.action}`;
  }

  async apply() {
    if (!this.best || !this.position) return;
    const action = this.best.action;
    try {
      const line = await this.api('apply', { position: this.position, actions: [action] });
      if (line.result.refused) {
        showError(this.errors, { message: `${action} was refused: ${line.result.reason}` });
        return;
      }
      this.onApply(action, line.result);
    } catch (error) {
      showError(this.errors, error);
    }
  }
}
