// Building elements from plain values, for every tool of the page. Text is always set as
// text (textContent or a text node), never parsed as HTML.
//
//   el('button', {type: 'button', class: 'x', onclick: f, dataset: {cell: 'c4'}}, 'text', child...)
// An attribute that is undefined, null or false is left out; true gives an empty attribute.

export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (name === 'text') element.textContent = value;
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}
