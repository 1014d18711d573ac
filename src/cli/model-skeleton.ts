import { withArticle } from './text.js';
import type { Skeleton } from 'gameanim';
import { formatOf, InputError, readInput } from './inputs.js';

/** The skeleton of MODEL (a DFF, an IGI 2 MEF, ...), or an InputError saying why it has none. */
export function modelSkeleton(modelPath: string): Skeleton {
  const modelBytes = readInput(modelPath);
  const model = formatOf(modelPath, modelBytes).format;
  const skeleton = model.skeleton?.(model.open(modelBytes));
  if (!skeleton)
    throw new InputError(
      `${modelPath}: has no skeleton to bind to (${withArticle(model.name)} file${model.skeleton ? ' without a bone hierarchy' : ''})`,
    );
  return skeleton;
}
