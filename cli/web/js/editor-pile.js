// The editor's game fields: the setup, the pile (counts by type, a known order, or the stacks a
// new game deals), the discard, the rulings and the title. Each field carries the path the
// server's problems use (pile.contents.t, discarded.straight, rulings.RULING-LOS-END).

import { el, field, select } from './editor-dom.js';

export const PILE_TYPES = ['start', 'straight', 't', 'cracked_t', 'cross', 'key', 'gate', 'wax_eater', 'keeper', 'pit_fiend', 'pathless', 'omen'];
const SETUPS = ['standard', 'five', 'advanced', 'advanced-five'];
// The yes/no rulings of docs/rules.md (true: the engine's reading), then the two that take a value.
export const RULINGS = ['RULING-LOS-END', 'RULING-TRIGGER-ORIGIN', 'RULING-MONSTER-REMOVED', 'RULING-FILL-ALL-LIT',
  'RULING-RELIGHT-WITH-ACTIVE', 'RULING-SAME-GATE-NOT-ADJACENT', 'RULING-STAY-SWAP', 'RULING-LAND-FULL-LINE',
  'RULING-FF-OCCUPIED', 'RULING-BLOCK-ANY-TURN', 'RULING-NERVE-AFTER-GAIN', 'RULING-KEEPER-RANGED-OUT',
  'RULING-PATHLESS-SIGHT', 'RULING-RELIGHT-AT-START', 'RULING-KEEPER-BACK', 'RULING-KEEPER-KEY-TILE', 'RULING-ADV-5P-WAX',
  'RULING-DIRGE-SHAPE'];

function number(value, onChange) {
  return el('input', { type: 'number', min: 0, step: 1, value: value === undefined ? '' : String(value), inputmode: 'numeric',
    onchange: (e) => onChange(e.target.value === '' ? undefined : Number(e.target.value)) });
}

function counts(object, prefix, onChange) {
  const values = object && typeof object === 'object' ? object : {};
  return el('div', { class: 'counts' }, PILE_TYPES.map((type) =>
    field(type.replace('_', ' '), number(values[type], (n) => onChange(type, n)), `${prefix}.${type}`)));
}

function sum(object) {
  return Object.values(object || {}).reduce((total, n) => total + (Number.isFinite(n) ? n : 0), 0);
}

// The pile type a tile on the board counts as (docs/position-format.md): its kind, a cracked T as cracked_t, a pit as what
// it was (null when that is not said: the engine works it out).
export function pileType(tile) {
  if (!tile || typeof tile !== 'object') return null;
  if (tile.kind === 'pit') return typeof tile.was === 'string' && tile.was ? tile.was : null;
  if (tile.kind === 't' && tile.crumbling) return 'cracked_t';
  return PILE_TYPES.includes(tile.kind) ? tile.kind : null;
}

export function gameForm(position, { edit, rulingWords = new Map() }) {
  const pile = position.pile && typeof position.pile === 'object' ? position.pile : {};
  const mode = Array.isArray(pile.order) ? 'order' : pile.layers ? 'layers' : 'contents';
  const setupName = typeof position.setup === 'object' ? 'custom' : position.setup ?? 'standard';
  const setupOptions = setupName === 'custom' ? [...SETUPS, ['custom', 'custom (as imported)']] : SETUPS;
  const parts = [
    el('h3', { text: 'Game' }),
    field('Title', el('input', { type: 'text', value: String(position.meta?.title ?? ''), onchange: (e) => edit((pos) => {
      pos.meta = { ...(pos.meta || {}), title: e.target.value };
      if (!e.target.value) delete pos.meta.title;
    }) }), 'meta'),
    field('Setup', select(setupOptions, setupName, { onchange: (e) => edit((pos) => {
      if (e.target.value === 'custom') return;
      pos.setup = e.target.value;
      pos.size = e.target.value.endsWith('five') ? 7 : 6;
    }) }), 'setup'),
    el('h3', { text: 'Pile' }),
    field('Given as', select([['contents', 'counts by type (order unknown)'], ['order', 'a known order'],
      ...(mode === 'layers' ? [['layers', 'stacks dealt by a new game']] : [])], mode, {
      onchange: (e) => edit((pos) => { pos.pile = convertPile(pos.pile || {}, e.target.value); }) }), 'pile'),
  ];
  if (mode === 'contents') {
    parts.push(counts(pile.contents, 'pile.contents', (type, n) => edit((pos) => {
      const contents = { ...(pos.pile.contents || {}) };
      if (n === undefined || n === 0) delete contents[type]; else contents[type] = n;
      pos.pile = { count: sum(contents), contents };
    })));
  } else if (mode === 'order') {
    parts.push(field('Order, top first (types separated by spaces)', el('input', { type: 'text', value: pile.order.join(' '),
      onchange: (e) => edit((pos) => {
        const order = e.target.value.split(/[\s,]+/).filter(Boolean);
        pos.pile = { count: order.length, order };
      }) }), 'pile.order'));
  } else {
    parts.push(el('p', { class: 'help', text: `Stacks, top first: ${pile.layers.map((layer) =>
      Object.entries(layer).map(([t, n]) => `${n} ${t}`).join(', ')).join(' | ')}` }));
  }
  parts.push(el('p', { class: 'help', dataset: { field: 'pile.count' }, text: `${pile.count ?? '?'} tiles in the pile` }));
  const derived = !('discarded' in position);
  parts.push(el('h3', { text: 'Discard' }),
    el('label', { class: 'check' }, el('input', { type: 'checkbox', id: 'ed-discard-derived', checked: derived,
      onchange: (e) => edit((pos) => { if (e.target.checked) delete pos.discarded; else pos.discarded = {}; }) }),
    ' Work it out from the box (what the board, the hands and the pile leave)'));
  if (!derived) {
    parts.push(counts(position.discarded, 'discarded', (type, n) => edit((pos) => {
      pos.discarded = { ...(pos.discarded || {}) };
      if (n === undefined || n === 0) delete pos.discarded[type]; else pos.discarded[type] = n;
    })));
  }
  parts.push(rulingsForm(position, edit, rulingWords));
  return parts;
}

// Turns the pile into another form, keeping its tiles: counts from an order or stacks, an order
// from counts (in the types' order, to be rearranged by hand).
function convertPile(pile, mode) {
  const contents = {};
  const add = (type, n) => { contents[type] = (contents[type] || 0) + n; };
  if (Array.isArray(pile.order)) pile.order.forEach((type) => add(type, 1));
  else if (pile.layers) pile.layers.forEach((layer) => Object.entries(layer).forEach(([t, n]) => add(t, n)));
  else Object.entries(pile.contents || {}).forEach(([t, n]) => add(t, n));
  if (mode === 'order') {
    const order = PILE_TYPES.flatMap((type) => Array(contents[type] || 0).fill(type));
    return { count: order.length, order };
  }
  return { count: sum(contents), contents };
}

function rulingsForm(position, edit, rulingWords) {
  const given = position.rulings && typeof position.rulings === 'object' ? position.rulings : {};
  const rows = RULINGS.map((id) => {
    const said = rulingWords.get(id);
    const set = (value) => edit((pos) => {
      pos.rulings = { ...(pos.rulings || {}) };
      if (value === undefined) delete pos.rulings[id]; else pos.rulings[id] = value;
      if (!Object.keys(pos.rulings).length) delete pos.rulings;
    });
    let control;
    if (id === 'RULING-ADV-5P-WAX') {
      control = number(given[id], set);
    } else if (id === 'RULING-DIRGE-SHAPE') {
      control = el('input', { type: 'text', value: id in given ? JSON.stringify(given[id]) : '', placeholder: '[[0,0],[1,0],...]',
        onchange: (e) => { try { set(e.target.value ? JSON.parse(e.target.value) : undefined); } catch { set(e.target.value); } } });
    } else {
      const value = id in given ? String(given[id]) : '';
      const engine = said ? said.engine : 'the engine’s reading';
      const other = said ? said.other : 'the other reading';
      control = select([['', `the engine’s reading (not given): ${engine}`], ['true', `the engine’s reading: ${engine}`],
        ['false', `the other reading: ${other}`]], value, { onchange: (e) => set(e.target.value === '' ? undefined : e.target.value === 'true') });
    }
    const wrapper = field(said ? `${said.title}: ${said.question}` : id.replace('RULING-', ''), control, `rulings.${id}`);
    wrapper.classList.add('ruling-field');
    if (said) wrapper.append(el('p', { class: 'help', text: `${id}. The rulebook: ${said.letter_words}. ${said.basis}` }));
    return wrapper;
  });
  return el('details', { class: 'rulings', open: Object.keys(given).length > 0, dataset: { field: 'rulings' } },
    el('summary', { text: `Rulings: the questions the rules leave open (${Object.keys(given).length} set on this position)` }), rows);
}
