import { parse, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.Node;

/** Elements whose text is not shown to the reader. */
const HIDDEN = new Set(['script', 'style', 'head', 'title', 'template', 'noscript']);
/** Elements that break words apart (a word never runs across them). */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer',
  'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table',
  'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'img',
]);

/**
 * The visible text of an HTML body (tags stripped, entities decoded by the HTML5 parser
 * parse5) and the URLs it links to (`a href`), for body search and has:drive etc.
 */
export function htmlToText(html: string): { text: string; urls: string[] } {
  const document = parse(html);
  const parts: string[] = [];
  const urls: string[] = [];
  const visit = (node: Node): void => {
    if (node.nodeName === '#text') {
      parts.push((node as DefaultTreeAdapterTypes.TextNode).value);
      return;
    }
    if (node.nodeName === '#comment') return;
    const element = node as DefaultTreeAdapterTypes.Element;
    if (HIDDEN.has(element.nodeName)) return;
    if (element.nodeName === 'a') {
      const href = element.attrs?.find((a) => a.name === 'href')?.value.trim();
      if (href && /^https?:/i.test(href)) urls.push(href);
    }
    const block = BLOCK.has(element.nodeName);
    if (block) parts.push('\n');
    for (const child of (node as DefaultTreeAdapterTypes.ParentNode).childNodes ?? []) visit(child);
    if (block) parts.push('\n');
  };
  visit(document);
  const text = parts
    .join('')
    .replace(/[ \t\f\r\u00a0]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n')
    .trim();
  return { text, urls };
}
