// gameanim edit: an IFP package changed from the command line.
import { DecodeError, EncodeError, IFPEditor, type IFPFormat, type Reduction, type Skeleton } from 'gameanim';
import { InputError, readInput } from '../inputs.js';
import { modelSkeleton } from '../model-skeleton.js';
import { writeOutputs } from '../outputs.js';
import { plural } from '../text.js';
import { UsageError } from '../usage-error.js';
import { onFile, report, type CommandResult } from './result.js';
import { defineCommand, usageError } from '../command-spec.js';
import { forceFlag, jsonFlag, outFlag, repeatedFlag, textFlag } from '../common-flags.js';

/** One edit as given on the command line, applied in order. */
export type EditStep =
  | { op: 'rename'; from: string; to: string }
  | { op: 'delete'; name: string }
  | { op: 'speed'; name: string; factor: number }
  | { op: 'trim'; name: string; start: number; end: number }
  | { op: 'merge'; path: string }
  | { op: 'package'; name: string }
  | { op: 'reduce'; tolerance: number };

/** The steps in the order their flags were given (parseArgs groups repeated flags; the raw order is kept here). */
/**
 * The edits in the order given, from the parser's tokens (so `--rename=A=B` and `--rename A=B` are the
 * same edit, and a value that only looks like a flag is a value).
 */
export function editSteps(flags: ReadonlyArray<{ name: string; value?: string }>): EditStep[] {
  const steps: EditStep[] = [];
  const pair = (text: string, flag: string) => {
    const at = text.indexOf('=');
    if (at <= 0) throw new UsageError(`${flag} takes NAME=VALUE, not ${text}`);
    return [text.slice(0, at), text.slice(at + 1)] as const;
  };
  for (const { name, value } of flags) {
    const flag = `--${name}`;
    if (value === undefined) continue; // a switch (--force, --json): not an edit
    if (name === 'rename') {
      const [from, to] = pair(value, flag);
      steps.push({ op: 'rename', from, to });
    } else if (name === 'delete') steps.push({ op: 'delete', name: value });
    else if (name === 'speed') {
      const [clip, factor] = pair(value, flag);
      if (!(Number(factor) > 0)) throw new UsageError(`--speed takes NAME=FACTOR with a factor above 0, not ${factor}`);
      steps.push({ op: 'speed', name: clip, factor: Number(factor) });
    } else if (name === 'trim') {
      const [clip, range] = pair(value, flag);
      // Exactly two numbers: "0:1:2" is no range (split would read it as 0:1).
      const parts = range.split(':');
      const [start, end] = parts.length === 2 && parts.every((part) => part.trim() !== '') ? parts.map(Number) : [Number.NaN, Number.NaN];
      if (!(start! >= 0 && end! > start!)) throw new UsageError(`--trim takes NAME=START:END in seconds, START below END, not ${range}`);
      steps.push({ op: 'trim', name: clip, start: start!, end: end! });
    } else if (name === 'merge') steps.push({ op: 'merge', path: value });
    else if (name === 'package') steps.push({ op: 'package', name: value });
    else if (name === 'reduce') {
      if (!(Number(value) >= 0))
        throw new UsageError(
          `--reduce takes a tolerance in centimetres of shell error, 0 or more (0.05 is half a millimetre), not ${value}`,
        );
      steps.push({ op: 'reduce', tolerance: Number(value) });
    }
  }
  return steps;
}

export function edit(
  input: string,
  steps: readonly EditStep[],
  options: { out: string; format?: string; force: boolean; json?: boolean; skeleton?: string },
  printText: (line: string) => void,
): CommandResult {
  const { print, json } = report(printText, options.json ?? false);
  const format = options.format?.toUpperCase() as IFPFormat | undefined;
  if (format && !['ANP3', 'ANP2', 'ANPK'].includes(format))
    throw new UsageError(`--format takes ANP3, ANP2 or ANPK, not ${options.format}`);
  if (options.skeleton && !steps.some((step) => step.op === 'reduce'))
    throw new UsageError('edit takes --skeleton only with --reduce (the model the error is measured on)');
  const model = options.skeleton ? readSkeleton(options.skeleton) : {};
  if (model.failed) return model.failed;
  return onFile(input, () => {
    const editor = IFPEditor.read(readInput(input));
    const done: string[] = [];
    const reductions: Reduction[] = [];
    try {
      for (const step of steps) {
        if (step.op === 'rename') editor.rename(step.from, step.to), done.push(`renamed ${step.from} to ${step.to}`);
        else if (step.op === 'delete') editor.delete(step.name), done.push(`deleted ${step.name}`);
        else if (step.op === 'speed') editor.speed(step.name, step.factor), done.push(`${step.name} at ${step.factor}x speed`);
        else if (step.op === 'trim')
          editor.trim(step.name, step.start, step.end), done.push(`${step.name} trimmed to ${step.start}:${step.end} s`);
        else if (step.op === 'package') editor.renamePackage(step.name), done.push(`package renamed to ${step.name}`);
        else if (step.op === 'reduce') {
          const reduction = editor.reduce(step.tolerance, { skeleton: model.skeleton, format });
          reductions.push(reduction);
          done.push(...reducedLines(reduction, options.skeleton));
        } else {
          const other = readMerged(step.path);
          const replaced: string[] = [];
          for (const animation of other.animations) if (editor.put(animation)) replaced.push(animation.name);
          done.push(
            `merged ${step.path}: ${plural(other.animations.length, 'animation')}${replaced.length ? `, replacing ${replaced.join(', ')}` : ''}`,
          );
        }
      }
    } catch (error) {
      if (error instanceof EncodeError) throw new InputError(`${input}: nothing written: ${error.message}`);
      // --reduce measures the file as written, so what the format cannot hold shows here already.
      if (error instanceof RangeError)
        throw new InputError(`${input}: cannot be written${format ? ` as ${format}` : ''}: ${error.message}`);
      throw error;
    }
    let bytes: Uint8Array;
    try {
      bytes = editor.write(format);
    } catch (error) {
      if (error instanceof EncodeError)
        throw new InputError(`${input}: cannot be written${format ? ` as ${format}` : ''}: ${error.message}`);
      throw error;
    }
    // Every file read is an input, the packages merged in included: never written, --force or not.
    const inputs = [input, ...steps.flatMap((step) => (step.op === 'merge' ? [step.path] : []))];
    const failed = writeOutputs([[options.out, bytes]], { force: options.force, inputs });
    if (failed) return failed;
    for (const line of done) print(line);
    const dropped = editor.droppedBytes;
    if (dropped)
      print(`warning: ${input}: the ${dropped} bytes after the last package were not written (they are not part of any package)`);
    print(`${options.out}: ${plural(editor.animations.length, 'animation')}`);
    return {
      inputErrors: [],
      json: json
        ? { written: [options.out], steps: done, animations: editor.animations.map((a) => a.name), droppedBytes: dropped, reductions }
        : undefined,
    };
  });
}

/** What a --reduce step prints: the savings, the worst error left and where, what nothing measured. */
function reducedLines(r: Reduction, model: string | undefined): string[] {
  const percent = r.keysBefore ? ` (${((100 * (r.keysBefore - r.keysAfter)) / r.keysBefore).toFixed(1)}% fewer)` : '';
  const space = model ? `model space on ${model}` : 'each track in its own bone space: give --skeleton MODEL.dff for model space';
  const lines = [
    `reduced within ${r.tolerance} cm of shell error (a point ${r.shellDistance} cm from each bone, ${space}): keys ${r.keysBefore} -> ${r.keysAfter}${percent}, ${r.bytesSaved} bytes saved`,
  ];
  if (r.worst)
    lines.push(`  worst ${r.worst.error.toFixed(4)} cm: bone ${r.worst.bone} in ${r.worst.animation} at ${r.worst.time.toFixed(3)} s`);
  const unmeasured = r.animations.reduce((n, a) => n + a.unmeasured.length, 0);
  if (unmeasured)
    lines.push(
      `  warning: ${plural(unmeasured, 'track drives', 'tracks drive')} no bone of ${model}; ${unmeasured === 1 ? 'it keeps' : 'they keep'} every key`,
    );
  return lines;
}

/** The skeleton of a model (--skeleton), or the result that says why there is none. */
function readSkeleton(path: string): { skeleton?: Skeleton; failed?: CommandResult } {
  let skeleton: Skeleton | undefined;
  const read = onFile(path, () => ((skeleton = modelSkeleton(path)), { inputErrors: [] }));
  return skeleton ? { skeleton } : { failed: read };
}

/** The file a --merge step reads; its problems name it, not the file being edited. */
function readMerged(path: string): IFPEditor {
  try {
    return IFPEditor.read(readInput(path));
  } catch (error) {
    if (error instanceof DecodeError) throw new InputError(`${path}: ${error.message}`);
    throw error;
  }
}

/** `gameanim edit IN.ifp -o OUT.ifp` and the edits, applied in the order given. */
export const editSpec = defineCommand({
  name: 'edit',
  help: `usage: gameanim edit IN.ifp -o OUT.ifp [--rename OLD=NEW] [--delete NAME] [--speed NAME=FACTOR]
       [--trim NAME=START:END] [--merge OTHER.ifp] [--package NAME] [--reduce TOL [--skeleton MODEL.dff]]
       [--format ANP3|ANP2|ANPK] [--force] [--json]

Applies the edits in the order given (each repeatable) and writes OUT. Names are compared as the game
compares them (case ignored). --speed divides key times by FACTOR; --trim keeps START to END seconds
with keys sampled in at both ends; --merge appends OTHER's animations, replacing those of the same
name (and says which); --package renames the package. --reduce drops the keys whose removal keeps every
bone within TOL centimetres of shell error (how far a point 3 cm from the bone moves; 0.05 is half a
millimetre), measured in MODEL's hierarchy with --skeleton, else each track on its own, on what the
written file decodes to; it prints keys and bytes saved and the worst error left.
Every animation no edit touched is written byte for byte as it was (in the same format).`,
  overview: [
    {
      usage: [
        'edit IN.ifp -o OUT.ifp [--rename OLD=NEW] [--delete NAME] [--speed NAME=FACTOR] [--trim NAME=START:END]',
        '     [--merge OTHER.ifp] [--package NAME] [--reduce TOL [--skeleton MODEL.dff]] [--format ANP3|ANP2|ANPK] [--force] [--json]',
      ],
      summary: 'change a package; untouched animations keep their bytes',
    },
  ],
  flags: {
    out: outFlag,
    force: forceFlag,
    json: jsonFlag,
    format: textFlag,
    rename: repeatedFlag,
    delete: repeatedFlag,
    speed: repeatedFlag,
    trim: repeatedFlag,
    merge: repeatedFlag,
    package: repeatedFlag,
    reduce: repeatedFlag,
    skeleton: textFlag,
  },
  parse(values, positionals, context) {
    const { out } = values;
    if (positionals.length !== 1 || !out) throw usageError(context, 'edit takes IN.ifp -o OUT.ifp and the edits');
    return {
      input: positionals[0]!,
      steps: editSteps(context.ordered),
      options: { out, format: values.format, force: Boolean(values.force), json: Boolean(values.json), skeleton: values.skeleton },
    };
  },
  run: ({ input, steps, options }, print) => edit(input, steps, options, print),
});
