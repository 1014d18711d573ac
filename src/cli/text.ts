// Text helpers shared by the formats' summaries and dumps, and by the CLI.
import { countText, float32Text, type DecodeWarning } from 'gameanim';

/** C0 controls but newline and tab, DEL, and the C1 controls (0x9B is a CSI on some terminals). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text a terminal shows as it is: names from files may hold escape sequences that would set the
 * title or clear the screen, so control characters are written as `\xNN`.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Every control character, newline and tab included: for one value (a name, a message) inside a line. */
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A value from a file shown inside one line (a table cell, a warning): newline and tab escaped too, so
 * a name holding "\n" cannot start a row of its own that looks like the tool's.
 */
export function inlineText(text: string): string {
  return text.replace(ANY_CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * "an IMG", "an IFP", "a DFF": the article of a format's name, by its first letter as the names read (every vowel-led name is an initialism
 * read letter by letter).
 */
export const withArticle = (name: string) => `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;

/** "1 track", "2 tracks" (the library's `countText`). */
export const plural = countText;

/** A float as the shortest text that reads back to the same f32 (the library's `float32Text`). */
export const f32Text = float32Text;

export function warningLines(warnings: readonly DecodeWarning[], indent: string): string[] {
  return warnings.map((w) => `${indent}warning ${w.code}: ${inlineText(w.message)}`);
}

/** A name as a table cell: quoted when it starts or ends with a space (" Pelvis"), which would otherwise look like padding. */
export const nameCell = (name: string) => (/^\s|\s$/.test(name) ? `"${name}"` : name);

/**
 * Numbers right-aligned; the columns in `leftAligned` (text) left-aligned, the first by default. A text
 * cell that starts or ends with a space is quoted (nameCell), so the padding never hides it; every
 * cell's control characters, newline and tab included, are escaped (inlineText), so a cell is one row.
 */
export function textTable(header: string[], rows: string[][], leftAligned: readonly number[] = [0]): string {
  rows = rows.map((row) => row.map((c, i) => (leftAligned.includes(i) ? nameCell(inlineText(c)) : inlineText(c))));
  // A reduce, not Math.max(...): a spread of every row overflows the stack past about 125,000 rows.
  const widths = header.map((h, i) => rows.reduce((width, row) => Math.max(width, row[i]!.length), h.length));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (leftAligned.includes(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/**
 * JSON with every number exact: JSON has no NaN, infinities or -0, so those four are written as the
 * strings "NaN", "Infinity", "-Infinity" and "-0" (NaN payload bits are not kept). Every other
 * number is the decoded value, which reads back to the same f32.
 */
export function exactJson(document: unknown): string {
  // JSON.stringify leaves DEL and the C1 controls as they are; as \u escapes no terminal acts on them.
  return jsonText(document).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function jsonText(document: unknown): string {
  return JSON.stringify(document, (_key, value: unknown) => {
    if (typeof value !== 'number') return value;
    if (Number.isNaN(value)) return 'NaN';
    if (value === Infinity) return 'Infinity';
    if (value === -Infinity) return '-Infinity';
    return Object.is(value, -0) ? '-0' : value;
  });
}
