// An editable IFP file: read it, change its animations, write it. What the operations do not touch
// is written as it was, byte for byte (each animation keeps its stored bytes until it changes).
import { ByteCursor } from '../core/byte-cursor.js';
import { EncodeError } from '../core/errors.js';
import { inputBytes } from '../core/input.js';
import { codePointLabel, nameKey } from '../core/names.js';
import { IFPReader } from '../ifp/reader.js';
import { scanIFP } from '../ifp/scan.js';
import type { Animation } from '../ifp/track.js';
import type { AnimationData, IFPFormat, PackageData, TrackData } from '../ifp/types.js';
import { writeIFP } from '../ifp/writer.js';
import { trackSampler } from './track-sampler.js';

export interface EditablePackage {
  name: string;
  /** The stored name field (ANP3/ANP2), kept while the name is unchanged. */
  nameField?: Uint8Array;
  /** The format the package was read in; `write` uses it unless told otherwise. */
  format: IFPFormat;
  animations: AnimationData[];
}

/** The tracks of a decoded animation as plain data (copies, so edits never reach the reader). */
function trackData(animation: Animation): TrackData[] {
  return animation.bones.map((bone) => ({
    boneName: bone.boneName,
    boneId: bone.boneId,
    keyframeType: bone.keyframeType,
    compressed: bone.compressed,
    times: bone.times.slice(),
    rotations: bone.rotations.slice(),
    translations: bone.translations?.slice() ?? null,
    scales: bone.scales?.slice() ?? null,
  }));
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

/**
 * The packages of an IFP file, as data to change. Names are looked up as the game compares them
 * (ASCII case ignored). Every operation returns the editor, so edits chain.
 */
export class IFPEditor {
  readonly packages: EditablePackage[];

  constructor(packages: EditablePackage[]) {
    this.packages = packages;
  }

  /**
   * Reads a file; each animation keeps its stored bytes, written again while it is not changed. Only
   * the headers are walked here; the keys are decoded when an edit first needs an animation's tracks.
   */
  static read(bytes: Uint8Array | ArrayBuffer): IFPEditor {
    const input = inputBytes(bytes);
    const scanned = scanIFP(input, true).packages;
    let reader: IFPReader | undefined;
    const decoded = (p: number, a: number) => (reader ??= new IFPReader(input, { strict: true })).packages[p]!.animations[a]!;
    return new IFPEditor(
      scanned.map((pkg, p) => ({
        name: pkg.name,
        nameField: pkg.format === 'ANPK' ? undefined : input.subarray(pkg.byteOffset + 8, pkg.byteOffset + 32),
        format: pkg.format,
        animations: pkg.animations.map((a, i) => storedAnimation(a.name, () => decoded(p, i), { format: pkg.format, bytes: input.subarray(a.byteOffset!, a.byteOffset! + a.byteLength!) })),
      })),
    );
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
    throw new RangeError(`no animation named "${name}"`);
  }

  #replaceAt(name: string, make: (old: AnimationData) => AnimationData): this {
    const { pkg, index } = this.#located(name);
    pkg.animations[index] = make(pkg.animations[index]!);
    return this;
  }

  /** Renames an animation; its stored bytes are kept with the new name written in (nothing else changes). */
  rename(oldName: string, newName: string): this {
    checkLatin1(newName, 'animation');
    return this.#replaceAt(oldName, (old) => {
      const stored = old.stored && renamedStored(old.stored, newName);
      if (!stored) return { name: newName, bones: old.bones };
      const renamed: AnimationData = { name: newName, stored, get bones() { return old.bones; } };
      return renamed;
    });
  }

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
      pkg.animations = pkg.animations.map((animation, i) => ({ animation, i })).sort((a, b) => rank(a.animation) - rank(b.animation) || a.i - b.i).map(({ animation }) => animation);
    }
    return this;
  }

  /** Replaces the animation of the same name (as the game would find it), or appends when there is none. Returns whether it replaced one. */
  put(animation: AnimationData): boolean {
    const found = this.find(animation.name);
    if (found) {
      this.#replaceAt(animation.name, () => animation);
      return true;
    }
    this.append(animation);
    return false;
  }

  /** Adds an animation to the last package. */
  append(animation: AnimationData): this {
    if (!this.packages.length) this.packages.push({ name: 'package', format: 'ANP3', animations: [] });
    this.packages.at(-1)!.animations.push(animation);
    return this;
  }

  /** Plays the animation `factor` times as fast: every key time divided by it. */
  speed(name: string, factor: number): this {
    if (!(factor > 0 && Number.isFinite(factor))) throw new RangeError(`speed: the factor must be a positive number, not ${factor}`);
    return this.#replaceAt(name, (old) => ({ name: old.name, bones: old.bones.map((bone) => ({ ...bone, times: bone.times.map((t) => Math.fround(t / factor)) })) }));
  }

  /**
   * Keeps the keys between `start` and `end` seconds, with keys sampled in at both ends (so the
   * trimmed clip plays exactly what the original played there), times shifted to start at 0.
   */
  trim(name: string, start: number, end: number): this {
    if (!(start >= 0 && end > start)) throw new RangeError(`trim: the range must be 0 <= start < end, not ${start}:${end}`);
    return this.#replaceAt(name, (old) => ({ name: old.name, bones: old.bones.map((bone) => trimTrack(bone, start, end)) }));
  }

  renamePackage(name: string, index = 0): this {
    const pkg = this.packages[index];
    if (!pkg) throw new RangeError(`no package ${index}`);
    checkLatin1(name, 'package');
    pkg.name = name;
    return this;
  }

  /** Writes every package in `format` (default: each as it was read, or the first's). */
  write(format?: IFPFormat): Uint8Array {
    const chosen = format ?? this.packages[0]?.format ?? 'ANP3';
    const packages: PackageData[] = this.packages.map((pkg) => ({ name: pkg.name, animations: pkg.animations, nameField: pkg.nameField }));
    if (this.packages.some((pkg) => pkg.format !== chosen) && format === undefined) {
      throw new RangeError('the packages were read in different formats: give write() one');
    }
    return writeIFP(packages, { format: chosen });
  }
}

/**
 * IFP names are Latin-1 bytes. Refused when set, not later in `write()`: a caller that catches the
 * edit's errors (the viewer, the CLI) shows one line naming the animation instead of a stack trace.
 */
function checkLatin1(name: string, what: 'animation' | 'package'): void {
  const outside = Array.from(name).find((c) => c.codePointAt(0)! > 0xff);
  if (outside !== undefined) throw new EncodeError('IFP', 'bad-name', `${what} name ${JSON.stringify(name)} has a character outside Latin-1 (${codePointLabel(outside)}); IFP names are Latin-1 bytes`);
}

/** The stored bytes with another name: ANP3/ANP2's 24-byte field rewritten, ANPK's NAME chunk rebuilt. */
function renamedStored(stored: NonNullable<AnimationData['stored']>, name: string): AnimationData['stored'] {
  const encoded = Array.from(name, (c) => c.charCodeAt(0)); // Latin-1: rename checked it
  if (stored.format !== 'ANPK') {
    if (encoded.length > 24) throw new RangeError(`name "${name}" is longer than its 24-byte field`);
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
  const keys = bone.times.length ? [{ time: start, ...at(start) }, ...inside.map((k) => ({ time: bone.times[k]!, rotation: bone.rotations.subarray(4 * k, 4 * k + 4), translation: bone.translations?.subarray(3 * k, 3 * k + 3) ?? null })), { time: end, ...at(end) }] : [];
  return {
    ...bone,
    times: Float32Array.from(keys, (k) => Math.fround(k.time - start)),
    rotations: Float32Array.from(keys.flatMap((k) => Array.from(k.rotation))),
    translations: bone.translations ? Float32Array.from(keys.flatMap((k) => Array.from(k.translation ?? []))) : null,
    // Scale (KRTS) is held from the key before each kept time: trim keeps the nearest stored one.
    scales: bone.scales ? Float32Array.from(keys.flatMap((k) => Array.from(bone.scales!.subarray(3 * nearestKey(bone.times, k.time), 3 * nearestKey(bone.times, k.time) + 3)))) : null,
  };
}

function nearestKey(times: Float32Array, time: number): number {
  let best = 0;
  for (let k = 0; k < times.length; k++) if (times[k]! <= time) best = k;
  return best;
}
