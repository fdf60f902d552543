// Tiles drawn as small pictures, to pick and turn by sight rather than by typing `t:NES`: a square with a corridor to
// each open side and the kind's mark in the middle. The openings and the kind come from the engine's own action texts
// (`place c5 t:NES`, `start c3 NE`); a picture only shows them, in the same letters the notation uses.

import { svg } from './dom.js';

export const KIND_NAMES = {
  start: 'start tile', straight: 'straight', t: 'T junction', cracked_t: 'cracked T', cross: 'crossroads', key: 'key tile',
  gate: 'gate', wax_eater: 'wax eater', keeper: 'keeper', pit_fiend: 'pit fiend', pathless: 'pathless', omen: 'omen', pit: 'pit',
};
const FOUR_WAY = new Set(['cross', 'key', 'gate', 'wax_eater', 'keeper', 'pit_fiend']);
const MONSTERS = new Set(['wax_eater', 'keeper', 'pathless', 'pit_fiend']);
const CRUMBLING = new Set(['start', 'straight', 'key', 'cracked_t']);
const SIDE = { N: [22, 0, 16, 30], E: [30, 22, 30, 16], S: [22, 30, 16, 30], W: [0, 22, 30, 16] };

// The openings a tile shows: those given (`NES`), else all four for the four-way kinds, none for a pathless or a pit.
export function openingsOf(kind, open) {
  if (open) return open;
  return FOUR_WAY.has(kind) ? 'NESW' : '';
}

// The picture of a tile; `label` names it for a screen reader (the caller writes the visible name).
export function tilePicture(kind, open, { size = 56, label } = {}) {
  const sides = openingsOf(kind, open);
  const parts = [svg('rect', { x: 0, y: 0, width: 60, height: 60, rx: 4, class: 'tile-stone' })];
  if (kind === 'pit') {
    parts.push(svg('circle', { cx: 30, cy: 30, r: 20, class: 'tile-pit' }));
  } else {
    for (const side of sides) {
      const [x, y, w, h] = SIDE[side] || [];
      if (x !== undefined) parts.push(svg('rect', { x, y, width: w, height: h, class: 'tile-floor' }));
    }
    parts.push(svg('rect', { x: 22, y: 22, width: 16, height: 16, class: 'tile-floor' }));
    parts.push(mark(kind));
  }
  if (CRUMBLING.has(kind)) parts.push(svg('path', { d: 'M8 52 L16 44 L14 38 M50 8 L44 15 L46 20', class: 'tile-crack' }));
  const named = label !== ''; // an empty label: the picture only decorates a text that names it
  return svg('svg', { viewBox: '0 0 60 60', width: size, height: size, class: `tile-picture kind-${kind}`, role: named ? 'img' : null,
    'aria-hidden': named ? null : 'true',
    'aria-label': named ? label || `${KIND_NAMES[kind] || kind}${sides ? `, open ${sides}` : ''}` : null }, parts);
}

function mark(kind) {
  if (kind === 'start') return svg('circle', { cx: 30, cy: 30, r: 7, class: 'tile-mark-ring' });
  if (kind === 'key') return svg('g', { class: 'tile-mark' }, svg('circle', { cx: 26, cy: 30, r: 5 }), svg('rect', { x: 30, y: 28.5, width: 10, height: 3 }));
  if (kind === 'gate') return svg('path', { d: 'M23 38 V28 A7 7 0 0 1 37 28 V38', class: 'tile-mark-line' });
  if (kind === 'omen') return svg('g', { class: 'tile-mark' }, svg('ellipse', { cx: 30, cy: 30, rx: 9, ry: 5, class: 'tile-mark-eye' }),
    svg('circle', { cx: 30, cy: 30, r: 2.5 }));
  if (MONSTERS.has(kind)) {
    const shape = kind === 'pit_fiend' ? svg('path', { d: 'M30 19 L41 30 L30 41 L19 30 Z' })
      : kind === 'pathless' ? svg('path', { d: 'M21 21 L39 39 M39 21 L21 39', class: 'tile-mark-cross' })
        : svg('circle', { cx: 30, cy: 30, r: 9 });
    return svg('g', { class: 'tile-monster' }, shape);
  }
  return svg('g', {});
}

// A placement action read into its parts: `place c5 t:NES` -> {verb: 'place', cell: 'c5', kind: 't', open: 'NES'};
// `start c3 NE` -> {verb: 'start', cell: 'c3', kind: 'start', open: 'NE'}; anything else -> null.
export function placement(action) {
  let match = /^place ([a-g][1-7]) ([a-z_]+)(?::([NESW]+))?(.*)$/.exec(action);
  if (match) return { verb: 'place', cell: match[1], kind: match[2], open: match[3] || '', rest: match[4].trim(), action };
  match = /^start ([a-g][1-7]) ([NESW]+)$/.exec(action);
  if (match) return { verb: 'start', cell: match[1], kind: 'start', open: match[2], rest: '', action };
  return null;
}
