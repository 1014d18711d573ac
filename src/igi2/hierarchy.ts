import { ByteCursor } from '../core/byte-cursor.js';
import { DecodeError, EncodeError } from '../core/errors.js';

/**
 * REIH: per bone (breadth-first order) its number of children, a zero byte, then per bone its rest
 * translation (3 f32, relative to the parent). Parents follow from the counts with a queue: bone 0 is
 * the root; each later bone's parent is the bone at the queue's front, which leaves the queue once
 * it has all its children; a bone with children joins the queue's back.
 */
export function readHierarchy(
  input: Uint8Array,
  at: number,
  size: number,
  boneCount: number,
): { parents: Int32Array; restTranslations: Float32Array; childCounts: Uint8Array } {
  const expected = boneCount + 1 + 12 * boneCount;
  if (size !== expected) throw new DecodeError('ILFF', 'chunk-size', at, `REIH holds ${size} bytes; ${boneCount} bones need ${expected}`);
  const childCounts = input.slice(at, at + boneCount);
  const parents = parentsFromChildCounts(childCounts, at);
  const restTranslations = new ByteCursor(input, 'ILFF').f32BitsAt(at + boneCount + 1, 3 * boneCount, 'REIH rest translations');
  return { parents, restTranslations, childCounts };
}

export function parentsFromChildCounts(counts: Uint8Array, at: number): Int32Array {
  const n = counts.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += counts[i]!;
  if (n > 0 && total !== n - 1)
    throw new DecodeError('ILFF', 'bad-hierarchy', at, `REIH child counts sum to ${total}; ${n} bones need ${n - 1}`);
  const parents = new Int32Array(n).fill(-1);
  const queue: number[] = n > 0 && counts[0]! > 0 ? [0] : [];
  const remaining = Uint8Array.from(counts); // a copy even when counts is a Buffer view
  let head = 0;
  for (let bone = 1; bone < n; bone++) {
    if (head >= queue.length) throw new DecodeError('ILFF', 'bad-hierarchy', at + bone, `REIH leaves bone ${bone} without a parent`);
    const parent = queue[head]!;
    parents[bone] = parent;
    if (--remaining[parent]! === 0) head++;
    if (counts[bone]! > 0) queue.push(bone);
  }
  return parents;
}

/** The child counts of a parents array whose bones are in breadth-first order (for the writer). */
export function childCountsOf(parents: ArrayLike<number>): Uint8Array {
  const counts = new Uint8Array(parents.length);
  for (let bone = 1; bone < parents.length; bone++) {
    const parent = parents[bone]!;
    if (parent < 0 || parent >= bone)
      throw new EncodeError(
        'ILFF',
        'bad-hierarchy',
        `writeIGI2Clip: bone ${bone} has parent ${parent}; IGI 2 lists bones breadth first from one root`,
      );
    counts[parent]!++;
  }
  if (parentsFromChildCounts(counts, 0).some((parent, bone) => parent !== parents[bone])) {
    throw new EncodeError('ILFF', 'bad-hierarchy', 'writeIGI2Clip: the bones are not in breadth-first order, which REIH needs');
  }
  return counts;
}
