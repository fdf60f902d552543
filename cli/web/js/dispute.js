// The dispute tool: the legal actions of the decision at hand and why every other candidate is refused; any action
// typed in the notation (docs/notation.md), adjudicated step by step: each step's text, its rulebook section (said in a
// sentence) and the ruling it used in players' words with the other reading of it, the board after it (its cells
// outlined); a refused action's reason and the legal alternatives; the result kept as the new position, or left. A
// scenario's own question and checks are shown above (each check's actions one click away), and a question opened
// from the gallery also says what the project rules and the rulings it turns on.

import { cellsIn, el, field } from './editor-dom.js';
import { errorProblems } from './editor-io.js';
import { rulingBox } from './gallery.js';
import { eventLines } from './narration.js';
import { words as loadWords } from './words.js';

export const BOARD = 'nc';

export function mount(panel, ctx) {
  let start = null; // the position the dispute is about
  let steps = []; // [{event, position}]: each step of the last adjudication, and the board after it
  let result = null;
  let opened = null; // the gallery's entry the position came from, while it is the one shown
  let words = null; // the rulings and sections in words (words.js), asked when the tool is first shown

  const scenario = el('div', { class: 'dp-scenario', id: 'dp-scenario' });
  const awaits = el('p', { class: 'awaits', id: 'dp-awaits' });
  const legal = el('div', { class: 'dp-legal row-buttons', id: 'dp-legal', role: 'group', 'aria-label': 'Legal actions' });
  const refusedList = el('ul', { class: 'dp-refused-list' });
  const refused = el('details', { class: 'dp-refused', id: 'dp-refused' }, el('summary', { text: 'Refused candidates' }), refusedList);
  const input = el('input', { type: 'text', id: 'dp-action', autocomplete: 'off', spellcheck: 'false', placeholder: 'move N; discard e2' });
  const outcome = el('div', { class: 'dp-result', id: 'dp-result', 'aria-live': 'polite' });
  const form = el('form', { class: 'dp-form', onsubmit: (event) => { event.preventDefault(); adjudicate(input.value); } },
    field('Action (notation; several separated by ;)', input),
    el('button', { type: 'submit', id: 'dp-apply', text: 'Apply' }));
  panel.replaceChildren(el('h2', { text: 'Dispute' }), scenario, awaits,
    el('h3', { text: 'Legal actions' }), legal, refused, form, outcome);

  // The position's own title, question and checks (a scenario's meta), and what the gallery adds.
  function drawScenario(position) {
    const meta = position && typeof position.meta === 'object' && position.meta ? position.meta : {};
    const checks = Array.isArray(meta.checks) ? meta.checks.filter((c) => c && typeof c === 'object') : [];
    const parts = [];
    if (meta.title) parts.push(el('h3', { class: 'dp-title', text: String(meta.title) }));
    if (meta.question) parts.push(el('p', { class: 'dp-question', text: String(meta.question) }));
    if (opened) {
      if (opened.answer) parts.push(el('p', { class: 'dp-answer' }, el('strong', { text: 'What the project rules: ' }), opened.answer));
      if (opened.problems.length) parts.push(problemList(opened.problems.map((message) => ({ path: '', message })), ''));
      parts.push(...opened.rulings.map(rulingBox));
    }
    if (checks.length) {
      parts.push(el('details', { class: 'dp-checks', id: 'dp-checks', open: Boolean(opened) },
        el('summary', { text: `The scenario's checks (${checks.length})` }),
        el('ul', {}, checks.map((check) => {
          const actions = Array.isArray(check.actions) ? check.actions.filter((a) => typeof a === 'string') : [];
          return el('li', {}, String(check.note ?? ''), actions.length ? ' ' : '', actions.length ? el('button', { type: 'button', class: 'link dp-check-play',
            onclick: () => { input.value = actions.join('; '); adjudicate(input.value); } }, actions.join('; ')) : null);
        }))));
    }
    if (meta.source) parts.push(el('p', { class: 'help', text: `Source: ${meta.source}` }));
    scenario.replaceChildren(...parts);
  }

  async function load() {
    if (!words) loadWords(ctx.api).then((w) => { words = w; });
    start = ctx.store.position;
    const asked = start; // this call's position: a later call changes start before an earlier answer comes back
    if (opened && opened.position !== start) opened = null;
    result = null; steps = [];
    outcome.replaceChildren();
    drawScenario(start);
    ctx.board.show(start);
    try {
      const line = await ctx.api('legal', { position: asked, explain: true });
      if (asked !== ctx.store.position) return;
      const doc = line.result;
      awaits.textContent = doc.outcome ? `The game is over: ${doc.outcome}.` : `Awaits: ${doc.awaits}`;
      legal.replaceChildren(...doc.actions.map((action) => el('button', { type: 'button', class: 'dp-action', text: action,
        onclick: () => { input.value = action; adjudicate(action); } })));
      if (!doc.actions.length) legal.append(el('span', { class: 'help', text: 'No legal action.' }));
      refused.querySelector('summary').textContent = `Refused candidates (${(doc.illegal || []).length})`;
      refusedList.replaceChildren(...(doc.illegal || []).map((c) => el('li', {}, el('code', { text: c.action }), ` ${c.reason}`)));
    } catch (error) {
      if (asked !== ctx.store.position) return;
      awaits.textContent = '';
      legal.replaceChildren(problemList(errorProblems(error, 'No legal actions: the position cannot be read'),
        'Fix the position in the editor first.'));
      refusedList.replaceChildren();
    }
  }

  // Applies the actions one prefix at a time, so each step's board is the position after its action.
  async function adjudicate(text) {
    const actions = text.split(';').map((a) => a.trim()).filter(Boolean);
    if (!actions.length) {
      outcome.replaceChildren(el('p', { class: 'problems', text: 'Type an action first, e.g. move N.' }));
      return;
    }
    steps = [];
    if (!words) words = await loadWords(ctx.api);
    try {
      for (let k = 1; k <= actions.length; k += 1) {
        const line = await ctx.api('apply', { position: start, actions: actions.slice(0, k) });
        result = line.result;
        for (const event of result.events.slice(steps.length)) steps.push({ event, position: result.position });
        if (result.refused) break;
      }
    } catch (error) {
      result = null;
      outcome.replaceChildren(problemList(errorProblems(error, 'The engine refused the request'), ''));
      return;
    }
    drawResult();
    showStep(steps.length ? steps.length - 1 : -1, { focus: false });
  }

  function drawResult() {
    const parts = [];
    if (result.refused) {
      parts.push(el('div', { class: 'dp-refusal', role: 'alert' },
        el('p', {}, el('strong', { text: 'Refused: ' }), el('code', { text: result.refused }), `: ${result.reason}`),
        el('p', { text: 'Legal instead:' }),
        el('div', { class: 'row-buttons' }, result.legal.map((action) => el('button', { type: 'button', text: action,
          onclick: () => { input.value = action; adjudicate(action); } })))));
    }
    if (steps.length) {
      parts.push(el('h3', { text: 'Step by step' }));
      const before = stepButton(-1, [el('span', { class: 'dp-step-text', text: 'The position before' })]);
      parts.push(el('ol', { class: 'dp-steps', id: 'dp-steps', start: 0 }, el('li', {}, before),
        steps.map(({ event }, index) => el('li', {}, stepButton(index, eventLines(event, words))))));
      const end = result.outcome ? `The game is over: ${result.outcome} (${result.outcome_reason}).` : `Then: ${result.awaits}`;
      parts.push(el('p', { class: 'dp-then', text: end }));
    }
    for (const alt of result.alternatives || []) {
      const said = words?.rulings.get(alt.ruling);
      parts.push(el('div', { class: 'dp-alternative' },
        el('p', {}, el('strong', { text: `${said ? `${said.title} (${alt.ruling})` : alt.ruling}, read the other way` }), ` (${alt.reading}): `,
          alt.outcome ? `the game ends: ${alt.outcome}.` : alt.refused ? `refused: ${alt.refused.reason}.` : 'the result differs.'),
        el('ul', {}, alt.differences.map((d) => el('li', { text: d })))));
    }
    parts.push(el('div', { class: 'row-buttons' },
      el('button', { type: 'button', id: 'dp-keep', text: 'Keep the result as the position', disabled: !steps.length && !!result.refused,
        onclick: () => ctx.store.set(result.position, { from: 'dispute' }) }),
      el('button', { type: 'button', id: 'dp-back', text: 'Back to the position', onclick: load })));
    outcome.replaceChildren(...parts);
  }

  function stepButton(index, lines) {
    return el('button', { type: 'button', class: 'dp-step', dataset: { step: String(index) }, 'aria-pressed': 'false',
      onclick: () => showStep(index), onkeydown: (e) => stepKey(e, index) }, lines);
  }

  function stepKey(event, index) {
    const next = { ArrowDown: index + 1, ArrowUp: index - 1 }[event.key];
    if (next === undefined || next < -1 || next >= steps.length) return;
    event.preventDefault();
    showStep(next);
  }

  // The board at a step: the position after its action, the cells its text names outlined.
  function showStep(index, { focus = true } = {}) {
    for (const button of outcome.querySelectorAll('.dp-step')) {
      const chosen = Number(button.dataset.step) === index;
      button.setAttribute('aria-pressed', String(chosen));
      if (chosen && focus) button.focus({ preventScroll: true });
    }
    if (index < 0) {
      ctx.board.show(start);
      return;
    }
    const { event, position } = steps[index];
    ctx.board.show(position, { highlight: cellsIn(event.text, Number(position.size) || 6) });
  }

  return {
    activate: load,
    onPosition: load,
    // A question from the gallery: its position in the store, its disputed action adjudicated at once.
    async open({ entry } = {}) {
      if (!entry) return;
      opened = entry;
      ctx.store.set(entry.position, { from: 'gallery' }); // onPosition loads it
      if (entry.actions.length && !entry.problems.length) {
        input.value = entry.actions.join('; ');
        await load();
        await adjudicate(input.value);
      }
    },
  };
}

function problemList(problems, advice) {
  return el('div', { class: 'problems', role: 'alert' },
    el('ul', {}, problems.map((p) => el('li', { text: p.path ? `${p.path}: ${p.message}` : p.message }))),
    advice ? el('p', { text: advice }) : null);
}
