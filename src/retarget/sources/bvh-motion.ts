// A BVH's MOTION header, read before three.js's BVHLoader sees the text: the loader takes any frame
// count and frame time (parseInt, parseFloat) and loops over the frames the count claims. Checked
// here: the frame time a finite number above 0, the count a whole number the numbers below it can
// fill (every frame holds one number per channel), so nothing is made for frames the file lacks.
import { DecodeError } from '../../core/errors.js';
import './source-codes.js';

export interface BvhMotion {
  frames: number;
  frameTime: number;
  channels: number;
}

/** The header's frame count, frame time and channels per frame, checked against the numbers the text holds. */
export function checkBvhMotion(text: string): BvhMotion {
  const motion = /^[ \t]*MOTION[ \t]*\r?$/m.exec(text);
  if (!motion) throw new DecodeError('BVH', 'truncated', byteLength(text), 'no MOTION section');
  let channels = 0;
  for (const match of text.slice(0, motion.index).matchAll(/^[ \t]*CHANNELS[ \t]+(\S+)/gm)) {
    const count = Number(match[1]);
    if (!(Number.isInteger(count) && count >= 0 && count <= 6))
      throw new DecodeError(
        'BVH',
        'bad-number',
        byteLength(text.slice(0, match.index)),
        `CHANNELS ${match[1]}: a joint has 0 to 6 channels`,
      );
    channels += count;
  }
  const header = /^[ \t]*Frames:[ \t]*(\S+)[ \t]*\r?\n[ \t]*Frame Time:[ \t]*(\S+)[ \t]*\r?$/m.exec(text.slice(motion.index));
  const at = byteLength(text.slice(0, motion.index));
  if (!header) throw new DecodeError('BVH', 'truncated', at, 'MOTION is not followed by "Frames: N" and "Frame Time: T"');
  const frames = Number(header[1]);
  const frameTime = Number(header[2]);
  if (!(Number.isInteger(frames) && frames >= 0))
    throw new DecodeError('BVH', 'bad-number', at, `Frames: ${header[1]} is not a whole number of frames`);
  if (!(Number.isFinite(frameTime) && frameTime > 0))
    throw new DecodeError('BVH', 'bad-number', at, `Frame Time: ${header[2]} is not a number of seconds above 0`);
  // Each number takes at least two characters (a digit and a separator).
  const rest = text.length - (motion.index + header.index + header[0].length);
  if (frames * channels > rest / 2)
    throw new DecodeError(
      'BVH',
      'count-exceeds-data',
      at,
      `Frames: ${frames} of ${channels} channels needs ${frames * channels} numbers; ${rest} characters follow`,
    );
  return { frames, frameTime, channels };
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;
