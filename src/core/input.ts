/**
 * A reader's view of its input: a plain `Uint8Array` over the same bytes, never a subclass. A Node
 * `Buffer` is a `Uint8Array` whose `slice()` is a view rather than a copy, so a reader that copied
 * with `slice()` and then changed the copy would change the caller's file. Every reader starts here.
 */
export function inputBytes(bytes: Uint8Array | ArrayBuffer): Uint8Array {
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  return Object.getPrototypeOf(bytes) === Uint8Array.prototype ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
