/**
 * Names in these formats are Latin-1 byte strings that end at the first NUL; any bytes after it are
 * stale leftovers. Games compare them ASCII-case-insensitively.
 */
export function readLatin1(bytes: Uint8Array, start: number, maxLength: number): string {
  const end = Math.min(bytes.length, start + maxLength);
  let name = '';
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    if (byte === 0) break;
    name += String.fromCharCode(byte);
  }
  return name;
}

/**
 * Writes `name` into a `size`-byte field, NUL-padded. Characters beyond U+00FF cannot be stored.
 * A name may carry its own NUL followed by junk (as real files do); it is written verbatim, so
 * writers can reproduce such files.
 */
export function writeLatin1(target: Uint8Array, start: number, size: number, name: string): void {
  if (name.length > size) throw new RangeError(`name "${name}" is longer than its ${size}-byte field`);
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code > 0xff) throw new RangeError(`name "${name}" has a character outside Latin-1`);
    target[start + i] = code;
  }
}

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
