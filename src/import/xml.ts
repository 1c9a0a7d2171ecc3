// A small XML reader for what `nvidia-smi -q -x` prints: elements, attributes, text. Pasted
// input is untrusted, so it reads no DTD at all (a <!DOCTYPE> and its internal subset are
// skipped, never interpreted: no entity is ever defined, so "billion laughs" and external
// entities cannot happen), knows only the five predefined entities and numeric references,
// bounds depth, element count and input size, and scans with indexOf (linear in the input).

import { ImportError } from './types.js';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities decoded, trimmed. */
  text: string;
}

export interface XmlLimits {
  maxDepth: number;
  maxElements: number;
  maxChars: number;
}

/** nvidia-smi nests 6 deep and prints ~3,000 elements a GPU; these leave room for 256 GPUs. */
export const DEFAULT_XML_LIMITS: XmlLimits = { maxDepth: 32, maxElements: 1_000_000, maxChars: 64 * 1024 * 1024 };

const NAME = /^[A-Za-z_:][\w.:-]*/;
const ATTRIBUTE = /([A-Za-z_:][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const SPACE = /\s*/y;
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the five predefined entities and numeric references; any other `&name;` stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z]{2,4});/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

function fail(detail: string, offset: number): never {
  throw new ImportError('import.error.xml', { detail, offset });
}

/** Skips `<!DOCTYPE …>`, including a bracketed internal subset, without reading it. */
function skipDoctype(text: string, at: number): number {
  const subset = text.indexOf('[', at);
  const close = text.indexOf('>', at);
  if (close < 0) fail('unclosed <!DOCTYPE', at);
  if (subset < 0 || subset > close) return close + 1;
  const end = text.indexOf(']', subset);
  if (end < 0) fail('unclosed <!DOCTYPE [ … ]', at);
  const after = text.indexOf('>', end);
  if (after < 0) fail('unclosed <!DOCTYPE', at);
  return after + 1;
}

function skipPast(text: string, at: number, marker: string, what: string): number {
  const end = text.indexOf(marker, at);
  if (end < 0) fail(`unclosed ${what}`, at);
  return end + marker.length;
}

function readAttributes(source: string, offset: number): Record<string, string> {
  const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
  let at = 0;
  for (;;) {
    SPACE.lastIndex = at;
    SPACE.exec(source);
    at = SPACE.lastIndex;
    if (at >= source.length) return attributes;
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(source);
    if (!match) fail('malformed attribute', offset);
    attributes[match[1]!] = decodeEntities(match[2] ?? match[3] ?? '');
    at = ATTRIBUTE.lastIndex;
  }
}

/** The document's root element; throws ImportError('import.error.xml') on anything malformed or past a limit. */
export function parseXml(text: string, limits: XmlLimits = DEFAULT_XML_LIMITS): XmlElement {
  if (text.length > limits.maxChars) throw new ImportError('import.error.tooLarge', { limit: limits.maxChars });
  const stack: XmlElement[] = [];
  const textParts: string[][] = [];
  let root: XmlElement | null = null;
  let elements = 0;
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('<', at);
    const chunk = open < 0 ? text.slice(at) : text.slice(at, open);
    if (stack.length > 0) textParts[textParts.length - 1]!.push(chunk);
    else if (chunk.trim() !== '' && chunk.trim() !== '\ufeff') fail('text outside the root element', at);
    if (open < 0) break;
    if (text.startsWith('<?', open)) at = skipPast(text, open, '?>', '<?');
    else if (text.startsWith('<!--', open)) at = skipPast(text, open, '-->', 'comment');
    else if (text.startsWith('<![CDATA[', open)) {
      const end = text.indexOf(']]>', open);
      if (end < 0) fail('unclosed CDATA', open);
      if (stack.length === 0) fail('CDATA outside the root element', open);
      // CDATA is literal text: pushed with its entities pre-escaped so decoding leaves it as is.
      textParts[textParts.length - 1]!.push(text.slice(open + 9, end).replace(/&/g, '&amp;'));
      at = end + 3;
    } else if (text.startsWith('<!DOCTYPE', open) || text.startsWith('<!doctype', open)) {
      if (root !== null || stack.length > 0) fail('<!DOCTYPE inside the document', open);
      at = skipDoctype(text, open);
    } else if (text[open + 1] === '/') {
      const close = text.indexOf('>', open);
      if (close < 0) fail('unclosed end tag', open);
      const name = text.slice(open + 2, close).trim();
      const element = stack.pop();
      if (!element || element.name !== name) fail(`end tag </${name.slice(0, 40)}> does not match`, open);
      element.text = decodeEntities(textParts.pop()!.join('').trim());
      at = close + 1;
    } else {
      const close = text.indexOf('>', open);
      if (close < 0) fail('unclosed tag', open);
      const selfClosing = text[close - 1] === '/';
      const inner = text.slice(open + 1, selfClosing ? close - 1 : close);
      const name = NAME.exec(inner)?.[0];
      if (!name) fail('a tag without a name', open);
      if (root !== null && stack.length === 0) fail('a second root element', open);
      if (++elements > limits.maxElements) throw new ImportError('import.error.xmlElements', { limit: limits.maxElements });
      if (stack.length >= limits.maxDepth) throw new ImportError('import.error.xmlDepth', { limit: limits.maxDepth });
      const element: XmlElement = { name, attributes: readAttributes(inner.slice(name.length), open), children: [], text: '' };
      if (stack.length > 0) stack[stack.length - 1]!.children.push(element);
      else root = element;
      if (!selfClosing) {
        stack.push(element);
        textParts.push([]);
      }
      at = close + 1;
    }
  }
  if (stack.length > 0) throw new ImportError('import.error.truncated', { element: stack[stack.length - 1]!.name.slice(0, 40) });
  if (root === null) fail('no element', 0);
  return root;
}
