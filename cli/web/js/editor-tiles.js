// The editor's tile palette: which tile a click on the board puts down (the kinds of
// docs/position-format.md), its openings and how it turns, and what a click does to a cell.

import { el, field, select } from './editor-dom.js';
import { tilePicture } from './tiles.js';

// Each kind: its label, its shapes in turning order (openings written N, E, S, W), whether it has
// a keeper's mouth. Kinds with four sides or none have one shape and need no `open`.
export const KINDS = [
  { kind: 'start', label: 'Start tile', shapes: ['NE', 'ES', 'SW', 'NW'] },
  { kind: 'straight', label: 'Straight', shapes: ['NS', 'EW'] },
  { kind: 't', label: 'T junction', shapes: ['NES', 'ESW', 'NSW', 'NEW'] },
  { kind: 'cross', label: 'Crossroads' },
  { kind: 'key', label: 'Key' },
  { kind: 'gate', label: 'Gate' },
  { kind: 'wax_eater', label: 'Wax eater' },
  { kind: 'keeper', label: 'Keeper', facing: true },
  { kind: 'pit_fiend', label: 'Pit fiend (a pit)' },
  { kind: 'pathless', label: 'Pathless' },
  { kind: 'omen', label: 'Omen' },
  { kind: 'pit', label: 'Pit' },
  { kind: 'remove', label: 'Remove the tile' },
];
const SIDES = ['N', 'E', 'S', 'W'];
// What a pit may have been: the pile's tile types.
const WAS = ['', 'start', 'straight', 't', 'cracked_t', 'cross', 'key', 'gate', 'wax_eater', 'keeper', 'pit_fiend', 'pathless', 'omen'];

export function kindOf(name) {
  return KINDS.find((k) => k.kind === name);
}

export class Palette {
  constructor(onChange) {
    this.onChange = onChange;
    this.choice = { kind: 'straight', shape: 0, facing: 'N', crumbling: false, was: '', dirge: false, keyTaken: false };
    this.element = el('fieldset', { class: 'palette' });
  }

  // The tile a click puts down (null for "remove").
  tile() {
    const c = this.choice;
    const spec = kindOf(c.kind);
    if (c.kind === 'remove') return null;
    if (c.kind === 'pit_fiend') return { kind: 'pit', was: 'pit_fiend' };
    const tile = { kind: c.kind };
    if (spec.shapes) tile.open = spec.shapes[c.shape % spec.shapes.length];
    if (spec.facing) tile.facing = c.facing;
    if (c.kind === 't' && c.crumbling) tile.crumbling = true;
    if (c.kind === 'key' && c.keyTaken) tile.key_taken = true;
    if (c.kind === 'pit' && c.was) tile.was = c.was;
    if (c.kind === 'pit' && c.dirge) tile.group = 'dirge';
    return tile;
  }

  // A quarter turn clockwise of the palette's tile (the R key, the Rotate button).
  rotate() {
    const spec = kindOf(this.choice.kind);
    if (spec.shapes) this.choice.shape = (this.choice.shape + 1) % spec.shapes.length;
    if (spec.facing) this.choice.facing = SIDES[(SIDES.indexOf(this.choice.facing) + 1) % 4];
    this.changed();
  }

  changed() {
    this.draw();
    this.onChange();
  }

  draw() {
    const c = this.choice;
    const focused = document.activeElement && this.element.contains(document.activeElement) ? document.activeElement.id : null;
    const radios = KINDS.map(({ kind, label, shapes }) => el('label', { class: 'palette-kind' },
      el('input', { type: 'radio', name: 'ed-palette', id: `ed-kind-${kind}`, value: kind, checked: kind === c.kind,
        onchange: () => { c.kind = kind; c.shape = 0; this.changed(); } }),
      kind === 'remove' ? null : tilePicture(kind === 'pit_fiend' ? 'pit' : kind,
        shapes ? shapes[kind === c.kind ? c.shape % shapes.length : 0] : '', { size: 28, label: '' }),
      ` ${label}`));
    const spec = kindOf(c.kind);
    const details = [];
    if (spec.shapes || spec.facing) {
      const shown = spec.shapes ? `openings ${spec.shapes[c.shape % spec.shapes.length]}` : `mouth facing ${c.facing}`;
      details.push(el('p', { class: 'palette-turn' }, el('span', { text: `Puts down: ${spec.label.toLowerCase()}, ${shown} ` }),
        el('button', { type: 'button', id: 'ed-rotate', onclick: () => this.rotate(), 'aria-keyshortcuts': 'R', text: 'Rotate (R)' })));
    }
    if (c.kind === 't') {
      details.push(checkbox('Cracked (crumbles)', 'ed-crumbling', c.crumbling, (v) => { c.crumbling = v; this.changed(); }));
    }
    if (c.kind === 'key') {
      details.push(checkbox('Its key already taken', 'ed-key-taken', c.keyTaken, (v) => { c.keyTaken = v; this.changed(); }));
    }
    if (c.kind === 'pit') {
      const was = select(WAS.map((w) => [w, w || '(not said)']), c.was, { id: 'ed-pit-was', onchange: (e) => { c.was = e.target.value; this.changed(); } });
      details.push(field('It was a', was));
      details.push(checkbox('Part of the Dirge', 'ed-dirge', c.dirge, (v) => { c.dirge = v; this.changed(); }));
    }
    this.element.replaceChildren(el('legend', { text: 'Tile palette: a click on the board puts this down' }),
      el('div', { class: 'palette-kinds', role: 'radiogroup', 'aria-label': 'Tile kind' }, radios), ...details);
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  }
}

function checkbox(label, id, checked, onChange) {
  return el('label', { class: 'check' },
    el('input', { type: 'checkbox', id, checked, onchange: (e) => onChange(e.target.checked) }), ` ${label}`);
}

// The next turn of a tile already on the board (a click with the same kind turns it), or null
// when it has a single shape.
export function turned(tile) {
  const spec = kindOf(tile.kind);
  if (!spec) return null;
  if (spec.facing) return { ...tile, facing: SIDES[(SIDES.indexOf(tile.facing) + 1) % 4] };
  if (!spec.shapes) return null;
  const at = spec.shapes.indexOf(tile.open);
  return { ...tile, open: spec.shapes[(at + 1) % spec.shapes.length] };
}
