// The prisoners as the position lists them, under the board: where each one is, its candle, its Nerve and its key, and
// whose turn it is. A narrow window draws the board without its panel; this list says the same in words. It reads the
// position's fields (docs/position-format.md) and decides nothing.

import { el } from './dom.js';

export function prisonerList(position) {
  const prisoners = Array.isArray(position?.prisoners) ? position.prisoners : [];
  const pile = Number.isFinite(position?.pile?.count) ? position.pile.count : null;
  return el('ul', { class: 'prisoner-list', 'aria-label': 'The prisoners' }, prisoners.map((p, index) => {
    const prisoner = p && typeof p === 'object' ? p : {};
    const name = String(prisoner.name ?? `prisoner ${index + 1}`);
    const where = 'at' in prisoner ? `on ${prisoner.at}` : 'falling' in prisoner ? `falling (${prisoner.falling})` : 'not placed';
    const nerve = Number.isFinite(prisoner.nerve) ? prisoner.nerve : 1;
    const turn = position.turn === name;
    return el('li', { class: `prisoner-chip${turn ? ' turn' : ''}`, dataset: { prisoner: name } },
      el('span', { class: 'chip-dot', style: `--chip: ${chipColour(name)}` }),
      el('strong', { text: name }), ` ${where} · candle ${prisoner.candle === 'out' ? 'out' : 'lit'} · Nerve ${nerve}`
      + `${prisoner.key ? ' · key' : ''}${turn ? ' · to play' : ''}`);
  }), pile === null ? null : el('li', { class: 'pile-chip', text: `Pile: ${pile} tile${pile === 1 ? '' : 's'}` }));
}

const COLOURS = { red: '#c0392b', blue: '#2e6fc2', green: '#2e8b3a', yellow: '#d4a017', purple: '#7d3c98', orange: '#e67e22' };

function chipColour(name) {
  return COLOURS[name] || '#777';
}
