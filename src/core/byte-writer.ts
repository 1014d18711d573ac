import { writeLatin1 } from './names.js';

/** An append-only little-endian byte buffer for the writers; it grows by doubling. */
export class ByteWriter {
  #bytes: Uint8Array;
  #view: DataView;
  length = 0;

  /** `capacity`: the bytes to start with, when the writer knows about how many it will write. */
  constructor(capacity = 256) {
    this.#bytes = new Uint8Array(Math.max(16, capacity));
    this.#view = new DataView(this.#bytes.buffer);
  }

  #reserve(count: number): number {
    const at = this.length;
    const needed = at + count;
    if (needed > this.#bytes.length) {
      const grown = new Uint8Array(Math.max(needed, this.#bytes.length * 2));
      grown.set(this.#bytes.subarray(0, at));
      this.#bytes = grown;
      this.#view = new DataView(grown.buffer);
    }
    this.length = needed;
    return at;
  }

  u8(value: number): void {
    const at = this.#reserve(1);
    this.#view.setUint8(at, value);
  }
  u16(value: number): void {
    const at = this.#reserve(2);
    this.#view.setUint16(at, value, true);
  }
  i16(value: number): void {
    const at = this.#reserve(2);
    this.#view.setInt16(at, value, true);
  }
  u32(value: number): void {
    const at = this.#reserve(4);
    this.#view.setUint32(at, value, true);
  }
  i32(value: number): void {
    const at = this.#reserve(4);
    this.#view.setInt32(at, value, true);
  }
  f32(value: number): void {
    const at = this.#reserve(4);
    this.#view.setFloat32(at, value, true);
  }
  /** A float given as its 32-bit pattern, so NaN payloads pass through unchanged. */
  bits32(value: number): void {
    const at = this.#reserve(4);
    this.#view.setUint32(at, value >>> 0, true);
  }
  u32be(value: number): void {
    const at = this.#reserve(4);
    this.#view.setUint32(at, value, false);
  }
  /** Four ASCII characters. */
  tag(tag: string): void {
    this.fixedName(tag, 4);
  }
  /** A Latin-1 name in a NUL-padded field of `size` bytes. */
  fixedName(name: string, size: number): void {
    const at = this.#reserve(size);
    writeLatin1(this.#bytes, at, size, name);
  }
  bytes(data: Uint8Array): void {
    const at = this.#reserve(data.length);
    this.#bytes.set(data, at);
  }
  zeros(count: number): void {
    this.#reserve(count);
  }
  /** Zero bytes up to the next multiple of `alignment`. */
  pad(alignment: number): void {
    this.zeros((alignment - (this.length % alignment)) % alignment);
  }
  /** Overwrites a u32 written earlier, for sizes known only after their contents. */
  patchU32(at: number, value: number, littleEndian = true): void {
    this.#view.setUint32(at, value, littleEndian);
  }

  /**
   * The written bytes. When they fill most of the buffer (a writer that knew its size), a view of it,
   * which the writer no longer touches; else a copy that owns its buffer, so no large buffer is kept alive.
   */
  finish(): Uint8Array {
    return this.length >= this.#bytes.length * 0.75 ? this.#bytes.subarray(0, this.length) : this.#bytes.slice(0, this.length);
  }
}
