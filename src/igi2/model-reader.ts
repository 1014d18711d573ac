import { inputBytes } from '../core/input.js';
import { DecodeError, warning, type DecodeWarning } from '../core/errors.js';
import { readLatin1 } from '../core/names.js';
import { createSkeleton, type Skeleton } from '../core/skeleton.js';
import { readHierarchy } from './hierarchy.js';
import { readILFF } from './ilff.js';

const NAME_BYTES = 16;

/**
 * Reads the skeleton of a retail IGI 2 model (ILFF of content type `OCEM`, a `.mef`): REIH for the
 * hierarchy and rest translations, MANB for the bone names (16 bytes each). Mesh chunks are listed
 * and skipped. A model without REIH (a static model) has no skeleton, with a `no-skeleton` warning.
 */
export class IGI2ModelReader {
  readonly skeleton: Skeleton | null;
  readonly warnings: DecodeWarning[] = [];
  /** Every chunk of the file, as stored (reversed fourccs: `HSEM` is "MESH"). */
  readonly chunks: Array<{ id: string; offset: number; size: number }>;

  constructor(bytes: Uint8Array | ArrayBuffer) {
    const input = inputBytes(bytes);
    const file = readILFF(input, this.warnings);
    if (file.contentType !== 'OCEM')
      throw new DecodeError(
        'ILFF',
        'wrong-content-type',
        16,
        `content type ${JSON.stringify(file.contentType)}; models are "OCEM"${file.contentType === 'MINA' ? ' (this is a clip: use IGI2ClipReader)' : ''}`,
      );
    this.chunks = file.chunks.map(({ id, at, size }) => ({ id, offset: at, size }));
    const reih = file.chunks.find((c) => c.id === 'REIH');
    if (!reih) {
      this.warnings.push(warning('ILFF', 'no-skeleton', 16, 'the model has no REIH hierarchy (a static model): no skeleton'));
      this.skeleton = null;
      return;
    }
    // REIH holds boneCount + 1 + 12 x boneCount bytes.
    const boneCount = (reih.size - 1) / 13;
    if (!Number.isInteger(boneCount))
      throw new DecodeError(
        'ILFF',
        'chunk-size',
        reih.at,
        `REIH holds ${reih.size} bytes, which is 13 x bones + 1 for no whole bone count`,
      );
    const { parents, restTranslations } = readHierarchy(input, reih.data, reih.size, boneCount);
    const manb = file.chunks.find((c) => c.id === 'MANB');
    let names = Array.from({ length: boneCount }, (_, i) => `bone${i}`);
    if (!manb)
      this.warnings.push(warning('ILFF', 'missing-chunk', reih.at, 'the model has REIH but no MANB: bones are named bone0, bone1, ...'));
    else if (manb.size !== NAME_BYTES * boneCount)
      throw new DecodeError(
        'ILFF',
        'chunk-size',
        manb.at,
        `MANB holds ${manb.size} bytes; ${boneCount} names need ${NAME_BYTES * boneCount}`,
      );
    else names = names.map((_, i) => readLatin1(input, manb.data + NAME_BYTES * i, NAME_BYTES));
    this.skeleton = createSkeleton({ names, parents, restTranslations, rig: 'igi2' });
  }
}

/** The skeleton of an IGI 2 model, or null for a model without one (the reason goes to `warnings` when given). */
export function readIGI2Skeleton(bytes: Uint8Array | ArrayBuffer, warnings?: DecodeWarning[]): Skeleton | null {
  const model = new IGI2ModelReader(bytes);
  for (const warning of model.warnings) warnings?.push(warning);
  return model.skeleton;
}
