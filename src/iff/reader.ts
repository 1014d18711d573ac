import { ByteCursor } from '../core/byte-cursor.js';
import { inputBytes } from '../core/input.js';
import { fourCC } from '../core/names.js';
import { float32Text } from '../core/float32.js';
import { warning, type DecodeWarning } from '../core/errors.js';
import { groupContents, type IFFChunk } from '../core/iff-chunks.js';
import { createSkeleton, describeHierarchyProblem, hierarchyOrder, hierarchyProblem, type Skeleton } from '../core/skeleton.js';
import type { SkeletalClip } from '../core/clip.js';
import type { IFFBone, IFFTrack, IFFUnknownChunk } from './types.js';

const KNOWN = ['HEAD', 'BONE', 'QUAT', 'TRAN'] as const;
type KnownId = (typeof KNOWN)[number];
const HEAD_BYTES = 12;
const BONE_BYTES = 4 + 64; // parent index + inverse bind matrix
/** |length - 1| above this is reported: far beyond float rounding, well below a real error in data. */
const UNIT_TOLERANCE = 1e-3;
const littleEndianHost = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Reads an IGI 2 skeletal clip in a FORM/ANM2 container: big-endian chunk sizes, little-endian
 * payloads (docs/formats/anm2.md).
 *
 * Zero copy: a float run that is 4-byte aligned in the input's buffer, on a little-endian host, is
 * handed out as a `Float32Array` view of the input itself. Such views share the input's lifetime and
 * its mutations: write to the input and the clip changes. Unaligned runs are copied once into a
 * buffer the reader owns. `zeroCopy` is true when every float array is a view of the input.
 */
export class IFFReader implements SkeletalClip {
  readonly kind = 'clip';
  /** ANM2 clips carry no name. */
  readonly name = '';
  /** Tracks drive the bones of the same index. */
  readonly bindBy = 'index';
  readonly rig = 'anm2';
  readonly duration: number;
  readonly frameCount: number;
  readonly sampleRate: number;
  readonly boneCount: number;
  readonly parents: Int32Array;
  readonly inverseBindMatrices: Float32Array;
  readonly bones: IFFBone[];
  readonly tracks: IFFTrack[];
  readonly rootMotion: Float32Array | null;
  readonly unknownChunks: IFFUnknownChunk[] = [];
  readonly warnings: DecodeWarning[] = [];
  readonly zeroCopy: boolean;

  constructor(bytes: Uint8Array | ArrayBuffer) {
    const input = inputBytes(bytes);
    const cursor = new ByteCursor(input, 'IFF');
    const chunks = this.#readForm(input, cursor);
    const head = chunks.HEAD ?? missing(cursor, 'HEAD');
    const bone = chunks.BONE ?? missing(cursor, 'BONE');
    const quat = chunks.QUAT ?? missing(cursor, 'QUAT');

    expectSize(cursor, head, HEAD_BYTES, 'HEAD', '12');
    this.duration = cursor.f32At(head.dataOffset);
    this.frameCount = cursor.u32At(head.dataOffset + 4);
    this.sampleRate = cursor.u16At(head.dataOffset + 8);
    this.boneCount = cursor.u16At(head.dataOffset + 10);
    if (this.sampleRate === 0) throw cursor.error('bad-sample-rate', head.dataOffset + 8, 'HEAD sampleRate is 0');
    if (this.frameCount === 0 && quat.size > 0)
      throw cursor.error('bad-frame-count', head.dataOffset + 4, `HEAD frameCount is 0 but QUAT holds ${quat.size} bytes`);
    expectSize(cursor, bone, this.boneCount * BONE_BYTES, 'BONE', `boneCount ${this.boneCount} x 68`);
    expectSize(
      cursor,
      quat,
      this.boneCount * this.frameCount * 16,
      'QUAT',
      `boneCount ${this.boneCount} x frameCount ${this.frameCount} x 16`,
    );
    if (chunks.TRAN) expectSize(cursor, chunks.TRAN, this.frameCount * 12, 'TRAN', `frameCount ${this.frameCount} x 12`);

    this.parents = new Int32Array(this.boneCount);
    for (let i = 0; i < this.boneCount; i++) this.parents[i] = cursor.i32At(bone.dataOffset + 4 * i);
    checkHierarchy(cursor, this.parents, bone.dataOffset);

    let allViews = true;
    const floats = (offset: number, count: number): Float32Array => {
      const run = floatRun(input, cursor, offset, count);
      allViews &&= run.buffer === input.buffer;
      return run;
    };
    this.inverseBindMatrices = floats(bone.dataOffset + 4 * this.boneCount, 16 * this.boneCount);
    const rotations = floats(quat.dataOffset, 4 * this.boneCount * this.frameCount);
    this.rootMotion = chunks.TRAN ? floats(chunks.TRAN.dataOffset, 3 * this.frameCount) : null;
    this.zeroCopy = allViews;

    this.bones = Array.from(this.parents, (parent, index) => ({
      index,
      parent,
      inverseBindMatrix: this.inverseBindMatrices.subarray(16 * index, 16 * index + 16),
    }));
    // frameCount is checked against data only through QUAT (boneCount x frameCount x 16) and TRAN: with
    // no bones and no TRAN nothing backs it, so no times are made (else 66 bytes could ask for 16 GB).
    const backed = this.boneCount > 0 || chunks.TRAN !== undefined;
    const times = new Float32Array(backed ? this.frameCount : 0);
    for (let i = 0; i < times.length; i++) times[i] = i / this.sampleRate;
    const perBone = 4 * this.frameCount;
    this.tracks = this.bones.map(({ index }) => ({
      boneIndex: index,
      boneName: `bone${index}`,
      boneId: -1,
      times,
      rotations: rotations.subarray(perBone * index, perBone * index + perBone),
      // Root motion (TRAN) moves bone 0.
      translations: index === 0 ? this.rootMotion : null,
    }));

    this.#checkDuration(head.dataOffset);
    this.#checkUnitLength(rotations, quat.dataOffset);
  }

  /** The bones with every parent before its children (roots first, then by index within a level). */
  hierarchyOrder(): IFFBone[] {
    return Array.from(hierarchyOrder(this.parents), (i) => this.bones[i]!);
  }

  #skeleton: Skeleton | null | undefined;

  /**
   * The BONE chunk as a `Skeleton`: names `bone<index>`, no ids, identity rest rotations and zero rest
   * translations (ANM2 stores only inverse binds). Null when the file lists a child before its
   * parent, which a `Skeleton` cannot hold without renumbering the bones the tracks refer to.
   */
  get skeleton(): Skeleton | null {
    if (this.#skeleton === undefined) {
      const ordered = this.parents.every((parent, bone) => parent < bone);
      this.#skeleton = ordered
        ? createSkeleton({
            names: this.tracks.map((track) => track.boneName),
            parents: this.parents,
            inverseBindMatrices: this.inverseBindMatrices,
            rig: 'anm2',
          })
        : null;
    }
    return this.#skeleton;
  }

  #readForm(input: Uint8Array, cursor: ByteCursor): Partial<Record<KnownId, IFFChunk>> {
    const magic = fourCC(input);
    if (magic !== 'FORM')
      throw cursor.error(input.length < 4 ? 'truncated' : 'unknown-magic', 0, `not an IFF FORM file: starts with ${JSON.stringify(magic)}`);
    if (input.length < 12) throw cursor.error('truncated', 0, `a FORM header and type need 12 bytes, the input has ${input.length}`);
    const form: IFFChunk = { id: 'FORM', offset: 0, size: cursor.u32beAt(4), dataOffset: 8 };
    if (form.size > input.length - 8)
      throw cursor.error('truncated', 4, `FORM claims ${form.size} bytes, ${input.length - 8} follow its header`);
    const end = 8 + form.size + (form.size & 1);
    if (end < input.length) {
      this.warnings.push(warning('IFF', 'trailing-bytes', end, `${input.length - end} bytes after the FORM; ignored`));
    }
    const { type, chunks } = groupContents(input, form, 'IFF');
    if (type !== 'ANM2') throw cursor.error('unknown-form-type', 8, `FORM type is ${JSON.stringify(type)}, expected "ANM2"`);
    const known: Partial<Record<KnownId, IFFChunk>> = {};
    for (const chunk of chunks) {
      if ((KNOWN as readonly string[]).includes(chunk.id)) {
        const id = chunk.id as KnownId;
        if (known[id])
          throw cursor.error('duplicate-chunk', chunk.offset, `a second ${id} chunk (the first is at byte ${known[id]!.offset})`);
        known[id] = chunk;
      } else {
        this.unknownChunks.push(new UnknownChunk(chunk.id, chunk.offset, chunk.size, input, chunk.dataOffset));
      }
    }
    return known;
  }

  #checkDuration(headAt: number): void {
    const sampled = (this.frameCount - 1) / this.sampleRate;
    if (this.frameCount > 0 && Math.abs(this.duration - sampled) > 1 / this.sampleRate) {
      this.warnings.push(
        warning(
          'IFF',
          'duration-mismatch',
          headAt,
          `HEAD duration ${float32Text(Math.fround(this.duration))} s differs from (frameCount - 1) / sampleRate = ${sampled} s by more than one frame; both kept`,
        ),
      );
    }
  }

  #checkUnitLength(rotations: Float32Array, quatAt: number): void {
    let count = 0;
    let first = -1;
    for (let k = 0; k < rotations.length; k += 4) {
      const length = Math.hypot(rotations[k]!, rotations[k + 1]!, rotations[k + 2]!, rotations[k + 3]!);
      if (!(Math.abs(length - 1) <= UNIT_TOLERANCE)) {
        if (count++ === 0) first = k;
      }
    }
    if (count > 0) {
      const bone = Math.floor(first / 4 / this.frameCount);
      const key = (first / 4) % this.frameCount;
      this.warnings.push(
        warning(
          'IFF',
          'non-unit-quaternion',
          quatAt + 4 * first,
          `${count} rotation keys are not unit length (first: bone ${bone}, key ${key}); kept as stored`,
        ),
      );
    }
  }
}

/** A listed unknown chunk. Its payload view is made on first use: files may hold 500,000 of them. */
class UnknownChunk implements IFFUnknownChunk {
  constructor(
    readonly id: string,
    readonly offset: number,
    readonly size: number,
    private readonly input: Uint8Array,
    private readonly dataOffset: number,
  ) {}

  get data(): Uint8Array {
    return this.input.subarray(this.dataOffset, this.dataOffset + this.size);
  }
}

function missing(cursor: ByteCursor, id: string): never {
  throw cursor.error('missing-chunk', cursor.end, `required ${id} chunk not found`);
}

function expectSize(cursor: ByteCursor, chunk: IFFChunk, expected: number, id: string, formula: string): void {
  if (chunk.size !== expected)
    throw cursor.error('chunk-size', chunk.offset, `${id} payload is ${chunk.size} bytes; ${formula} = ${expected}`);
}

/** A view of the input when aligned on a little-endian host, else a copy the reader owns. */
function floatRun(input: Uint8Array, cursor: ByteCursor, offset: number, count: number): Float32Array {
  const absolute = input.byteOffset + offset;
  if (littleEndianHost && absolute % 4 === 0) return new Float32Array(input.buffer, absolute, count);
  return cursor.f32sAt(offset, count);
}

function checkHierarchy(cursor: ByteCursor, parents: Int32Array, at: number): void {
  const problem = hierarchyProblem(parents);
  if (!problem) return;
  const code = problem.kind === 'bad-parent' ? 'bad-parent' : 'hierarchy-cycle';
  throw cursor.error(code, at + 4 * problem.bone, describeHierarchyProblem(problem));
}
