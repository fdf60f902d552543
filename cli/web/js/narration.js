// What an action caused, step by step, as the dispute view and the companion both tell it: each event's sentence, the
// rulebook section it applies with that section said in a sentence, and the ruling it turned on in players' words
// (the reading taken and the other one). Every word comes from the engine (`apply`'s events, words.js).

import { el } from './dom.js';

// One event's lines (for a button or a list item): its text, its citation, its ruling.
export function eventLines(event, words) {
  const lines = [el('span', { class: 'dp-step-text', text: event.text })];
  if (event.rule) {
    const summary = words?.sections.get(event.rule);
    lines.push(el('span', { class: 'dp-cite' }, `Rulebook: ${event.rule}`, summary ? el('span', { class: 'dp-cite-summary', text: ` — ${summary}` }) : null));
  }
  if (event.ruling) lines.push(rulingLine(event, words));
  return lines;
}

function rulingLine(event, words) {
  const said = words?.rulings.get(event.ruling);
  const readings = event.reading ? `read as “${event.reading}”; the other reading: “${event.other_reading}”` : '';
  if (!said) return el('span', { class: 'dp-ruling', text: readings ? `${event.ruling}: ${readings}` : event.ruling });
  return el('span', { class: 'dp-ruling' }, el('strong', { text: `${event.ruling} (${said.title})` }), readings ? `: ${readings}. ` : '. ',
    el('span', { class: 'dp-ruling-words', text: `${said.question} The engine: ${said.engine} The other reading: ${said.other} `
      + `(${said.letter_words}.)` }));
}

// A list of events (what one action, or several, caused).
export function eventList(events, words, attributes = {}) {
  return el('ol', { class: 'narration', ...attributes }, events.map((event) => el('li', {}, eventLines(event, words))));
}
