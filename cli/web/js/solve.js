// The Solve & hint tool: on the position in the store, the solver's answer (`solve`, its
// progress streamed, with a Cancel button) and its plan stepped through on the board
// (solve-plan.js); the hint for the decision at hand (solve-hint.js); the odds of the next
// draws and the risks (solve-odds.js).

import { PlanView } from './solve-plan.js';
import { HintView, valueParts } from './solve-hint.js';
import { provenLost } from './hint-values.js';
import { OddsView } from './solve-odds.js';
import { Search } from './solve-run.js';
import { clearErrors, el, labelled, percent, showError, typing } from './solve-dom.js';
import { gallery } from './words.js';

export const BOARD = 'nc';

const PROGRESS_LINES = 6;

function choice(name, options, chosen) {
  return el('select', { name }, options.map(([value, text]) => el('option', { value, selected: value === chosen }, text)));
}

export function progressText(info) {
  if (info.stage === 'waiting') return 'waiting for a free worker';
  if (info.stage === 'starting') {
    const nodes = info.max_nodes ? `, at most ${info.max_nodes.toLocaleString('en')} positions` : '';
    return `starting: ${info.planner} planner, ${info.time_limit} s${nodes}`;
  }
  const bound = info.turns_at_least !== undefined ? `, at least ${info.turns_at_least} turns`
    : info.nerve_at_least !== undefined ? `, at least ${info.nerve_at_least} Nerve` : '';
  const nodes = info.nodes !== undefined ? `: ${info.nodes.toLocaleString('en')} positions expanded, ${(info.generated ?? 0).toLocaleString('en')} generated` : '';
  return `${info.stage}${nodes}${bound} (${info.seconds.toFixed(1)} s)`;
}

function sentence(text) {
  return String(text).replace(/[.\s]+$/, '');
}

export function verdictText(result) {
  const proven = result.stats?.proven_optimal;
  const reason = result.reason ? sentence(result.reason) : null;
  if (result.verdict === 'win') {
    const nerve = result.nerve_spent === 1 ? '1 Nerve' : `${result.nerve_spent} Nerve`;
    return `Win in ${result.turns} turn${result.turns === 1 ? '' : 's'}, ${nerve} spent — ${proven ? 'proven optimal' : 'not proven optimal'}.`;
  }
  if (result.verdict === 'lose') return `Impossible${proven ? ' (proven)' : ''}: ${reason || 'no plan escapes'}.`;
  // a pile of unknown order (the expectimax): the chance of escaping, playing as the draws come
  const chance = result.p_win ? ` (chance of escaping: ${result.p_win}, ${percent(result.p_win_float)})` : '';
  if (result.verdict === 'certain') return `Certain: every order of the pile lets them escape${chance}.`;
  if (result.verdict === 'possible') return `Possible: some orders of the pile let them escape${chance}.`;
  if (result.verdict === 'impossible') return `Impossible: no order of the pile lets them escape${reason ? `: ${reason}` : ''}.`;
  return `Unknown: ${reason || 'the search gave no answer'}.`;
}

export function mount(panel, ctx) {
  let search = null;
  let solvedFor = null;

  const engine = choice('engine', [['search', 'search (exact, optimal)'], ['cpsat', 'CP-SAT'], ['both', 'both (they must agree)']], 'search');
  const objective = choice('objective', [['turns', 'fewest turns'], ['nerve', 'least Nerve']], 'turns');
  const limit = el('input', { type: 'number', name: 'time_limit', value: '10', min: '0.1', step: 'any', inputmode: 'decimal' });
  const solveButton = el('button', { type: 'submit' }, 'Solve');
  const cancelButton = el('button', { type: 'button', disabled: true, onclick: () => search && search.cancel() }, 'Cancel');
  const form = el('form', { class: 'controls', onsubmit: (event) => { event.preventDefault(); solve(); } },
    labelled('Engine', engine, 'solve-engine-error'), labelled('Objective', objective, 'solve-objective-error'),
    labelled('Time limit (seconds)', limit, 'solve-limit-error'), solveButton, cancelButton);
  const fields = Object.fromEntries(['engine', 'objective', 'time_limit'].map((name, i) =>
    [name, form.querySelector(`#${['solve-engine-error', 'solve-objective-error', 'solve-limit-error'][i]}`)]));
  const progress = el('ol', { class: 'progress', role: 'log', 'aria-label': 'Progress of the search' });
  const errors = el('div', { class: 'errors', hidden: true });
  const answer = el('div', { class: 'solve-answer', 'aria-live': 'polite' });

  // The bundled end-games and puzzles (the protocol's `gallery` lists them), one choice away.
  const bundled = el('select', { id: 'solve-bundled', 'aria-describedby': 'solve-bundled-question' },
    el('option', { value: '', text: 'Loading the bundled end-games…' }));
  const bundledQuestion = el('p', { class: 'help', id: 'solve-bundled-question' });
  let endgames = [];
  const openBundled = () => {
    const chosen = endgames.find((e) => e.id === bundled.value);
    if (!chosen) return;
    ctx.store.set(chosen.position, { from: 'solve' });
    bundledQuestion.textContent = chosen.question;
  };
  const pickSection = el('section', { class: 'tool-part', 'aria-labelledby': 'solve-pick-title' },
    el('h3', { id: 'solve-pick-title' }, 'A position to solve'),
    el('div', { class: 'controls' }, labelled('A bundled end-game or puzzle', bundled),
      el('button', { type: 'button', id: 'solve-open', onclick: openBundled }, 'Open it')),
    bundledQuestion,
    el('p', { class: 'help', text: 'Or the position of any other tool: set one up, or keep the result of a dispute.' }));
  async function loadBundled() {
    if (endgames.length) return;
    try {
      endgames = (await gallery(ctx.api)).endgames;
    } catch (error) {
      bundled.replaceChildren(el('option', { value: '', text: `The bundled end-games could not be listed: ${error.message}` }));
      return;
    }
    const groups = [...new Set(endgames.map((e) => e.group))];
    bundled.replaceChildren(el('option', { value: '', text: 'Choose one…' }), ...groups.map((group) => el('optgroup', { label: group },
      endgames.filter((e) => e.group === group).map((e) => el('option', { value: e.id, text: e.title })))));
  }
  const solveSection = el('section', { class: 'tool-part', 'aria-labelledby': 'solve-title' },
    el('h3', { id: 'solve-title' }, 'Solve'), form, errors, progress, answer);
  const hintSection = el('section', { class: 'tool-part', 'aria-labelledby': 'hint-title' }, el('h3', { id: 'hint-title' }, 'Hint'));
  const oddsSection = el('section', { class: 'tool-part', 'aria-labelledby': 'odds-title' }, el('h3', { id: 'odds-title' }, 'Odds of the next draws'));
  panel.replaceChildren(el('h2', { class: 'tool-title' }, 'Solve & hint'), pickSection, solveSection, hintSection, oddsSection);

  const plan = new PlanView(solveSection, ctx.api, ctx.board);
  const hint = new HintView(hintSection, ctx.api, {
    idPrefix: 'solve',
    onApply: (action, result) => {
      ctx.notify(`Applied ${action}.`);
      ctx.store.set(result.position, { from: 'solve' });
    },
  });
  const odds = new OddsView(oddsSection, ctx.api);

  async function solve() {
    const position = ctx.store.position;
    reset();
    const body = { position, engine: engine.value, objective: objective.value, time_limit: Number(limit.value) };
    const running = new Search(ctx.api, 'solve', body, (info) => {
      if (search !== running) return;
      progress.append(el('li', {}, progressText(info)));
      while (progress.children.length > PROGRESS_LINES) progress.firstElementChild.remove();
    });
    search = running;
    solveButton.disabled = true;
    cancelButton.disabled = false;
    answer.textContent = 'Solving…';
    try {
      const line = await running.answer;
      if (search !== running) return;
      drawAnswer(line, position);
    } catch (error) {
      if (search !== running) return;
      answer.textContent = '';
      showError(errors, error, fields);
    } finally {
      if (search === running) {
        solveButton.disabled = false;
        cancelButton.disabled = true;
        search = null;
      }
    }
  }

  function drawAnswer(line, position) {
    const result = line.result;
    if (!result) {
      answer.replaceChildren(el('p', { class: 'verdict verdict-unknown' }, `No answer: the search was ${line.stopped || 'stopped'}.`));
      return;
    }
    const stopped = line.stopped ? ` (stopped: ${line.stopped})` : '';
    answer.replaceChildren(
      el('p', { class: `verdict verdict-${result.verdict}` }, verdictText(result) + stopped),
      el('p', { class: 'note' }, `Engine ${result.engine}${result.objective ? `, objective ${result.objective}` : ''}; ${line.seconds.toFixed(2)} s.`),
    );
    if (result.choices?.length) {
      answer.append(el('ol', { class: 'hint-others', 'aria-label': 'The first choices, best first' },
        result.choices.map((c) => el('li', { class: `hint-choice${provenLost(c) ? ' hint-choice-lost' : ''}` },
          el('code', {}, c.action), ' — ', valueParts(c)))));
    }
    if (result.verdict === 'win' && result.plan.length) {
      solvedFor = position;
      plan.load(position, result.plan);
    }
  }

  // Whatever was said about the previous position is dropped (a search still running is stopped).
  function reset() {
    if (search) search.cancel();
    search = null;
    solvedFor = null;
    solveButton.disabled = false;
    cancelButton.disabled = true;
    progress.replaceChildren();
    answer.replaceChildren();
    clearErrors(errors, fields);
    plan.clear();
  }

  function showPosition(position) {
    reset();
    hint.reset(position);
    if (position) odds.show(position);
    else odds.clear('No position yet.');
  }

  document.addEventListener('keydown', (event) => {
    if (ctx.active() !== 'solve' || !plan.shown || typing(event.target)) return;
    const delta = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (delta === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    plan.step(delta);
  });

  let seen;
  return {
    open({ from } = {}) {
      if (from === 'start') loadBundled().then(() => bundled.focus());
    },
    activate() {
      loadBundled();
      if (ctx.store.position !== seen) {
        seen = ctx.store.position;
        showPosition(seen);
      }
      if (plan.shown && solvedFor === ctx.store.position) plan.showBoard();
      else if (ctx.store.position) ctx.board.show(ctx.store.position);
    },
    onPosition(position) {
      seen = position;
      showPosition(position);
      ctx.board.show(position);
    },
  };
}
