// The bone hierarchy of a model: parents from the HAnim nodes' PUSH/POP flags, and the nearest bone
// above a frame in the frames' own links, which the reader checks the flags against.
import type { ByteCursor } from '../core/byte-cursor.js';
import { workCount } from '../core/work-count.js';
import type { DFFFrame } from './types.js';

const PUSH = 2;
const POP = 1;

/**
 * The bone of a frame or of its nearest ancestor that is a bone (-1 for none, or for a cycle), each
 * frame walked once: linear in the frames, however deep the chains.
 */
export function nearestBoneAbove(frames: readonly DFFFrame[], boneOfFrame: ReadonlyMap<number, number>): (frame: number) => number {
  const UNKNOWN = -2,
    ON_PATH = -3;
  const memo = new Int32Array(frames.length).fill(UNKNOWN);
  return (start) => {
    const path: number[] = [];
    let result = -1;
    for (let frame = start; frame >= 0; frame = frames[frame]!.parent) {
      workCount.dffFramesWalked++;
      if (memo[frame] !== UNKNOWN) {
        result = memo[frame] === ON_PATH ? -1 : memo[frame]!;
        break;
      }
      const bone = boneOfFrame.get(frame);
      if (bone !== undefined) {
        result = bone;
        break;
      }
      memo[frame] = ON_PATH;
      path.push(frame);
    }
    for (const frame of path) memo[frame] = result;
    return result;
  };
}

/** Parents from the node flags, depth first: PUSH keeps the current bone as a parent, POP returns to it. */
export function parentsFromFlags(nodes: readonly { flags: number }[]): Int32Array {
  const parents = new Int32Array(nodes.length);
  const stack: number[] = [];
  let current = -1;
  nodes.forEach((node, i) => {
    parents[i] = current;
    if (node.flags & PUSH) stack.push(current);
    current = i;
    if (node.flags & POP) current = stack.pop() ?? -1;
  });
  return parents;
}

/**
 * Refuses (`hierarchy-cycle`) frames whose parent links loop, naming the first frame found on the loop
 * and the byte of its parent field: every walk down the tree would go round it. Each frame is walked
 * once (a frame already known to reach a root ends the walk), without recursion.
 */
export function refuseParentCycles(cursor: ByteCursor, frames: readonly DFFFrame[], parentFieldAt: (frame: number) => number): void {
  const UNSEEN = 0,
    ON_PATH = 1,
    ROOTED = 2;
  const state = new Uint8Array(frames.length);
  const path: number[] = [];
  for (let start = 0; start < frames.length; start++) {
    let frame = start;
    while (frame >= 0 && state[frame] === UNSEEN) {
      state[frame] = ON_PATH;
      path.push(frame);
      frame = frames[frame]!.parent;
    }
    if (frame >= 0 && state[frame] === ON_PATH)
      throw cursor.error('hierarchy-cycle', parentFieldAt(frame), `frame ${frame} is its own ancestor: its parent links form a loop`);
    for (const walked of path) state[walked] = ROOTED;
    path.length = 0;
  }
}
