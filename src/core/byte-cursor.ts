import type { Code } from './codes.js';
import { DecodeError, type FormatName } from './errors.js';
import { readLatin1 } from './names.js';

/**
 * The one bounded reader every format parses with: little-endian reads of every width, sequential
 * (at `pos`, which moves) or positional (at an absolute offset), strings and magics. Every read is
 * bounds-checked against `end` and fails with a `DecodeError` naming the format, the offset and what
 * was being read, so a parser built on it cannot read out of bounds. Only measured hot loops read a
 * DataView of their own, each with a comment saying why.
 */
export class ByteCursor {
  readonly view: DataView;
  pos: number;
  end: number;

  constructor(
    readonly bytes: Uint8Array,
    readonly format: FormatName,
    pos = 0,
    end = bytes.length,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = pos;
    this.end = end;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  /** Throws unless `count` more bytes are available; `what` names the structure for the message. */
  need(count: number, what: string): void {
    if (count > this.end - this.pos) {
      throw new DecodeError(this.format, 'truncated', this.pos, `${what} needs ${count} bytes, ${this.end - this.pos} remain`);
    }
  }

  /**
   * Throws unless `count` items of `itemBytes` each could fit in what remains: run before allocating.
   * `what` may be a function, so hot loops build their message only when it is needed.
   */
  needItems(count: number, itemBytes: number, what: string | (() => string)): void {
    if (count * itemBytes > this.end - this.pos) {
      const name = typeof what === 'string' ? what : what();
      throw new DecodeError(
        this.format,
        'count-exceeds-data',
        this.pos,
        `${name} count ${count} needs at least ${count * itemBytes} bytes, ${this.end - this.pos} remain`,
      );
    }
  }

  /** A typed error of this cursor's format at `offset` (for checks the reads themselves do not make). */
  error(code: Code, offset: number, detail: string): DecodeError {
    return new DecodeError(this.format, code, offset, detail);
  }

  // Sequential reads: at `pos`, which they move past what they read.
  u8(what = 'u8'): number {
    const value = this.u8At(this.pos, what);
    this.pos += 1;
    return value;
  }

  u16(what = 'u16'): number {
    const value = this.u16At(this.pos, what);
    this.pos += 2;
    return value;
  }

  i16(what = 'i16'): number {
    const value = this.i16At(this.pos, what);
    this.pos += 2;
    return value;
  }

  u32(what = 'u32'): number {
    const value = this.u32At(this.pos, what);
    this.pos += 4;
    return value;
  }

  i32(what = 'i32'): number {
    const value = this.i32At(this.pos, what);
    this.pos += 4;
    return value;
  }

  f32(what = 'f32'): number {
    const value = this.f32At(this.pos, what);
    this.pos += 4;
    return value;
  }

  // Positional reads: at an absolute offset, bounded by [0, end); `pos` does not move.
  /** Throws unless `count` bytes from `at` lie inside [0, end). */
  needAt(at: number, count: number, what: string): void {
    if (!(at >= 0 && count <= this.end - at)) {
      throw new DecodeError(
        this.format,
        'truncated',
        Math.max(0, Math.min(at, this.end)),
        `${what} at byte ${at} needs ${count} bytes, ${Math.max(0, this.end - at)} remain`,
      );
    }
  }

  u8At(at: number, what = 'u8'): number {
    this.needAt(at, 1, what);
    return this.bytes[at]!;
  }

  u16At(at: number, what = 'u16'): number {
    this.needAt(at, 2, what);
    return this.view.getUint16(at, true);
  }

  i16At(at: number, what = 'i16'): number {
    this.needAt(at, 2, what);
    return this.view.getInt16(at, true);
  }

  u32At(at: number, what = 'u32'): number {
    this.needAt(at, 4, what);
    return this.view.getUint32(at, true);
  }

  /** Big-endian, as IFF-85 sizes are. */
  u32beAt(at: number, what = 'u32'): number {
    this.needAt(at, 4, what);
    return this.view.getUint32(at, false);
  }

  i32At(at: number, what = 'i32'): number {
    this.needAt(at, 4, what);
    return this.view.getInt32(at, true);
  }

  f32At(at: number, what = 'f32'): number {
    this.needAt(at, 4, what);
    return this.view.getFloat32(at, true);
  }

  /** `count` little-endian floats from `at`, copied (bounds checked once for the run). */
  f32sAt(at: number, count: number, what = 'floats'): Float32Array {
    this.needAt(at, 4 * count, what);
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) out[i] = this.view.getFloat32(at + 4 * i, true);
    return out;
  }

  /** `count` little-endian floats from `at`, copied as u32 patterns so every float (NaN payloads too) keeps its exact bits. */
  f32BitsAt(at: number, count: number, what = 'floats'): Float32Array {
    return new Float32Array(this.u32sAt(at, count, what).buffer);
  }

  /** `count` little-endian u32 words from `at`, copied (bounds checked once for the run). */
  u32sAt(at: number, count: number, what = 'words'): Uint32Array {
    this.needAt(at, 4 * count, what);
    const out = new Uint32Array(count);
    for (let i = 0; i < count; i++) out[i] = this.view.getUint32(at + 4 * i, true);
    return out;
  }

  /** Text at `at`, up to the first NUL within `size` bytes, as Latin-1. */
  latin1At(at: number, size: number, what = 'text'): string {
    this.needAt(at, size, what);
    return readLatin1(this.bytes, at, size);
  }

  /** Four bytes at `at` as Latin-1 text (NULs kept as NULs), for magics and chunk ids. */
  tagAt(at: number, what = 'tag'): string {
    this.needAt(at, 4, what);
    return String.fromCharCode(this.bytes[at]!, this.bytes[at + 1]!, this.bytes[at + 2]!, this.bytes[at + 3]!);
  }

  /** Four bytes as Latin-1 text, for magics and chunk ids. */
  tag(what = 'tag'): string {
    this.need(4, what);
    const tag = readLatin1(this.bytes, this.pos, 4);
    this.pos += 4;
    return tag;
  }

  /** A fixed-size name field: text up to the first NUL; the rest of the field is skipped. */
  fixedName(size: number, what = 'name'): string {
    this.need(size, what);
    const name = readLatin1(this.bytes, this.pos, size);
    this.pos += size;
    return name;
  }

  skip(count: number, what = 'data'): void {
    this.need(count, what);
    this.pos += count;
  }
}
