// gameanim diff: what changed between two IFP packages.
import { diffIFP, IFPEditor } from 'gameanim';
import { defineCommand, usageError } from '../command-spec.js';
import { jsonFlag } from '../common-flags.js';
import { readInput } from '../inputs.js';
import { f32Text, plural } from '../text.js';
import { onFile, report, type CommandResult } from './result.js';

/** The bones listed under a changed animation, worst first. */
const BONES_SHOWN = 3;

/** `diff A B`: exit 0 when the files hold the same animations, 1 when they differ. */
export function diff(a: string, b: string, printText: (line: string) => void, json = false): CommandResult {
  const { print } = report(printText, json);
  let left: IFPEditor | undefined;
  let right: IFPEditor | undefined;
  const opened = [
    onFile(a, () => ((left = IFPEditor.read(readInput(a))), { inputErrors: [] })),
    onFile(b, () => ((right = IFPEditor.read(readInput(b))), { inputErrors: [] })),
  ];
  if (!left || !right) return { inputErrors: opened.flatMap((r) => r.inputErrors) };
  const result = diffIFP(left.animations, right.animations);
  for (const copy of result.shadowed)
    print(
      `warning: ${copy.side === 'a' ? a : b}: "${copy.name}" (animation ${copy.index}) is never played: the game plays the first "${copy.played}", which is the one compared`,
    );
  for (const name of result.added) print(`+ ${name}`);
  for (const name of result.removed) print(`- ${name}`);
  let durations = 0;
  for (const changed of result.changed) {
    if (changed.duration[0] !== changed.duration[1]) durations++;
    print(
      `~ ${changed.name}${changed.duration[0] !== changed.duration[1] ? ` (duration ${f32Text(Math.fround(changed.duration[0]))} -> ${f32Text(Math.fround(changed.duration[1]))} s)` : ''}`,
    );
    // The bones that differ, worst first; past a few, one line counts the rest (a 300-clip package stays readable).
    const differing = changed.bones
      .filter((bone) => bone.maxAngleDeg !== 0 || bone.maxTranslation !== 0 || bone.keys[0] !== bone.keys[1])
      .sort((p, q) => q.maxAngleDeg - p.maxAngleDeg || q.maxTranslation - p.maxTranslation);
    for (const bone of differing.slice(0, BONES_SHOWN)) {
      print(
        `    ${bone.boneName} (id ${bone.boneId}): ${Number.isFinite(bone.maxAngleDeg) ? `${bone.maxAngleDeg.toFixed(3)} deg, ${bone.maxTranslation.toFixed(4)} m` : 'on one side only'}${bone.keys[0] !== bone.keys[1] ? `, keys ${bone.keys[0]} -> ${bone.keys[1]}` : ''}`,
      );
    }
    if (differing.length > BONES_SHOWN)
      print(`    ... and ${plural(differing.length - BONES_SHOWN, 'more bone')} (--json lists every one)`);
  }
  const differ = result.added.length + result.removed.length + result.changed.length > 0;
  if (!differ) print(`the files hold the same animations${result.shadowed.length ? ' (those the game plays)' : ''}`);
  else
    print(
      `${a} -> ${b}: ${result.added.length} added, ${result.removed.length} removed, ${result.changed.length} changed (${durations} in duration)${result.shadowed.length ? `, ${result.shadowed.length} never played` : ''}`,
    );
  const document = {
    added: result.added,
    removed: result.removed,
    shadowed: result.shadowed.map((copy) => ({ ...copy, file: copy.side === 'a' ? a : b })),
    changed: result.changed.map((c) => ({
      name: c.name,
      duration: c.duration,
      bones: c.bones.map((bone) => ({
        boneName: bone.boneName,
        boneId: bone.boneId,
        maxAngleDeg: bone.maxAngleDeg,
        maxTranslation: bone.maxTranslation,
        keys: bone.keys,
      })),
    })),
  };
  return { inputErrors: [], json: json ? document : undefined, exitCode: differ ? 1 : 0 };
}

/** `gameanim diff A.ifp B.ifp [--json]`. */
export const diffSpec = defineCommand({
  name: 'diff',
  help: `usage: gameanim diff A.ifp B.ifp [--json]

Animations added and removed, and for each changed one, per bone, the largest rotation difference in
degrees and translation difference in metres over both clips' key times. Like the game, it compares
the first animation of a name (case ignored), and warns of each later copy it never plays. Exit 0
when equal, 1 when not.`,
  overview: [
    { usage: 'diff A.ifp B.ifp [--json]', summary: 'what changed: added, removed, and per bone how much (exit 1 when they differ)' },
  ],
  flags: { json: jsonFlag },
  parse(values, positionals, context) {
    if (positionals.length !== 2) throw usageError(context, 'diff takes two IFP files');
    return { a: positionals[0]!, b: positionals[1]!, json: Boolean(values.json) };
  },
  run: ({ a, b, json }, print) => diff(a, b, print, json),
});
