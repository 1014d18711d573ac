import { DecodeError, warning, type DecodeWarning } from '../core/errors.js';
import { inputBytes } from '../core/input.js';
import { isSeparator, WordScanner } from './tokens.js';
import { CAMERA_CHANNELS, CHANNEL_WIDTH, type CameraChannel, type CameraPathData } from './types.js';

/**
 * Reads a cutscene camera path (`<cutscene>.dat` in `anim/cuts.img`): text, four sections ended by
 * `;`: zoom, roll, position, target. Each section is a key count, then per key its time in seconds
 * and its values (one, or x y z), separated by commas and white space. See docs/formats/camera.md.
 *
 * Every count is checked against what the section's bytes can hold before anything is allocated, and
 * the text is read a word at a time: memory follows the keys kept, not the input. Bad input is a
 * `DecodeError` with format 'CAM' and the byte offset of the word.
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

function readSections(input: Uint8Array, warnings: DecodeWarning[]): CameraChannel[] {
  const channels: CameraChannel[] = [];
  let at = 0;
  for (const name of CAMERA_CHANNELS) {
    const end = input.indexOf(0x3b, at); // ';'
    if (end < 0)
      throw new DecodeError(
        'CAM',
        'truncated',
        input.length,
        `the ${name} section has no ";" before the end of the data (a path has four sections: zoom, roll, position, target)`,
      );
    channels.push(readChannel(input, at, end, name, CHANNEL_WIDTH[name]));
    at = end + 1;
  }
  // Only where the trailing text starts is needed: it is found, never split into words.
  while (at < input.length && isSeparator(input[at]!)) at++;
  if (at < input.length)
    warnings.push(warning('CAM', 'trailing-bytes', at, `${input.length - at} bytes after the target section; ignored`));
  return channels;
}

function readChannel(input: Uint8Array, start: number, end: number, name: string, width: 1 | 3): CameraChannel {
  const words = new WordScanner(input, start, end);
  if (!words.next()) throw new DecodeError('CAM', 'truncated', start, `the ${name} section has no key count`);
  const countAt = words.from;
  const count = words.number(name);
  if (!Number.isInteger(count) || count < 0)
    throw new DecodeError('CAM', 'bad-count', countAt, `the ${name} key count is ${words.text(64)}; it must be a whole number, 0 or more`);
  // Each number after the count takes at least two bytes (a separator and a digit): a count the
  // section's bytes cannot hold is refused before anything is allocated.
  const needed = count * (1 + width);
  const room = Math.floor((end - words.to) / 2);
  if (needed > room)
    throw new DecodeError(
      'CAM',
      'count-exceeds-data',
      countAt,
      `${count} ${name} keys need ${needed} numbers; the section's ${end - words.to} bytes after the count hold at most ${room}`,
    );
  const times = new Float32Array(count);
  const values = new Float32Array(count * width);
  for (let n = 0; n < needed; n++) {
    if (!words.next())
      throw new DecodeError('CAM', 'count-exceeds-data', countAt, `${count} ${name} keys need ${needed} numbers; the section holds ${n}`);
    const key = Math.floor(n / (1 + width));
    const column = n % (1 + width);
    if (column === 0) times[key] = words.number(name);
    else values[key * width + column - 1] = words.number(name);
  }
  if (words.next()) {
    const extraAt = words.from;
    throw new DecodeError(
      'CAM',
      'bad-count',
      extraAt,
      `the ${name} section holds ${1 + words.countRest()} numbers more than its ${count} keys`,
    );
  }
  return { times, values, width };
}
