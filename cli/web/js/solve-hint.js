// The hint for the decision at hand (`hint`, streamed: the decision and its choices come at
// once, then the rankings as the playouts go), the best choice with its evaluation, the other
// choices ranked, and a button that applies the hinted action. Used by the Solve & hint tool
// and by the table companion (each says what applying means for it).

import { Search } from './solve-run.js';
import { clearErrors, el, fill, labelled, percent, showError } from './solve-dom.js';

const SHOWN = 8; // other choices listed at once; the rest are folded (a start tile has over a hundred)

function rankedList(choices, label, first) {
  return el('ol', { class: 'hint-others', 'aria-label': label, start: first },
    choices.map((choice) => el('li', {}, el('code', {}, choice.action), ` — ${evaluation(choice)}`)));
}

// A fraction as the engine writes it ("3/8"), or a number, as a proportion; null for anything else.
export function proportion(value) {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(String(value ?? ''));
  return match && Number(match[2]) > 0 ? Number(match[1]) / Number(match[2]) : null;
}

function chance(value) {
  const p = proportion(value);
  if (p === null) return null;
  return typeof value === 'string' && value.includes('/') && !['0/1', '1/1'].includes(value.replace(/\s/g, ''))
    ? `${percent(p)} (${value.replace(/\s/g, '')})` : percent(p);
}

const VERDICT_WORDS = {
  win: 'wins', lose: 'loses', certain: 'escapes whatever is drawn', possible: 'escapes with some draws',
  impossible: 'cannot escape, whatever is drawn',
};

// The bounds a choice may carry, in whichever shape the engine gives them ({low, high}, [low, high], p_win_low...).
function bounds(choice) {
  const b = choice.bounds ?? choice.p_win_bounds;
  const pair = Array.isArray(b) ? b : b && typeof b === 'object' ? [b.low ?? b.lower ?? b.min, b.high ?? b.upper ?? b.max]
    : [choice.p_win_low ?? choice.lower, choice.p_win_high ?? choice.upper];
  const [low, high] = pair.map(proportion);
  return low === null && high === null ? null : [low ?? 0, high ?? 1];
}

// What the hint says of one choice: its verdict, its exact chance or bounds, whether it is proven, or its playouts'
// estimate. Whatever the engine evaluated is shown; "not evaluated yet" only when it said nothing of the choice.
export function evaluation(choice) {
  const proven = choice.proven ? ' (proven)' : '';
  const exact = chance(choice.p_win ?? choice.p_win_float);
  const range = bounds(choice);
  const verdict = choice.verdict ? VERDICT_WORDS[choice.verdict] || choice.verdict : null;
  const turns = choice.turns ? ` in ${choice.turns} turn${choice.turns === 1 ? '' : 's'}` : '';
  const parts = [];
  if (verdict) parts.push(`${verdict}${choice.verdict === 'win' ? turns : ''}`);
  if (exact !== null && !['win', 'lose'].includes(choice.verdict)) parts.push(`chance of escaping ${exact}`);
  else if (exact === null && range) parts.push(`chance of escaping between ${percent(range[0])} and ${percent(range[1])}`);
  if (parts.length) return parts.join(', ') + proven;
  const estimate = choice.estimate;
  if (estimate && typeof estimate.rate === 'number') {
    const [low, high] = estimate.ci95;
    return `${percent(estimate.rate)} of ${estimate.trials} playouts won (95%: ${percent(low)} to ${percent(high)})`;
  }
  return 'not evaluated yet';
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
      this.status.textContent = `Playing out… (${info.seconds.toFixed(1)} s)`;
      this.draw(info, false);
    } else if (info.choices) {
      this.status.textContent = info.notes?.length ? `Estimating: ${info.notes.join('; ')}` : 'Ranking the choices…';
      this.answer.replaceChildren(el('p', { class: 'decision' }, `Decision: ${info.decision}`),
        el('p', {}, `Choices: ${info.choices.join(', ')}`));
    }
  }

  draw(result, final) {
    const best = result.best;
    this.best = final ? best : null;
    const others = (result.choices || []).filter((choice) => choice.action !== best.action);
    fill(this.answer,
      el('p', { class: 'decision' }, `Decision: ${result.decision}`),
      el('p', { class: 'hint-best' }, 'Best: ', el('strong', { class: 'hint-action' }, best.action), ` — ${evaluation(best)}`),
      others.length ? rankedList(others.slice(0, SHOWN), 'The other choices, best first', 2) : null,
      others.length > SHOWN ? el('details', {}, el('summary', {}, `The ${others.length - SHOWN} other choices`),
        rankedList(others.slice(SHOWN), 'The remaining choices', SHOWN + 2)) : null,
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
