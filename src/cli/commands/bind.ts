import { plural, textTable } from '../text.js';
import { bindClip } from 'gameanim';
import { formatOf, InputError, readInput } from '../inputs.js';
import { onFile, type CommandResult } from './result.js';

/**
 * Binds every animation of ANIMS to the skeleton of MODEL and prints, per animation, how many bones
 * its tracks drive, which tracks drive none, and which bones keep their rest pose. When no animation
 * drives any bone, the two files do not belong together: exit 1.
 */
export function bind(modelPath: string, animsPath: string, print: (line: string) => void): CommandResult {
  return onFile(modelPath, () => {
    const modelBytes = readInput(modelPath);
    const model = formatOf(modelPath, modelBytes).format;
    const skeleton = model.skeleton?.(model.open(modelBytes));
    if (!skeleton) throw new InputError(`${modelPath}: has no skeleton to bind to (a ${model.name} file${model.skeleton ? ' without a bone hierarchy' : ''})`);
    return onFile(animsPath, () => {
      const animBytes = readInput(animsPath);
      const anims = formatOf(animsPath, animBytes).format;
      if (!anims.clips) throw new InputError(`${animsPath}: a ${anims.name} file holds no animations`);
      const clips = anims.clips(anims.open(animBytes));
      const rows: string[][] = [];
      const notes: string[] = [];
      const empty: string[] = [];
      let refused: string | null = null;
      for (const clip of clips) {
        const bound = bindClip(clip, skeleton);
        refused ??= bound.refused;
        const matched = skeleton.boneCount - bound.restBones.length;
        rows.push([clip.name || '(unnamed)', `${matched}/${skeleton.boneCount}`, String(bound.unmatchedTracks.length), String(bound.restBones.length)]);
        if (bound.unmatchedTracks.length) notes.push(`${clip.name}: unmatched tracks ${bound.unmatchedTracks.map((name) => JSON.stringify(name)).join(', ')}`);
        if (bound.restBones.length && matched) notes.push(`${clip.name}: rest bones ${bound.restBones.map((bone) => JSON.stringify(skeleton.names[bone])).join(', ')}`);
        if (matched === 0) empty.push(clip.name);
      }
      print(`${animsPath} on ${modelPath} (${plural(skeleton.boneCount, 'bone')}):`);
      print(textTable(['animation', 'matched', 'unmatched tracks', 'rest bones'], rows));
      notes.forEach((line) => print(`  ${line}`));
      if (refused) return { inputErrors: [`${animsPath}: ${refused} (${modelPath})`] };
      if (empty.length === clips.length) return { inputErrors: [`${animsPath}: no animation drives any bone of ${modelPath}`] };
      return { inputErrors: [] };
    });
  });
}
