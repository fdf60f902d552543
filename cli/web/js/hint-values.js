// What a hint says of each of its choices, in words, and which parts of it are proven (the engine's `hint` result,
// docs/chance.md "lueur hint"): a choice's exact chance of escaping when proven (`p_win`), else the interval proven
// for it (`p_win_lower`, `p_win_upper`) and the estimate it is ranked by (`p_win_estimate`, or its playouts), marked
// as an estimate. Pure functions of the result: the drawing is solve-hint.js's.

import { percent } from './solve-dom.js';

// A fraction as the engine writes it ("3/8"), as [numerator, denominator] (BigInts: exact whatever their size); null
// for anything else.
export function fraction(text) {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(String(text ?? ''));
  if (!match || BigInt(match[2]) === 0n) return null;
  return [BigInt(match[1]), BigInt(match[2])];
}

function compare([a, b], [c, d]) {
  const left = a * d;
  const right = c * b;
  return left < right ? -1 : left > right ? 1 : 0;
}

const ZERO = [0n, 1n];
const ONE = [1n, 1n];

function asNumber([n, d]) {
  return Number(n) / Number(d);
}

// A proportion as a percentage, without a useless ".0" (50%, 33.3%).
export function pct(p) {
  return percent(p).replace(/\.0%$/, '%');
}

// A fraction in its lowest terms, as text ("1/2"; "0" and "1" for the ends).
function fractionText([n, d]) {
  const gcd = (x, y) => (y === 0n ? x : gcd(y, x % y));
  const g = gcd(n, d) || 1n;
  return d / g === 1n ? String(n / g) : `${n / g}/${d / g}`;
}

// What is proven of one choice: its kind and its interval [lower, upper] (fractions).
//   exact: the value is proven (lower = upper); lost: proven lost (upper 0); bounded: an interval narrower than
//   [0, 1] is proven; open: nothing is proven yet; only: the only legal choice (nothing to compare).
export function proof(choice) {
  const exact = fraction(choice.p_win);
  const lower = exact ?? fraction(choice.p_win_lower) ?? ZERO;
  const upper = exact ?? fraction(choice.p_win_upper) ?? ONE;
  let kind;
  if (compare(upper, ZERO) === 0) kind = 'lost';
  else if (exact || compare(lower, upper) === 0) kind = 'exact';
  else if (choice.proven) kind = 'only';
  else if (compare(lower, ZERO) > 0 || compare(upper, ONE) < 0) kind = 'bounded';
  else kind = 'open';
  return { kind, lower, upper };
}

export function provenLost(choice) {
  return proof(choice).kind === 'lost';
}

// The words for what is proven of a choice ("proven: 1/2 (50%)", "between 25% and 50%, proven", "proven lost").
function provenWords(choice, { kind, lower, upper }) {
  if (kind === 'lost') return 'proven lost (0%)';
  if (kind === 'only') return 'the only legal choice';
  if (kind === 'open') return 'nothing proven yet';
  if (kind === 'bounded') return `between ${pct(asNumber(lower))} and ${pct(asNumber(upper))}, proven`;
  if (compare(lower, ONE) === 0) {
    if (choice.verdict === 'win') return `proven: wins${choice.turns ? ` in ${choice.turns} turn${choice.turns === 1 ? '' : 's'}` : ''} (100%)`;
    return choice.verdict === 'certain' ? 'proven: escapes whatever is drawn (100%)' : 'proven: 1 (100%)';
  }
  return `proven: ${fractionText(lower)} (${pct(asNumber(lower))})`;
}

// The words for a choice's estimate, marked as one; null when its value is exact (nothing is estimated then). The
// estimate is what the choice is ranked by (`p_win_estimate`: clamped into its proven interval); playouts, when they
// made it, are said too, with where the proven bounds overrule them.
function estimateWords(choice, { kind, lower, upper }) {
  if (kind === 'exact' || kind === 'lost') return null;
  const value = typeof choice.p_win_estimate === 'number' ? choice.p_win_estimate : null;
  const playouts = choice.estimate && choice.estimate.trials > 0 && typeof choice.estimate.rate === 'number' ? choice.estimate : null;
  if (value === null && !playouts) return kind === 'only' ? null : 'not estimated';
  const words = [`estimate: about ${percent(value ?? playouts.rate)}`];
  if (playouts) {
    const [low, high] = playouts.ci95;
    const clamped = playouts.rate < asNumber(lower) ? ', raised to the proven lower bound'
      : playouts.rate > asNumber(upper) ? ', lowered to the proven upper bound' : '';
    words.push(` (${playouts.successes} of ${playouts.trials} playouts won, 95%: ${percent(low)} to ${percent(high)}${clamped})`);
  }
  return words.join('');
}

// One choice in words: {kind, proven, estimate} (proven: what is proven of it; estimate: null when nothing is).
export function describe(choice) {
  const shown = proof(choice);
  return { kind: shown.kind, proven: provenWords(choice, shown), estimate: estimateWords(choice, shown) };
}

// The choices best first as the engine ranked them, with a choice proven lost never before one that can still win
// (the engine promises it; the page keeps to it whatever it is given).
export function ranked(result) {
  const choices = result.choices?.length ? result.choices : result.best ? [result.best] : [];
  const alive = choices.filter((choice) => !provenLost(choice));
  return [...alive, ...choices.filter(provenLost)];
}

// Which parts of a hint are proven, in a sentence or two (for a final answer: `exact` is the exact stage's work).
export function proofSummary(choices, exactStage) {
  if (!choices.length) return '';
  const kinds = choices.map((choice) => proof(choice).kind);
  const count = (...wanted) => kinds.filter((kind) => wanted.includes(kind)).length;
  const n = choices.length;
  if (kinds.length === 1 && kinds[0] === 'only') return 'The only legal choice: nothing to compare.';
  const parts = [];
  if (count('exact', 'lost') === n) {
    parts.push(n === 1 ? 'Its value is proven exactly.' : `Every value is proven exactly (${n} of ${n} choices).`);
  } else {
    const exact = count('exact', 'lost');
    const bounded = count('bounded');
    const said = [`${exact} of ${n} values exact`];
    if (bounded) said.push(`${bounded} within bounds`);
    parts.push(`Proven: ${said.join(', ')}; the rest is estimated.`);
    parts.push(provenBest(choices) ? `${choices[0].action} is proven best (at least as good as every other choice).`
      : 'The best choice is not proven: ranked by the estimates within the proven bounds.');
  }
  const lost = count('lost');
  if (lost === n) parts.push('Every choice is proven lost.');
  else if (lost) parts.push(`${lost === 1 ? 'One choice' : `${lost} choices`} proven lost, listed last.`);
  if (exactStage?.stopped) {
    parts.push(`Exact search cut short (${exactStage.nodes.toLocaleString('en')} positions, `
      + `${exactStage.settled} of ${exactStage.choices} choices settled): a longer time limit proves more.`);
  }
  return parts.join(' ');
}

// Whether the first choice is proven at least as good as every other (its lower bound reaches each other's upper).
function provenBest(choices) {
  const first = proof(choices[0]);
  return choices.slice(1).every((choice) => compare(first.lower, proof(choice).upper) >= 0);
}
