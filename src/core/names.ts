import { ArgumentError } from './errors.js';
/**
 * Names in these formats are Latin-1 byte strings that end at the first NUL; any bytes after it are
 * stale leftovers. Games compare them ASCII-case-insensitively.
 */
export function readLatin1(bytes: Uint8Array, start: number, maxLength: number): string {
  const limit = Math.min(bytes.length, start + maxLength);
  let end = start;
  while (end < limit && bytes[end] !== 0) end++;
  // One call builds a flat string (concatenation builds ropes that every Map lookup must flatten);
  // long strings go in slices, below the engines' argument-count limits.
  let text = '';
  for (let at = start; at < end; at += 8192)
    text += String.fromCharCode.apply(null, bytes.subarray(at, Math.min(end, at + 8192)) as unknown as number[]);
  return text;
}

/**
 * The four bytes at `at` as a four-character code (a magic or chunk id), NULs included; fewer
 * characters where the input ends sooner.
 */
export function fourCC(bytes: Uint8Array, at = 0): string {
  if (at + 4 > bytes.length) return String.fromCharCode(...bytes.subarray(at, at + 4));
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

/**
 * Writes `name` into a `size`-byte field, NUL-padded. Characters beyond U+00FF cannot be stored.
 * A name may carry its own NUL followed by junk (as real files do); it is written verbatim, so
 * writers can reproduce such files.
 */
export function writeLatin1(target: Uint8Array, start: number, size: number, name: string): void {
  if (name.length > size) throw new ArgumentError('field-overflow', `name "${name}" is longer than its ${size}-byte field`);
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code > 0xff) throw new ArgumentError('field-overflow', `name "${name}" has a character outside Latin-1`);
    target[start + i] = code;
  }
}

/** A character as messages name it: `U+0416`. */
export const codePointLabel = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The key under which the games match names: ASCII letters folded to lower case, nothing else. */
export function nameKey(name: string): string {
  return name.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** A case-insensitive lookup table; the first entry with a given name wins. */
export function indexByName<T>(items: readonly T[], nameOf: (item: T) => string): Map<string, T> {
  const index = new Map<string, T>();
  for (const item of items) {
    const key = nameKey(nameOf(item));
    if (!index.has(key)) index.set(key, item);
  }
  return index;
}

/**
 * Reads NUL-terminated Latin-1 names, returning one shared string per distinct name. Files repeat
 * the same few bone names thousands of times; hashing the bytes and reusing the string is cheaper
 * than building it again.
 */
export class NameCache {
  #byHash = new Map<number, string>();

  read(bytes: Uint8Array, start: number, maxLength: number): string {
    const end = Math.min(bytes.length, start + maxLength);
    let hash = 0;
    let i = start;
    for (; i < end; i++) {
      const byte = bytes[i]!;
      if (byte === 0) break;
      hash = (Math.imul(hash, 31) + byte) | 0;
    }
    const length = i - start;
    const cached = this.#byHash.get(hash);
    if (cached !== undefined && cached.length === length && sameLatin1(cached, bytes, start)) return cached;
    const name = readLatin1(bytes, start, length);
    this.#byHash.set(hash, name);
    return name;
  }
}

function sameLatin1(text: string, bytes: Uint8Array, start: number): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== bytes[start + i]) return false;
  return true;
}

/** "1 clip", "2 clips": a count with its noun in the number it takes, for messages (the CLI and the viewer use it too). */
export const countText = (n: number, noun: string, nouns = `${noun}s`): string => `${n} ${n === 1 ? noun : nouns}`;
