// Building elements from plain values, for every tool of the page. Text is always set as text (textContent or a text
// node), never parsed as HTML; a server's SVG picture is parsed as XML (picture()), never as HTML.
//
//   el('button', {type: 'button', class: 'x', onclick: f, dataset: {cell: 'c4'}}, 'text', child...)
//   svg('rect', {x: 1, y: 2}, child...)          the same, in the SVG namespace
// An attribute that is undefined, null or false is left out; true gives an empty attribute.

const SVG_NS = 'http://www.w3.org/2000/svg';

function build(element, attributes, children) {
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

export function el(tag, attributes = {}, ...children) {
  return build(document.createElement(tag), attributes, children);
}

export function svg(tag, attributes = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attributes, children);
}

// A picture the server drew (an SVG document as text), as an element of this page: parsed as XML, so nothing in it is
// read as HTML, and without any script or event attribute (the server writes none; this makes sure of it).
export function picture(text) {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (!root || root.localName !== 'svg' || parsed.querySelector('parsererror')) throw new Error('the picture could not be read');
  for (const node of root.querySelectorAll('script, foreignObject')) node.remove();
  for (const node of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of [...node.attributes]) {
      if (/^on/i.test(attribute.name)) node.removeAttribute(attribute.name);
    }
  }
  return document.importNode(root, true);
}
