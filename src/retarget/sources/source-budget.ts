// Every retarget source goes through one work budget, as a glTF import does (src/core/work-budget.ts):
// a fixed allowance plus 32 samples per input byte. What retargeting a rig costs is known before any of
// it is done (each clip is sampled on 60 Hz ticks over its keys' span, every joint at every tick), so
// it is charged here, when the source is read: a BVH whose two frames lie 1,000 s apart, or whose
// frame time is 1e9 s, is refused before a tick is sampled or an array allocated.
import type { FormatName } from '../../core/codes.js';
import { DecodeError } from '../../core/errors.js';
import { WorkBudget } from '../../core/work-budget.js';
import { RetargetError } from '../errors.js';
import { clipTiming, type SourceRig } from '../rig.js';
import './source-codes.js';

/** The same allowance as a glTF import's (IMPORT_BASE_SAMPLES, IMPORT_SAMPLES_PER_BYTE in src/gltf/import.ts). */
export const SOURCE_BASE_SAMPLES = 1_000_000;
export const SOURCE_SAMPLES_PER_BYTE = 32;

/** The budget of a source of `inputBytes` (the file and, for a .gltf, its resources). */
export const sourceBudget = (format: FormatName, inputBytes: number) =>
  new WorkBudget(format, SOURCE_BASE_SAMPLES + SOURCE_SAMPLES_PER_BYTE * inputBytes, 'samples');

/**
 * Charges what retargeting `rig` will do: every key read, then every joint posed at every 60 Hz tick of
 * each clip's span. Refused as a RetargetError ('bad-source') naming the clip.
 */
export function chargeRigWork(rig: SourceRig, budget: WorkBudget): void {
  const joints = rig.names.length;
  try {
    for (const clip of rig.clips) {
      let keys = 0;
      for (const channel of clip.channels) keys += channel.times.length;
      budget.charge(keys, `clip "${clip.name}": its keys`);
      const { start, end } = clipTiming(clip);
      const ticks = Math.max(1, Math.round((end - start) * 60)) + 1;
      budget.charge(ticks * joints, `clip "${clip.name}": ${end - start} s sampled at 60 Hz (${ticks} ticks) on ${joints} joints`);
    }
  } catch (error) {
    if (error instanceof DecodeError) throw new RetargetError('bad-source', error.message);
    throw error;
  }
}
