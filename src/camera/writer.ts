import { EncodeError } from '../core/errors.js';
import { float32Text } from '../core/float32.js';
import { CAMERA_CHANNELS, type CameraPathData } from './types.js';

/**
 * A camera path as the games' files lay it out: per section the key count on its own line, one key
 * per line (time, then its values, each followed by a comma), and `;`. Every float is written as the
 * shortest text that reads back to the same f32, so reading the output gives the same path.
 */
export function writeCameraPath(path: CameraPathData): Uint8Array {
  const lines: string[] = [];
  for (const name of CAMERA_CHANNELS) {
    const { times, values, width } = path[name];
    if (values.length !== times.length * width)
      throw new EncodeError(
        'CAM',
        'mismatched-lengths',
        `writeCameraPath: the ${name} channel has ${values.length} values for ${times.length} keys of ${width}`,
      );
    lines.push(String(times.length));
    for (let k = 0; k < times.length; k++) {
      const key = [times[k]!, ...values.subarray(k * width, k * width + width)];
      if (!key.every(Number.isFinite))
        throw new EncodeError('CAM', 'bad-number', `writeCameraPath: ${name} key ${k} holds a value a text file cannot (NaN or infinite)`);
      lines.push(key.map((v) => `${f32(v)},`).join(' '));
    }
    lines.push(';');
  }
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

// The games' reader takes "-0" as negative zero; the shortest text alone would drop the sign.
const f32 = (value: number): string => (Object.is(value, -0) ? '-0' : float32Text(value));
