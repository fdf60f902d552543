"""Plain-text views of the library's results (the CLI's default output); an adjudication's is
:func:`solver.nightcage.present.reports.adjudication_text`."""

from __future__ import annotations

from typing import Any

from solver.base.errors import MAX_LISTED, Problem


def check_text(file: str, problems: list[Problem], total: int = 0) -> str:
    """``check``'s report: valid, or the count of problems (``total``, all found; the list may hold
    only the first of them and a line counting the rest)."""
    if not problems:
        return f"{file}: valid position"
    total = max(total, len(problems))
    shown = f"; the first {MAX_LISTED}:" if total > MAX_LISTED else ""
    lines = [f"{file}: {total:,} problem{'s' if total > 1 else ''}{shown}"]
    lines += [f"  {p}" for p in problems]
    return "\n".join(lines)


def legal_text(doc: dict[str, Any]) -> str:
    lines = [f"Awaits: {doc['awaits']}"]
    if doc["node"] == "chance":
        lines.append("A tile is drawn from a pile of unknown order; possible draws:")
        lines += [f"  {c['outcome']:<28} {c['p']:>8}  ({c['p_float']:.1%})" for c in doc["chance"]]
        if doc["actions"] and doc["actions"][0].startswith("place"):
            lines.append(f"Write the draw with its placement, e.g. '{doc['actions'][0]}' ({len(doc['actions'])} possible).")
    elif doc["actions"]:
        lines.append(f"Legal actions ({len(doc['actions'])}):")
        lines += _columns(doc["actions"])
    else:
        lines.append("No legal action.")
    if doc.get("illegal"):
        lines.append("Refused candidates:")
        width = max(len(i["action"]) for i in doc["illegal"])
        lines += [f"  {i['action']:<{width}}  {i['reason']}" for i in doc["illegal"]]
    return "\n".join(lines)


def _columns(items: list[str], width: int = 78) -> list[str]:
    cell = max(len(i) for i in items) + 2
    per_line = max(1, (width - 2) // cell)
    return ["  " + "".join(f"{i:<{cell}}" for i in items[k : k + per_line]).rstrip() for k in range(0, len(items), per_line)]


def odds_text(result: Any) -> str:
    """The odds table: one row per tile type in the pile, then the risks."""
    if not result.pile:
        return "The pile is empty: nothing more is drawn (Final Flickers)."
    what = "the next draw" if result.draws == 1 else f"the next {result.draws} draws"
    lines = [f"Pile: {result.pile} tiles. Among {what}:", f"  {'type':<10} {'in pile':>7}  {'P(at least one)':>24}  {'expected':>9}"]
    for name, k in result.kinds.items():
        exact = f"{k.p_at_least_one.numerator}/{k.p_at_least_one.denominator}"
        lines.append(f"  {name:<10} {k.in_pile:>7}  {exact:>14} {float(k.p_at_least_one):>8.1%}  {float(k.expected):>9.3f}")
    keys = result.keys
    if keys is not None and "keeper" in result.kinds:  # a keeper carries a key: one row for both
        exact = f"{keys.p_at_least_one.numerator}/{keys.p_at_least_one.denominator}"
        lines.append(f"  {'any key':<10} {keys.in_pile:>7}  {exact:>14} {float(keys.p_at_least_one):>8.1%}  {float(keys.expected):>9.3f}")
        lines.append("  (any key: key tiles and keepers, each carries a key)")
    if "omen" in result.kinds:
        lines.append(f"  (tiles placed: {result.as_json()['omens']})")
    if result.risks:
        lines.append("Risks:")
        for risk in result.risks.values():
            lines.append(f"  {float(risk.p):>6.1%}  ({risk.p.numerator}/{risk.p.denominator})  {risk.text}")
    return "\n".join(lines)
