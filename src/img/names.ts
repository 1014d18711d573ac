// What an IMG directory can hold as an entry name, checked wherever a name is set (the editor's add
// and rename, writeIMG). The reader takes any bytes a file holds; a writer only makes names a game
// and an extracting tool can use as a plain file name.
import { EncodeError } from '../core/errors.js';
import { codePointLabel } from '../core/names.js';

/** Both versions keep a 24-byte field; the games force byte 23 to NUL, so a name holds 23 characters. */
export const IMG_NAME_CHARACTERS = 23;

/**
 * Printable Latin-1: the ASCII printables and U+00A0 to U+00FF. No C0 controls (NUL would cut the
 * name short), no DEL, no C1 controls; no path separators, so an entry is never a path.
 */
const ALLOWED = /^[\u0020-\u007e\u00a0-\u00ff]+$/;
const SEPARATOR = /[/\\]/;

/** Why `name` cannot be an IMG entry name, or undefined when it can. */
export function imgNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'is empty';
  const unstorable = Array.from(name).find((c) => !ALLOWED.test(c));
  if (unstorable !== undefined) {
    return unstorable.codePointAt(0)! > 0xff
      ? `has a character outside Latin-1 (${codePointLabel(unstorable)})`
      : `has a control character (${codePointLabel(unstorable)})`;
  }
  if (SEPARATOR.test(name)) return 'has a path separator (/ or \\)';
  if (name === '.' || name === '..') return 'names a folder, not a file';
  if (name.length > IMG_NAME_CHARACTERS) return `has ${name.length} characters; the directory holds ${IMG_NAME_CHARACTERS}`;
  return undefined;
}

/** Throws a one-line `EncodeError` (code `bad-name`) naming the entry when `name` cannot be stored. */
export function checkIMGName(name: string): void {
  const problem = imgNameProblem(name);
  if (problem)
    throw new EncodeError(
      'IMG',
      'bad-name',
      `entry name ${quoted(name)} ${problem}: IMG names are 1 to ${IMG_NAME_CHARACTERS} printable Latin-1 characters, without / or \\, not . or ..`,
    );
}

/** The name in quotes, its control and line-breaking characters as escapes: a message stays one harmless line. */
function quoted(name: string): string {
  return `"${name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029"]/g, (c) => (c === '"' ? '\\"' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))}"`;
}
