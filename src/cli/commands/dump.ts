import { IFFReader } from '../../iff/reader.js';
import type { Animation } from '../../ifp/track.js';
import { IFPReader } from '../../ifp/reader.js';
import { detectKind, readInput } from '../inputs.js';
import { exactJson, f32Text } from '../format.js';
import { UsageError } from '../usage.js';
import { SpriteAnimReader } from '../../sprite/reader.js';
import { animDocument, dumpAnimText } from './dump-anim.js';
import { dumpIffText, iffDocument } from './dump-iff.js';
import { onFile, type CommandResult } from './result.js';

export interface DumpOptions {
  anim?: string;
  json?: boolean;
}

export function dump(path: string, options: DumpOptions, print: (line: string) => void): CommandResult {
  return onFile(path, () => dumpFile(path, options, print));
}

function dumpFile(path: string, options: DumpOptions, print: (line: string) => void): CommandResult {
  const bytes = readInput(path);
  const kind = detectKind(path, bytes);
  if (kind === 'IFF') {
    if (options.anim) throw new UsageError(`${path}: an ANM2 file holds one clip; --anim does not apply`);
    const reader = new IFFReader(bytes);
    if (options.json) print(exactJson(iffDocument(path, reader)));
    else dumpIffText(reader, print);
    return { decodeErrors: [] };
  }
  if (kind === 'ANIM') {
    if (options.anim) throw new UsageError(`${path}: --anim applies to IFP files`);
    const reader = new SpriteAnimReader(bytes);
    if (options.json) print(exactJson(animDocument(path, reader)));
    else dumpAnimText(reader, print);
    return { decodeErrors: [] };
  }
  if (kind === 'IMG') throw new UsageError(`${path}: dump takes an animation file (use gameanim img extract for archives)`);
  const reader = new IFPReader(bytes);
  const keep = (a: Animation) => !options.anim || a === reader.getAnimation(options.anim);
  if (options.anim && !reader.getAnimation(options.anim)) throw new UsageError(`${path}: no animation named "${options.anim}"`);
  if (options.json) {
    print(exactJson(dumpDocument(path, reader, keep)));
  } else {
    dumpText(reader, keep, print);
  }
  return { decodeErrors: [] };
}

/** The `--json` document; its schema is in the README ("JSON dump schema"). */
function dumpDocument(path: string, reader: IFPReader, keep: (a: Animation) => boolean) {
  const list = (values: Float32Array | null) => (values ? Array.from(values) : null);
  return {
    file: path,
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
}

function dumpText(reader: IFPReader, keep: (a: Animation) => boolean, print: (line: string) => void): void {
  const vector = (values: Float32Array, at: number, width: number) =>
    Array.from(values.subarray(at * width, at * width + width), f32Text).join(' ');
  for (const pkg of reader.packages) {
    print(`package "${pkg.name}" (${pkg.format})`);
    for (const animation of pkg.animations.filter(keep)) {
      print(`  animation "${animation.name}": ${animation.trackCount} tracks, ${f32Text(animation.duration)} s`);
      for (const bone of animation.bones) {
        print(`    bone "${bone.boneName}" id ${bone.boneId}: ${bone.keyframeType}${bone.compressed ? ' compressed' : ''}, ${bone.frameCount} keys`);
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
}
