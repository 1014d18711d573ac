// What the command line and the viewer print for this format (see ../presentation.ts).
import { f32Text, plural, textTable } from '../text.js';
import type { Presentation } from '../presentation.js';
import type { IGI2ClipReader } from 'gameanim';
import { igi2ClipFormat, igi2ModelFormat } from 'gameanim';
import type { IGI2ModelReader } from 'gameanim';

export const igi2ClipPresentation: Presentation<IGI2ClipReader> = {
  format: igi2ClipFormat,
  summary(clip) {
    const rotations = clip.tracks.reduce((n, t) => n + t.rotationTicks.length, 0);
    const wrap = clip.wrapKeys.tracks.reduce((n, t) => n + t.rotationTicks.length + (t.positionTicks?.length ?? 0), 0);
    return (
      `ILFF MINA "${clip.name}": ${plural(clip.boneCount, 'bone')}, ${plural(rotations, 'rotation key')}, ${f32Text(Math.fround(clip.duration))} s ` +
      `(${clip.durationTicks} ticks at ${clip.ticksPerSecond}/s), ${clip.looping ? 'looping' : 'not looping'}, ` +
      `${plural(clip.attachments.length, 'attachment')}, ${plural(clip.triggers.length, 'trigger')}, ${plural(wrap, 'wrap key')}`
    );
  },
  dumpText(clip, print) {
    const list = (values: ArrayLike<number>) => Array.from(values, f32Text).join(' ');
    print(igi2ClipPresentation.summary(clip));
    clip.tracks.forEach((track, bone) => {
      print(
        `  bone ${bone} parent ${clip.skeleton.parents[bone]}: ${plural(track.rotationTicks.length, 'rotation key')}${track.positions ? `, ${plural(track.positionTicks!.length, 'position key')}` : ''}`,
      );
      for (let k = 0; k < track.rotationTicks.length; k++) {
        print(
          `    t ${track.rotationTicks[k]} q ${list(track.rotations.subarray(4 * k, 4 * k + 4))}  in ${list(track.inTangents.subarray(4 * k, 4 * k + 4))}  out ${list(track.outTangents.subarray(4 * k, 4 * k + 4))}`,
        );
      }
      for (let k = 0; k < (track.positionTicks?.length ?? 0); k++)
        print(`    t ${track.positionTicks![k]} p ${list(track.positions!.subarray(3 * k, 3 * k + 3))}`);
    });
    for (const a of clip.attachments) print(`  attachment "${a.name}" on bone ${a.bone}: ${plural(a.keys.length, 'key')}`);
    for (const t of clip.triggers) print(`  trigger at ${t.ticks}: event ${t.event}, bone ${t.bone}, position ${list(t.position)}`);
    for (const w of clip.warnings) print(`warning ${w.code}: ${w.message}`);
  },
  dumpJson(clip, file) {
    const track = (t: IGI2ClipReader['tracks'][number]) => ({
      rotationTicks: Array.from(t.rotationTicks),
      rotations: Array.from(t.rotations),
      inTangents: Array.from(t.inTangents),
      outTangents: Array.from(t.outTangents),
      positionTicks: t.positionTicks && Array.from(t.positionTicks),
      positions: t.positions && Array.from(t.positions),
    });
    const key = (k: IGI2ClipReader['attachments'][number]['keys'][number]) => ({
      ticks: k.ticks,
      position: Array.from(k.position),
      rotation: k.rotation && Array.from(k.rotation),
      bone: k.bone,
      matrix: k.matrix && Array.from(k.matrix),
    });
    return {
      file,
      format: 'ILFF',
      contentType: 'MINA',
      warnings: clip.warnings,
      name: clip.name,
      looping: clip.looping,
      durationTicks: clip.durationTicks,
      ticksPerSecond: clip.ticksPerSecond,
      parents: Array.from(clip.skeleton.parents),
      restTranslations: Array.from(clip.skeleton.restTranslations),
      tracks: clip.tracks.map(track),
      attachments: clip.attachments.map((a) => ({
        name: a.name,
        position: Array.from(a.position),
        orientation: Array.from(a.orientation),
        rotation2: Array.from(a.rotation2),
        unknown: a.unknown,
        bone: a.bone,
        keys: a.keys.map(key),
      })),
      triggers: clip.triggers.map((t) => ({ ticks: t.ticks, bone: t.bone, event: t.event, position: Array.from(t.position) })),
      wrapKeys: {
        tracks: clip.wrapKeys.tracks.map(track),
        attachmentKeys: clip.wrapKeys.attachmentKeys.map((keys) => keys.map(key)),
        triggers: clip.wrapKeys.triggers.map((t) => ({ ticks: t.ticks, bone: t.bone, event: t.event, position: Array.from(t.position) })),
      },
    };
  },
};

export const igi2ModelPresentation: Presentation<IGI2ModelReader> = {
  format: igi2ModelFormat,
  summary: (model) =>
    `ILFF OCEM: ${plural(model.chunks.length, 'chunk')}, ${model.skeleton ? plural(model.skeleton.boneCount, 'bone') : 'no skeleton'}`,
  details(model) {
    const skeleton = model.skeleton;
    if (!skeleton) return [];
    const rows = skeleton.names.map((name, i) => [
      String(i),
      JSON.stringify(name),
      String(skeleton.parents[i]),
      Array.from(skeleton.restTranslations.subarray(3 * i, 3 * i + 3), f32Text).join(' '),
    ]);
    return textTable(['bone', 'name', 'parent', 'rest translation'], rows, [1, 3])
      .split('\n')
      .map((line) => `  ${line}`);
  },
  dumpText(model, print) {
    print(igi2ModelPresentation.summary(model));
    for (const c of model.chunks) print(`  chunk ${c.id} at byte ${c.offset}, ${c.size} bytes`);
    igi2ModelPresentation.details!(model).forEach(print);
    for (const w of model.warnings) print(`warning ${w.code}: ${w.message}`);
  },
  dumpJson: (model, file) => ({
    file,
    format: 'ILFF',
    contentType: 'OCEM',
    warnings: model.warnings,
    chunks: model.chunks,
    skeleton: model.skeleton && {
      names: model.skeleton.names,
      parents: Array.from(model.skeleton.parents),
      restTranslations: Array.from(model.skeleton.restTranslations),
    },
  }),
};
