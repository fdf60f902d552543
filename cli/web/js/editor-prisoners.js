// The editor's prisoners: each one's name, where it is (on a cell, falling, not yet placed),
// candle, Nerve and key, in turn order; whose turn it is; and which prisoner a click on the board
// puts down. Every field carries the path the server's problems use (prisoners[1].nerve).

import { el, field, select } from './editor-dom.js';

const NAMES = ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'white', 'black'];

// Draws the prisoners' part of the form for `position`; `edit(change)` applies a change to a copy
// of the position; `placing` is the index of the prisoner a board click puts down (or null).
export function prisonersForm(position, { edit, placing, onPlace }) {
  const prisoners = Array.isArray(position.prisoners) ? position.prisoners : [];
  const rows = prisoners.map((prisoner, index) => prisonerRow(prisoner, index, { edit, placing, onPlace }));
  const names = prisoners.map((p) => String(p && p.name));
  const turn = select(names.includes(position.turn) ? names : [...names, String(position.turn ?? '')], String(position.turn ?? ''), {
    onchange: (e) => edit((pos) => { pos.turn = e.target.value; }),
  });
  const add = el('button', { type: 'button', id: 'ed-add-prisoner', text: 'Add a prisoner', onclick: () => edit((pos) => {
    pos.prisoners = Array.isArray(pos.prisoners) ? pos.prisoners : [];
    const taken = new Set(pos.prisoners.map((p) => p && p.name));
    pos.prisoners.push({ name: NAMES.find((n) => !taken.has(n)) || `p${pos.prisoners.length + 1}`, unplaced: true });
  }) });
  return [
    el('h3', { text: 'Prisoners (in turn order)' }),
    field('Whose turn', turn, 'turn'),
    el('div', { class: 'prisoners', dataset: { field: 'prisoners' } }, rows),
    add,
  ];
}

function prisonerRow(prisoner, index, { edit, placing, onPlace }) {
  const p = prisoner && typeof prisoner === 'object' ? prisoner : {};
  const base = `prisoners[${index}]`;
  const change = (apply) => edit((pos) => { apply(pos.prisoners[index]); });
  const where = 'at' in p ? 'at' : 'falling' in p ? 'falling' : 'unplaced';
  const whereSelect = select([['at', 'on a cell'], ['falling', 'falling'], ['unplaced', 'not placed yet']], where, {
    onchange: (e) => change((q) => {
      delete q.at; delete q.falling; delete q.unplaced;
      if (e.target.value === 'at') q.at = 'a1';
      else if (e.target.value === 'falling') q.falling = 'row 1';
      else q.unplaced = true;
    }),
  });
  const line = where === 'unplaced' ? null : el('input', {
    type: 'text', size: 6, value: String(p[where] ?? ''), 'aria-describedby': `${base}-where-help`,
    onchange: (e) => change((q) => { q[where] = e.target.value.trim(); }),
  });
  const nerve = el('input', { type: 'number', min: 0, step: 1, value: String(p.nerve ?? 1), inputmode: 'numeric',
    onchange: (e) => change((q) => { q.nerve = e.target.value === '' ? e.target.value : Number(e.target.value); }) });
  const candle = select([['lit', 'lit'], ['out', 'out (Lights Out)']], p.candle ?? 'lit', {
    onchange: (e) => change((q) => { q.candle = e.target.value; }) });
  const key = el('input', { type: 'checkbox', checked: Boolean(p.key), onchange: (e) => change((q) => { q.key = e.target.checked; }) });
  const name = el('input', { type: 'text', size: 8, value: String(p.name ?? ''), onchange: (e) => edit((pos) => {
    const old = pos.prisoners[index].name;
    pos.prisoners[index].name = e.target.value.trim();
    if (pos.turn === old) pos.turn = pos.prisoners[index].name; // the turn follows a renamed prisoner
  }) });
  const move = (step) => edit((pos) => {
    const [taken] = pos.prisoners.splice(index, 1);
    pos.prisoners.splice(Math.max(0, Math.min(pos.prisoners.length, index + step)), 0, taken);
  });
  const label = String(p.name ?? `prisoner ${index + 1}`);
  return el('fieldset', { class: `prisoner${placing === index ? ' placing' : ''}`, dataset: { field: base } },
    el('legend', { text: label }),
    field('Name', name, `${base}.name`),
    field('Where', whereSelect, where === 'unplaced' ? `${base}.unplaced` : `${base}.where`),
    line && withHelp(field(where === 'at' ? 'Cell' : 'Landing line', line, `${base}.${where}`),
      el('span', { id: `${base}-where-help`, class: 'help', text: where === 'at' ? 'e.g. c4' : '"row 4", "file c" or "from c3"' })),
    field('Candle', candle, `${base}.candle`),
    field('Nerve (0 to 2)', nerve, `${base}.nerve`),
    field('Holds a key', key, `${base}.key`),
    el('div', { class: 'row-buttons' },
      el('button', { type: 'button', 'aria-pressed': String(placing === index), onclick: () => onPlace(index),
        text: `Put ${label} on the board`, id: `ed-place-${index}` }),
      el('button', { type: 'button', onclick: () => move(-1), disabled: index === 0, text: 'Earlier', 'aria-label': `${label} plays earlier` }),
      el('button', { type: 'button', onclick: () => edit((pos) => { pos.prisoners.splice(index, 1); }), text: 'Remove',
        'aria-label': `Remove ${label}` })));
}

function withHelp(wrapper, help) {
  wrapper.append(help);
  return wrapper;
}
