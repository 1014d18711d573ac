// The words of a camera path's text, one at a time. Nothing is built for a word until its number is
// asked for: a hostile file of millions of words (or bytes after the last section) costs no objects,
// and memory stays proportional to the keys the reader keeps.
import { DecodeError } from '../core/errors.js';
import { readLatin1 } from '../core/names.js';

/** A number, as the games' text reader takes one: optional sign, digits, fraction, exponent. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The longest word read as a number. Leading zeros let a number be any length; past this it is
 * refused (`bad-number`) rather than cut, so a value is never silently changed.
 */
export const MAX_NUMBER_CHARACTERS = 4096;

/** Texts built from words so far, over every scanner: how tests count what a read materialises. */
export const scanCounts = { texts: 0 };

export const isSeparator = (byte: number) =>
  byte === 0x2c || byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x00;

/** Words between `start` and `end` of `input`, split at commas and white space. */
export class WordScanner {
  /** The current word: bytes `from` to `to`, after `next()` returned true. */
  from = 0;
  to = 0;
  #at: number;

  constructor(
    readonly input: Uint8Array,
    start: number,
    readonly end: number,
  ) {
    this.#at = start;
  }

  /** Moves to the next word; false when the range holds no more. */
  next(): boolean {
    const { input, end } = this;
    let at = this.#at;
    while (at < end && isSeparator(input[at]!)) at++;
    this.from = at;
    while (at < end && !isSeparator(input[at]!)) at++;
    this.to = this.#at = at;
    return at > this.from;
  }

  /** The words left after the current one, counted without building any. */
  countRest(): number {
    let count = 0;
    while (this.next()) count++;
    return count;
  }

  /** The current word's text: whole, or up to `limit` characters for a message. */
  text(limit = Infinity): string {
    scanCounts.texts++;
    return readLatin1(this.input, this.from, Math.min(this.to - this.from, limit));
  }

  /** The current word as an f32, or a `bad-number` DecodeError at it. */
  number(section: string): number {
    const length = this.to - this.from;
    if (length > MAX_NUMBER_CHARACTERS)
      throw new DecodeError(
        'CAM',
        'bad-number',
        this.from,
        `the ${section} section holds a word of ${length} characters where a number belongs (the reader takes up to ${MAX_NUMBER_CHARACTERS})`,
      );
    const text = this.text();
    if (!NUMBER.test(text))
      throw new DecodeError(
        'CAM',
        'bad-number',
        this.from,
        `the ${section} section holds ${JSON.stringify(text.slice(0, 64))}${text.length > 64 ? '...' : ''} where a number belongs`,
      );
    return Math.fround(Number(text));
  }
}
