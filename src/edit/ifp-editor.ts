// An editable IFP file: read it, change its animations, write it. What the operations do not touch
// is written as it was, byte for byte (each animation keeps its stored bytes until it changes).
import { ByteCursor } from '../core/byte-cursor.js';
import { ArgumentError, type DecodeWarning, EditError, EncodeError } from '../core/errors.js';
import { float32Text } from '../core/float32.js';
import { inputBytes } from '../core/input.js';
import { codePointLabel, nameKey } from '../core/names.js';
import { IFPReader } from '../ifp/reader.js';
import { scanIFP } from '../ifp/scan.js';
import type { Animation } from '../ifp/track.js';
import type { AnimationData, IFPFormat, PackageData, TrackData } from '../ifp/types.js';
import { writeIFP } from '../ifp/writer.js';
import { reduceAnimation, type Reduction, type ReduceOptions } from './reduce.js';
import { SHELL_DISTANCE_CM } from './shell-error.js';
import { trackData } from './track-data.js';
import { trackSampler } from './track-sampler.js';

/** One package as `IFPEditor` holds it while edits are made: its name (and stored name field), layout and animations. */
export interface EditablePackage {
  name: string;
  /** The stored name field (ANP3/ANP2), kept while the name is unchanged. */
  nameField?: Uint8Array;
  /** The format the package was read in; `write` uses it unless told otherwise. */
  format: IFPFormat;
  animations: AnimationData[];
}

/** An animation as read: its tracks are decoded and copied out only when something asks for them. */
function storedAnimation(name: string, animation: () => Animation, stored: NonNullable<AnimationData['stored']>): AnimationData {
  let bones: TrackData[] | undefined;
  return {
    name,
    stored,
    get bones() {
      return (bones ??= trackData(animation()));
    },
    set bones(value) {
      bones = value;
    },
  };
}

/** The longest name the game keeps: its name fields are 24 bytes with a NUL at the end. */
export const IFP_NAME_BYTES = 23;

/** Why `name` cannot be stored as an IFP name, or undefined when it can (one byte per Latin-1 character). */
function unstorable(name: string): string | undefined {
  if (!name.length) return 'is empty';
  if (name.length > IFP_NAME_BYTES) return `has ${name.length} bytes; the game keeps ${IFP_NAME_BYTES}`;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code === 0 || code > 0xff)
      return `has a character the file cannot store (${codePointLabel(name[i]!)}; names are Latin-1 without NUL)`;
  }
  return undefined;
}

/** The time of the last key of any track: how long the game plays the animation. */
function durationOf(animation: AnimationData): number {
  let duration = 0;
  for (const bone of animation.bones) if (bone.times.length) duration = Math.max(duration, bone.times[bone.times.length - 1]!);
  return duration;
}

/**
 * The packages of an IFP file, as data to change. Names are looked up as the game compares them
 * (ASCII case ignored). Every operation returns the editor, so edits chain. An operation whose result
 * the game would not load as meant (two animations it cannot tell apart, a name it cannot store, a
 * trim outside the clip) throws an `EditError` and changes nothing.
 */
export class IFPEditor {
  readonly packages: EditablePackage[];
  /**
   * What reading noticed and the editor does not carry into `write`: bytes after the last package
   * (`trailing-bytes`) and the reader's other tolerated problems. Empty for an editor built from data.
   */
  readonly warnings: DecodeWarning[];

  readonly #inputLength: number;

  constructor(packages: EditablePackage[], warnings: DecodeWarning[] = [], inputLength = 0) {
    this.packages = packages;
    this.warnings = warnings;
    this.#inputLength = inputLength;
  }

  /**
   * Reads a file; each animation keeps its stored bytes, written again while it is not changed. Only
   * the headers are walked here; the keys are decoded when an edit first needs an animation's tracks.
   */
  static read(bytes: Uint8Array | ArrayBuffer): IFPEditor {
    const input = inputBytes(bytes);
    const scan = scanIFP(input, true);
    const scanned = scan.packages;
    let reader: IFPReader | undefined;
    const decoded = (p: number, a: number) => (reader ??= new IFPReader(input, { strict: true })).packages[p]!.animations[a]!;
    return new IFPEditor(
      scanned.map((pkg, p) => ({
        name: pkg.name,
        nameField: pkg.format === 'ANPK' ? undefined : input.subarray(pkg.byteOffset + 8, pkg.byteOffset + 32),
        format: pkg.format,
        animations: pkg.animations.map((a, i) =>
          storedAnimation(a.name, () => decoded(p, i), {
            format: pkg.format,
            bytes: input.subarray(a.byteOffset!, a.byteOffset! + a.byteLength!),
          }),
        ),
      })),
      scan.warnings,
      input.length,
    );
  }

  /** Bytes of the file read that `write` does not carry: those after the last package (0 for an editor built from data). */
  get droppedBytes(): number {
    return this.#inputLength - (this.warnings.find((w) => w.code === 'trailing-bytes')?.offset ?? this.#inputLength);
  }

  /** Every animation, in file order. */
  get animations(): AnimationData[] {
    return this.packages.flatMap((pkg) => pkg.animations);
  }

  /** The animation of this name (first match), or undefined. */
  find(name: string): AnimationData | undefined {
    const key = nameKey(name);
    return this.animations.find((animation) => nameKey(animation.name) === key);
  }

  #located(name: string): { pkg: EditablePackage; index: number } {
    const key = nameKey(name);
    for (const pkg of this.packages) {
      const index = pkg.animations.findIndex((animation) => nameKey(animation.name) === key);
      if (index >= 0) return { pkg, index };
    }
    throw new EditError('IFP', 'no-such-animation', `no animation named "${name}"`);
  }

  /** Refuses a name the file cannot store, or one the game would confuse with another animation than `self`. */
  #checkName(name: string, self?: AnimationData): void {
    const why = unstorable(name);
    if (why) throw new EncodeError('IFP', 'bad-name', `animation name "${name}" ${why}`);
    const other = this.find(name);
    if (other && other !== self)
      throw new EditError(
        'IFP',
        'name-taken',
        `the file already holds "${other.name}", and the game ignores case: "${name}" would be the same name (choose another)`,
      );
  }

  #replaceAt(name: string, make: (old: AnimationData) => AnimationData): this {
    const { pkg, index } = this.#located(name);
    pkg.animations[index] = make(pkg.animations[index]!);
    return this;
  }

  /** Renames an animation; its stored bytes are kept with the new name written in (nothing else changes). */
  rename(oldName: string, newName: string): this {
    const { pkg, index } = this.#located(oldName);
    this.#checkName(newName, pkg.animations[index]);
    return this.#replaceAt(oldName, (old) => {
      const stored = old.stored && renamedStored(old.stored, newName);
      if (!stored) return { name: newName, bones: old.bones };
      const renamed: AnimationData = {
        name: newName,
        stored,
        get bones() {
          return old.bones;
        },
      };
      return renamed;
    });
  }

  /** Removes the animation of that name (case-insensitive, as the game looks names up); throws an EditError when there is none. */
  delete(name: string): this {
    const { pkg, index } = this.#located(name);
    pkg.animations.splice(index, 1);
    return this;
  }

  /** Puts the named animations first, in this order; the others follow in their order. */
  reorder(names: readonly string[]): this {
    for (const pkg of this.packages) {
      const keys = names.map(nameKey);
      const rank = (animation: AnimationData) => {
        const at = keys.indexOf(nameKey(animation.name));
        return at < 0 ? keys.length : at;
      };
      pkg.animations = pkg.animations
        .map((animation, i) => ({ animation, i }))
        .sort((a, b) => rank(a.animation) - rank(b.animation) || a.i - b.i)
        .map(({ animation }) => animation);
    }
    return this;
  }

  /**
   * Replaces the animation of the same name (as the game would find it), or appends when there is none. Returns whether it replaced one.
   */
  put(animation: AnimationData): boolean {
    const found = this.find(animation.name);
    this.#checkName(animation.name, found);
    if (found) {
      this.#replaceAt(animation.name, () => animation);
      return true;
    }
    this.append(animation);
    return false;
  }

  /** Adds an animation to the last package; its name must be new to the file (as the game compares names). */
  append(animation: AnimationData): this {
    this.#checkName(animation.name);
    if (!this.packages.length) this.packages.push({ name: 'package', format: 'ANP3', animations: [] });
    this.packages.at(-1)!.animations.push(animation);
    return this;
  }

  /** Plays the animation `factor` times as fast: every key time divided by it. */
  speed(name: string, factor: number): this {
    if (!(factor > 0 && Number.isFinite(factor)))
      throw new EditError('IFP', 'bad-factor', `speed: the factor must be a positive number, not ${factor}`);
    const { pkg, index } = this.#located(name);
    const old = pkg.animations[index]!;
    if (!Number.isFinite(Math.fround(durationOf(old) / factor)))
      throw new EditError('IFP', 'bad-factor', `speed: "${old.name}" at ${factor}x would last longer than a float holds`);
    pkg.animations[index] = {
      name: old.name,
      bones: old.bones.map((bone) => ({ ...bone, times: bone.times.map((t) => Math.fround(t / factor)) })),
    };
    return this;
  }

  /**
   * Keeps the keys between `start` and `end` seconds, with keys sampled in at both ends (so the
   * trimmed clip plays exactly what the original played there), times shifted to start at 0. The
   * range must lie inside the clip: a trim never lengthens a clip or makes a frozen pose of its end.
   */
  trim(name: string, start: number, end: number): this {
    const { pkg, index } = this.#located(name);
    const old = pkg.animations[index]!;
    const duration = durationOf(old);
    // The end may be the stored duration as written in decimal (1.5 for a stored 1.50000006).
    const inside = start >= 0 && end > start && Math.fround(end) <= Math.fround(duration);
    const lasts = float32Text(Math.fround(duration));
    if (!inside)
      throw new EditError(
        'IFP',
        'outside-clip',
        `trim: "${old.name}" lasts ${lasts} s; ${start}:${end} must satisfy 0 <= start < end <= ${lasts}`,
      );
    pkg.animations[index] = { name: old.name, bones: old.bones.map((bone) => trimTrack(bone, start, end)) };
    return this;
  }

  /**
   * Drops the keys whose removal keeps every bone within `tolerance` centimetres of shell error: how
   * far a point 3 cm from the bone moves, in model space with `options.skeleton` (docs/reduce.md).
   * Measured on what the written file decodes to (compressed keys quantised) against the unreduced
   * file. A track's first and last keys stay. Animations that lose no key keep their stored bytes.
   * Returns what was removed and the worst error left, with where it is. Throws the writer's
   * RangeError for what the format cannot hold (it measures the file as written).
   */
  reduce(tolerance = 0.05, options: ReduceOptions = {}): Reduction {
    if (!(tolerance >= 0 && Number.isFinite(tolerance)))
      throw new EditError('IFP', 'bad-factor', `reduce: the tolerance must be a number of centimetres, 0 or more, not ${tolerance}`);
    const reduction: Reduction = {
      tolerance,
      shellDistance: options.shellDistance ?? SHELL_DISTANCE_CM,
      space: options.skeleton ? 'model' : 'local',
      keysBefore: 0,
      keysAfter: 0,
      bytesSaved: 0,
      worst: null,
      animations: [],
      work: 0,
    };
    for (const pkg of this.packages) {
      pkg.animations = pkg.animations.map((animation) => {
        const { report, bones } = reduceAnimation(animation, tolerance, options.format ?? pkg.format, options);
        reduction.animations.push(report);
        reduction.keysBefore += report.keysBefore;
        reduction.keysAfter += report.keysAfter;
        reduction.bytesSaved += report.bytesSaved;
        reduction.work += report.work;
        if (report.worst && report.worst.error >= (reduction.worst?.error ?? 0))
          reduction.worst = { animation: animation.name, ...report.worst };
        return bones ? { name: animation.name, bones } : animation;
      });
    }
    return reduction;
  }

  /**
   * Renames the package at `index`: SA registers a block under its package name, so an IMG entry's package name must match its entry name.
   */
  renamePackage(name: string, index = 0): this {
    const pkg = this.packages[index];
    if (!pkg) throw new EditError('IFP', 'no-such-animation', `no package ${index}`);
    const why = unstorable(name);
    if (why) throw new EncodeError('IFP', 'bad-name', `package name "${name}" ${why}`);
    pkg.name = name;
    return this;
  }

  /** Writes every package in `format` (default: each as it was read, or the first's). */
  write(format?: IFPFormat): Uint8Array {
    const chosen = format ?? this.packages[0]?.format ?? 'ANP3';
    const packages: PackageData[] = this.packages.map((pkg) => ({ name: pkg.name, animations: pkg.animations, nameField: pkg.nameField }));
    if (this.packages.some((pkg) => pkg.format !== chosen) && format === undefined) {
      throw new EditError('IFP', 'mixed-formats', 'the packages were read in different formats: give write() one');
    }
    return writeIFP(packages, { format: chosen });
  }
}

/**
 * IFP names are Latin-1 bytes. Refused when set, not later in `write()`: a caller that catches the
 * edit's errors (the viewer, the CLI) shows one line naming the animation instead of a stack trace.
 */

/** The stored bytes with another name: ANP3/ANP2's 24-byte field rewritten, ANPK's NAME chunk rebuilt. */
function renamedStored(stored: NonNullable<AnimationData['stored']>, name: string): AnimationData['stored'] {
  const encoded = Array.from(name, (c) => c.charCodeAt(0)); // Latin-1: rename checked it
  if (stored.format !== 'ANPK') {
    if (encoded.length > 24) throw new ArgumentError('field-overflow', `name "${name}" is longer than its 24-byte field`);
    const bytes = stored.bytes.slice();
    bytes.fill(0, 0, 24);
    bytes.set(encoded, 0);
    return { format: stored.format, bytes };
  }
  const oldSize = new ByteCursor(stored.bytes, 'IFP').u32At(4);
  const rest = stored.bytes.subarray(8 + ((oldSize + 3) & ~3));
  const size = encoded.length + 1;
  const chunk = new Uint8Array(8 + ((size + 3) & ~3));
  chunk.set([0x4e, 0x41, 0x4d, 0x45]); // 'NAME'
  chunk.set([size & 255, (size >> 8) & 255, (size >> 16) & 255, size >>> 24], 4); // u32 little-endian
  chunk.set(encoded, 8);
  const bytes = new Uint8Array(chunk.length + rest.length);
  bytes.set(chunk);
  bytes.set(rest, chunk.length);
  return { format: 'ANPK', bytes };
}

/** One track cut to [start, end], with its values at both ends sampled in as keys. */
function trimTrack(bone: TrackData, start: number, end: number): TrackData {
  const at = trackSampler(bone);
  const inside = Array.from(bone.times.keys()).filter((k) => bone.times[k]! > start && bone.times[k]! < end);
  const keys = bone.times.length
    ? [
        { time: start, ...at(start) },
        ...inside.map((k) => ({
          time: bone.times[k]!,
          rotation: bone.rotations.subarray(4 * k, 4 * k + 4),
          translation: bone.translations?.subarray(3 * k, 3 * k + 3) ?? null,
        })),
        { time: end, ...at(end) },
      ]
    : [];
  return {
    ...bone,
    times: Float32Array.from(keys, (k) => Math.fround(k.time - start)),
    rotations: Float32Array.from(keys.flatMap((k) => Array.from(k.rotation))),
    translations: bone.translations ? Float32Array.from(keys.flatMap((k) => Array.from(k.translation ?? []))) : null,
    // Scale (KRTS) is held from the key before each kept time: trim keeps the nearest stored one.
    scales: bone.scales
      ? Float32Array.from(
          keys.flatMap((k) =>
            Array.from(bone.scales!.subarray(3 * nearestKey(bone.times, k.time), 3 * nearestKey(bone.times, k.time) + 3)),
          ),
        )
      : null,
  };
}

function nearestKey(times: Float32Array, time: number): number {
  let best = 0;
  for (let k = 0; k < times.length; k++) if (times[k]! <= time) best = k;
  return best;
}
