// The rules-question gallery: every bundled scenario that settles a question of the rules (the protocol's `gallery`),
// browsable by topic and by kind, or by words. Each shows its question, the action in dispute, what it leads to, what
// the project rules (in the project's own words), the rulings it turns on in players' words (both readings, which one
// the rulebook's letter supports, what the other reading changes here) and the project's checks; one click opens it
// in the dispute view, the action adjudicated there step by step on the board.

import { el } from './dom.js';
import { gallery } from './words.js';

export const BOARD = 'none';

export function mount(panel, ctx) {
  let doc = null;
  const topic = el('select', { id: 'gal-topic', onchange: () => draw() });
  const kind = el('select', { id: 'gal-kind', onchange: () => draw() });
  const search = el('input', { type: 'search', id: 'gal-search', placeholder: 'e.g. keeper, block, Q8', oninput: () => draw() });
  const count = el('p', { class: 'help', id: 'gal-count', 'aria-live': 'polite' });
  const list = el('div', { class: 'gallery-list', id: 'gal-list' });
  const status = el('p', { class: 'help', text: 'Loading the questions…' });
  panel.replaceChildren(
    el('h2', { class: 'tool-title', text: 'Rules questions, settled' }),
    el('p', { class: 'help', text: 'Each question comes with a position and the action in dispute. “Open in the dispute '
      + 'view” plays it on the board step by step, citing the rulebook section of each step.' }),
    el('div', { class: 'controls gallery-filters', role: 'search' },
      el('label', { class: 'field', for: 'gal-topic' }, el('span', { class: 'field-name', text: 'Topic' }), topic),
      el('label', { class: 'field', for: 'gal-kind' }, el('span', { class: 'field-name', text: 'Kind' }), kind),
      el('label', { class: 'field wide', for: 'gal-search' }, el('span', { class: 'field-name', text: 'Words' }), search)),
    count, status, list);

  async function load() {
    if (doc) return;
    try {
      doc = await gallery(ctx.api);
    } catch (error) {
      status.textContent = `The gallery could not be loaded: ${error.message}`;
      return;
    }
    status.textContent = doc.notes.join(' ');
    topic.replaceChildren(el('option', { value: '', text: 'every topic' }), ...doc.topics.map((t) => el('option', { value: t, text: t })));
    kind.replaceChildren(el('option', { value: '', text: 'every kind' }), ...doc.kinds.map((k) => el('option', { value: k.id, text: k.title })));
    draw();
  }

  function draw() {
    if (!doc) return;
    const words = search.value.trim().toLowerCase();
    const shown = doc.entries.filter((entry) => (!topic.value || entry.topic === topic.value) && (!kind.value || entry.kind === kind.value)
      && (!words || JSON.stringify([entry.title, entry.question, entry.answer, entry.actions, entry.topic, entry.rulings]).toLowerCase().includes(words)));
    count.textContent = `${shown.length} of ${doc.entries.length} questions`;
    list.replaceChildren(...shown.map(card));
  }

  function card(entry) {
    const slug = entry.id.replace('/', '-');
    return el('article', { class: 'gallery-card', id: `gal-${slug}`, dataset: { topic: entry.topic, kind: entry.kind } },
      el('h3', { text: entry.title }),
      el('p', { class: 'tags', text: `${entry.topic} · ${entry.kind_title}` }),
      el('p', { class: 'gallery-question', text: entry.question }),
      entry.actions.length ? el('p', {}, 'In dispute: ', el('code', { text: entry.actions.join('; ') })) : null,
      entry.result ? el('p', { class: 'gallery-result', text: entry.result }) : null,
      el('p', { class: 'gallery-answer' }, el('strong', { text: 'What the project rules: ' }), entry.answer),
      entry.rulings.map(rulingBox),
      entry.checks.length ? el('details', { class: 'gallery-checks' }, el('summary', { text: `What the project checks (${entry.checks.length})` }),
        el('ul', {}, entry.checks.map((check) => el('li', {}, check.note, check.actions.length ? ' ' : '',
          check.actions.length ? el('code', { text: check.actions.join('; ') }) : null)))) : null,
      el('div', { class: 'row-buttons' },
        el('button', { type: 'button', class: 'gallery-open', id: `gal-open-${slug}`, onclick: () => ctx.open('dispute', { entry }) },
          'Open in the dispute view')));
  }

  return { activate: load };
}

export function rulingBox(ruling) {
  return el('div', { class: 'ruling-box' },
    el('p', {}, el('strong', { text: `${ruling.title} (${ruling.ruling})` }), ` ${ruling.question}`),
    el('p', { text: `The engine's reading: ${ruling.engine}` }),
    el('p', { text: `The other reading: ${ruling.other}` }),
    el('p', { class: 'help', text: `The rulebook: ${ruling.letter_words}. ${ruling.basis}` }),
    ruling.changes ? el('p', { class: 'help', text: ruling.changes.length
      ? `Here, under the other reading: ${ruling.changes.join('; ')}.` : 'Here both readings give the same result.' }) : null);
}
