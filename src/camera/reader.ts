import { DecodeError, warning, type DecodeWarning } from '../core/errors.js';
import { inputBytes } from '../core/input.js';
import { CAMERA_CHANNELS, CHANNEL_WIDTH, type CameraChannel, type CameraPathData } from './types.js';

/** A number, as the games' text reader takes one: optional sign, digits, fraction, exponent. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Reads a cutscene camera path (`<cutscene>.dat` in `anim/cuts.img`): text, four sections ended by
 * `;`: zoom, roll, position, target. Each section is a key count, then per key its time in seconds
 * and its values (one, or x y z), separated by commas and white space. See docs/formats/camera.md.
 *
 * Every count is checked against the numbers the section holds before anything is allocated; bad
 * input is a `DecodeError` with format 'CAM' and the byte offset of the token.
 */
export class CameraPathReader implements CameraPathData {
  readonly zoom: CameraChannel;
  readonly roll: CameraChannel;
  readonly position: CameraChannel;
  readonly target: CameraChannel;
  readonly warnings: DecodeWarning[] = [];

  constructor(bytes: Uint8Array | ArrayBuffer) {
    const input = inputBytes(bytes);
    const channels = readSections(input, this.warnings);
    [this.zoom, this.roll, this.position, this.target] = channels as [CameraChannel, CameraChannel, CameraChannel, CameraChannel];
  }

  /** The last key time of any channel, in seconds (0 for an empty path). */
  get duration(): number {
    let last = 0;
    for (const name of CAMERA_CHANNELS) for (const time of this[name].times) if (time > last) last = time;
    return last;
  }
}

interface Token {
  text: string;
  at: number;
}

function readSections(input: Uint8Array, warnings: DecodeWarning[]): CameraChannel[] {
  const channels: CameraChannel[] = [];
  let at = 0;
  for (const name of CAMERA_CHANNELS) {
    const end = input.indexOf(0x3b, at); // ';'
    if (end < 0) throw new DecodeError('CAM', 'truncated', input.length, `the ${name} section has no ";" before the end of the data (a path has four sections: zoom, roll, position, target)`);
    channels.push(readChannel(input, at, end, name, CHANNEL_WIDTH[name]));
    at = end + 1;
  }
  const rest = tokens(input, at, input.length);
  if (rest.length) warnings.push(warning('CAM', 'trailing-bytes', rest[0]!.at, `${input.length - rest[0]!.at} bytes after the target section; ignored`));
  return channels;
}

function readChannel(input: Uint8Array, start: number, end: number, name: string, width: 1 | 3): CameraChannel {
  const words = tokens(input, start, end);
  if (words.length === 0) throw new DecodeError('CAM', 'truncated', start, `the ${name} section has no key count`);
  const count = number(words[0]!, name);
  if (!Number.isInteger(count) || count < 0) throw new DecodeError('CAM', 'bad-count', words[0]!.at, `the ${name} key count is ${words[0]!.text}; it must be a whole number, 0 or more`);
  const needed = count * (1 + width);
  if (needed > words.length - 1) throw new DecodeError('CAM', 'count-exceeds-data', words[0]!.at, `${count} ${name} keys need ${needed} numbers; the section holds ${words.length - 1}`);
  if (needed < words.length - 1) throw new DecodeError('CAM', 'bad-count', words[1 + needed]!.at, `the ${name} section holds ${words.length - 1 - needed} numbers more than its ${count} keys`);
  const times = new Float32Array(count);
  const values = new Float32Array(count * width);
  for (let k = 0; k < count; k++) {
    const base = 1 + k * (1 + width);
    times[k] = number(words[base]!, name);
    for (let c = 0; c < width; c++) values[k * width + c] = number(words[base + 1 + c]!, name);
  }
  return { times, values, width };
}

/** The numbers between `start` and `end`, split at commas and white space. */
function tokens(input: Uint8Array, start: number, end: number): Token[] {
  const found: Token[] = [];
  let at = start;
  while (at < end) {
    while (at < end && isSeparator(input[at]!)) at++;
    const from = at;
    while (at < end && !isSeparator(input[at]!)) at++;
    if (at > from) found.push({ text: String.fromCharCode(...input.subarray(from, Math.min(at, from + 64))), at: from });
  }
  return found;
}

const isSeparator = (byte: number) => byte === 0x2c || byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x00;

function number(token: Token, name: string): number {
  if (!NUMBER.test(token.text)) throw new DecodeError('CAM', 'bad-number', token.at, `the ${name} section holds ${JSON.stringify(token.text)} where a number belongs`);
  return Math.fround(Number(token.text));
}
