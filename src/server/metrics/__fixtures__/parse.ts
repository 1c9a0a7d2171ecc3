// A strict reader of the text format for tests: every line must be a HELP, a TYPE or a sample
// with well-formed labels, and label values are unescaped as Prometheus unescapes them.

export interface ParsedSeries {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface ParsedBody {
  series: ParsedSeries[];
  help: Map<string, string>;
  types: Map<string, string>;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;

function unescape(value: string): string {
  return value.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));
}

export function parseExposition(body: string): ParsedBody {
  if (!body.endsWith('\n')) throw new Error('the body does not end with a newline');
  const parsed: ParsedBody = { series: [], help: new Map(), types: new Map() };
  for (const line of body.slice(0, -1).split('\n')) {
    const comment = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (comment) {
      const into = comment[1] === 'HELP' ? parsed.help : parsed.types;
      // A family written twice is one Prometheus rejects: its lines must be contiguous.
      if (into.has(comment[2]!)) throw new Error(`${comment[1]} ${comment[2]} twice`);
      into.set(comment[2]!, comment[3]!);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    const text = match[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < text.length) {
      const start = LABEL.lastIndex;
      const label = LABEL.exec(text);
      if (!label || label.index !== start) throw new Error(`bad labels: ${JSON.stringify(text)}`);
      if (Object.hasOwn(labels, label[1]!)) throw new Error(`label ${label[1]} twice: ${line}`);
      labels[label[1]!] = unescape(label[2]!);
    }
    const value = Number(match[3]);
    if (!Number.isFinite(value)) throw new Error(`value is not a finite number: ${line}`);
    parsed.series.push({ name: match[1]!, labels, value });
  }
  return parsed;
}
