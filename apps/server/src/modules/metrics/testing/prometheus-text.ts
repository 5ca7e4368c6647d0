/**
 * A strict reader of Prometheus's text exposition format (0.0.4) for tests: prom-client writes it but has no
 * parser. Every line must be a `# HELP`, a `# TYPE` or a sample of a family typed before it; anything else
 * throws with the line, so a malformed scrape fails the test that reads it.
 */
const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL_VALUE = '"(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*=${LABEL_VALUE}`;
// As Go's ParseFloat reads it (Prometheus's parser): NaN and Inf in any case (prom-client writes `Nan`).
const VALUE = '(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]?[iI][nN][fF]|[nN][aA][nN])';
const HELP = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (${VALUE})(?: -?\\d+)?$`);
const LABEL_PAIR = new RegExp(`([a-zA-Z_][a-zA-Z0-9_]*)=(${LABEL_VALUE})`, 'g');

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  types: Map<string, string>;
  help: Map<string, string>;
  samples: Sample[];
}

const labelValueOf = (quoted: string) =>
  quoted.slice(1, -1).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

/** The family a sample belongs to: histograms' and summaries' series carry a suffix. */
function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count|created)$/, '');
  return types.has(base) ? base : undefined;
}

export function parsePrometheusText(text: string): Scrape {
  const types = new Map<string, string>();
  const help = new Map<string, string>();
  const samples: Sample[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const h = HELP.exec(line);
    if (h) {
      help.set(h[1] as string, h[2] as string);
      continue;
    }
    const t = TYPE.exec(line);
    if (t) {
      types.set(t[1] as string, t[2] as string);
      continue;
    }
    const s = SAMPLE.exec(line);
    if (!s) throw new Error(`line ${i + 1} is not Prometheus text: ${JSON.stringify(line)}`);
    const name = s[1] as string;
    if (!familyOf(name, types)) throw new Error(`line ${i + 1}: sample of ${name} before its # TYPE`);
    const labels: Record<string, string> = {};
    for (const m of (s[2] ?? '').matchAll(LABEL_PAIR)) labels[m[1] as string] = labelValueOf(m[2] as string);
    const raw = s[3] as string;
    const infinite = /inf$/i.test(raw);
    const value = infinite
      ? raw.startsWith('-')
        ? -Infinity
        : Infinity
      : /nan/i.test(raw)
        ? NaN
        : Number(raw);
    samples.push({ name, labels, value });
  }
  return { types, help, samples };
}
