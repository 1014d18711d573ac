// What the command line and the viewer print for this format (see ../presentation.ts).
import { f32Text, plural } from '../text.js';
import type { Presentation } from '../presentation.js';
import { ifpFormat } from 'gameanim';
import type { IFPReader } from 'gameanim';
import type { Animation } from 'gameanim';

export const ifpPresentation: Presentation<IFPReader> = {
  format: ifpFormat,
  infoNote: (reader) => reader.backend,
  summary(reader) {
    const packages = reader.packages.map((p) => `${p.format} "${p.name}"`).join(', ');
    return `IFP ${packages}: ${plural(reader.animations.length, 'animation')}, ${plural(reader.trackCount, 'track')}, ${plural(reader.keyframeCount, 'keyframe')}`;
  },
  dumpText(reader, print, { anim }) {
    const keep = kept(reader, anim);
    const vector = (values: Float32Array, at: number, width: number) =>
      Array.from(values.subarray(at * width, at * width + width), f32Text).join(' ');
    for (const pkg of reader.packages) {
      print(`package "${pkg.name}" (${pkg.format})`);
      for (const animation of pkg.animations.filter(keep)) {
        print(`  animation "${animation.name}": ${plural(animation.trackCount, 'track')}, ${f32Text(animation.duration)} s`);
        for (const bone of animation.bones) {
          print(
            `    bone "${bone.boneName}" id ${bone.boneId}: ${bone.keyframeType}${bone.compressed ? ' compressed' : ''}, ${plural(bone.frameCount, 'key')}`,
          );
          for (let i = 0; i < bone.frameCount; i++) {
            let line = `      t ${f32Text(bone.times[i]!)}  q ${vector(bone.rotations, i, 4)}`;
            if (bone.translations) line += `  t ${vector(bone.translations, i, 3)}`;
            if (bone.scales) line += `  s ${vector(bone.scales, i, 3)}`;
            print(line);
          }
        }
      }
    }
    for (const w of reader.warnings) print(`warning ${w.code}: ${w.message}`);
  },
  dumpJson(reader, file, { anim }) {
    const keep = kept(reader, anim);
    const list = (values: Float32Array | null) => (values ? Array.from(values) : null);
    return {
      file,
      format: 'IFP',
      warnings: reader.warnings,
      packages: reader.packages.map((p) => ({
        name: p.name,
        format: p.format,
        animations: p.animations.filter(keep).map((a) => ({
          name: a.name,
          duration: a.duration,
          bones: a.bones.map((b) => ({
            boneName: b.boneName,
            boneId: b.boneId,
            keyframeType: b.keyframeType,
            compressed: b.compressed,
            times: list(b.times),
            rotations: list(b.rotations),
            translations: list(b.translations),
            scales: list(b.scales),
          })),
        })),
      })),
    };
  },
};

function kept(reader: IFPReader, anim: string | undefined): (animation: Animation) => boolean {
  if (!anim) return () => true;
  const chosen = reader.getAnimation(anim);
  return (animation) => animation === chosen;
}
