import { DecodeError, type FormatName } from './errors.js';
import { readLatin1 } from './names.js';

/**
 * A little-endian read position over a byte array. Every read is bounds-checked against `end` and
 * fails with a `DecodeError` naming the format, the offset and what was being read, so a parser built
 * on it cannot read out of bounds.
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


  u16(what = 'u16'): number {
    this.need(2, what);
    const value = this.view.getUint16(this.pos, true);
    this.pos += 2;
    return value;
  }

  u32(what = 'u32'): number {
    this.need(4, what);
    const value = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return value;
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
