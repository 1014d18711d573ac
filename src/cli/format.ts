import type { DecodeWarning } from '../core/errors.js';
import type { IFFReader } from '../iff/reader.js';
import type { IFPReader } from '../ifp/reader.js';
import type { SpriteAnimReader } from '../sprite/reader.js';

export const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

/** A float as the shortest text that reads back to the same f32. */
export function f32Text(value: number): string {
  for (let digits = 1; digits < 10; digits++) {
    const text = value.toPrecision(digits);
    if (Math.fround(Number(text)) === value) return String(Number(text));
  }
  return String(value);
}

export function summariseIFP(reader: IFPReader): string {
  const packages = reader.packages.map((p) => `${p.format} "${p.name}"`).join(', ');
  return `IFP ${packages}: ${plural(reader.animations.length, 'animation')}, ${plural(reader.trackCount, 'track')}, ${plural(reader.keyframeCount, 'keyframe')}`;
}

export function summariseIFF(reader: IFFReader): string {
  const counts = new Map<string, number>();
  for (const chunk of reader.unknownChunks) counts.set(chunk.id, (counts.get(chunk.id) ?? 0) + 1);
  const extras = counts.size ? `, unknown chunks ${[...counts].map(([id, n]) => (n > 1 ? `${id} x${n}` : id)).join(' ')}` : '';
  return (
    `IFF ANM2: ${plural(reader.boneCount, 'bone')}, ${plural(reader.frameCount, 'frame')} at ${reader.sampleRate} Hz, ` +
    `${f32Text(reader.duration)} s, root motion ${reader.rootMotion ? 'yes' : 'no'}${extras}, ${reader.zeroCopy ? 'zero-copy' : 'copied'}`
  );
}

export function summariseAnim(reader: SpriteAnimReader): string {
  const paths = [reader.texturePath && `texture ${reader.texturePath}`, reader.alphaPath && `alpha ${reader.alphaPath}`].filter(Boolean);
  const instructions = reader.scripts.reduce((n, s) => n + s.instructions.length, 0);
  return `ANIM v${reader.version}: ${reader.width}x${reader.height}, ${plural(reader.sprites.length, 'sprite')}, ${plural(reader.scripts.length, 'script')} (${plural(instructions, 'instruction')})${paths.length ? ', ' + paths.join(', ') : ''}`;
}

export function warningLines(warnings: readonly DecodeWarning[], indent: string): string[] {
  return warnings.map((w) => `${indent}warning ${w.code}: ${w.message}`);
}

/** Left-aligned first column, right-aligned numbers. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/**
 * JSON with every number exact: JSON has no NaN, infinities or -0, so those four are written as the
 * strings "NaN", "Infinity", "-Infinity" and "-0" (NaN payload bits are not kept). Every other
 * number is the decoded value, which reads back to the same f32.
 */
export function exactJson(document: unknown): string {
  return JSON.stringify(document, (_key, value: unknown) => {
    if (typeof value !== 'number') return value;
    if (Number.isNaN(value)) return 'NaN';
    if (value === Infinity) return 'Infinity';
    if (value === -Infinity) return '-Infinity';
    return Object.is(value, -0) ? '-0' : value;
  });
}
