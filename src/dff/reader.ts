import { ByteCursor } from '../core/byte-cursor.js';
import { inputBytes } from '../core/input.js';
import type { Code } from '../core/codes.js';
import { DecodeError, warning, type DecodeWarning } from '../core/errors.js';
import { readLatin1 } from '../core/names.js';
import { boneTagTableOf } from '../core/bone-tags.js';
import { createSkeleton, type Skeleton } from '../core/skeleton.js';
import { skeletonFromFrames, type FrameSkeleton } from './frame-skeleton.js';
import { readGeometry, type DFFGeometry } from './geometry.js';
import { orthonormalDeviation, rotationQuaternion } from './rotation.js';
import { nearestBoneAbove, parentsFromFlags, refuseParentCycles } from './hierarchy.js';
import { BIND_SCALE_TOLERANCE, largestRestDifference, restPoseFromSkin } from './skin-pose.js';
import { children, expectSection, Section, sectionAt, type SectionHeader } from './sections.js';
import type { DFFReaderOptions, DFFFrame } from './types.js';

const FRAME_BYTES = 56;
const HANIM_NODE_BYTES = 12;
const DEAD_MARKER = 0xdeaddead;
/** Frame matrices this far from orthonormal are more than float noise (custom skins scale and shear bones). */
const SHEAR_TOLERANCE = 1e-2;
/** Frames and Skin PLG rest poses closer than this (metres, radians) agree: float noise. */
const REST_AGREEMENT = { distance: 1e-4, angle: 1e-3 };
/** The Clump Struct sizes RenderWare writes: atomic count, then light and camera counts (3.3 and later). */
const CLUMP_STRUCT_SIZES = [4, 12];

/**
 * What a track's translation means on a skinned ped: GTA III adds it to the bone's reset position on a
 * skinned clump as on an unskinned one (re3 `FrameUpdateCallBackSkinned`), so a ped whose ids follow
 * III's bone tags takes offsets; San Andreas' and Vice City's skins take positions.
 */
function skinTranslations(bones: { names: readonly string[]; ids: ArrayLike<number> }): 'offset' | 'replace' {
  return boneTagTableOf(bones.names, bones.ids) === 'gta3' ? 'offset' : 'replace';
}

interface HAnimNode {
  id: number;
  flags: number;
}

/**
 * Reads the skeleton of a RenderWare model (`.dff`, GTA III, VC and SA): the frame hierarchy, the
 * HAnim node list that orders the bones and gives their ids, and the Skin PLG's inverse bind
 * matrices. Geometry is skipped. Real-file quirks are tolerated with a warning: sections before the
 * Clump, a Clump Struct whose size lies, junk after the Clump.
 */
export class DFFReader {
  readonly frames: DFFFrame[] = [];
  /**
   * The HAnim skeleton. For a skinned model its rest pose is the Skin PLG's, as the game poses it
   * (`restPose: 'frames'` picks the frames'); without a Skin PLG, the frames'. A model without an
   * HAnim hierarchy (GTA III peds, animated objects, vehicles) gets one bone per frame instead, bound
   * by frame name (`frameBound`, with a `no-hanim` warning saying so). Null only for a model without frames.
   */
  readonly skeleton: Skeleton | null;
  /** Where `skeleton`'s rest pose comes from: 'skin' (the Skin PLG's bind matrices) or 'frames'; null without a skeleton. */
  readonly restPoseSource: 'skin' | 'frames' | null;
  /**
   * True when `skeleton` is the frames' (no HAnim hierarchy): tracks bind by frame name, their
   * translations are offsets from the frames' positions, and each rigid atomic moves with its frame.
   */
  readonly frameBound: boolean;
  /** Per frame, its bone in `skeleton`, or -1 (a frame that is no HAnim node); where a rigid atomic's geometry is drawn. */
  readonly boneOfFrame: Int32Array;
  readonly warnings: DecodeWarning[] = [];
  /** The model's geometries (positions, normals, UVs, prelit colours, triangles by material, skin weights). */
  readonly geometries: DFFGeometry[] = [];
  /** The RenderWare library id stamp of the Clump (0x1803FFFF in SA files). */
  readonly libraryId: number;
  readonly #strict: boolean;
  #fromFrames: Skeleton | null = null;
  #fromSkin: Skeleton | null = null;

  constructor(bytes: Uint8Array | ArrayBuffer, options: DFFReaderOptions = {}) {
    const input = inputBytes(bytes);
    const cursor = new ByteCursor(input, 'DFF');
    this.#strict = options.strict ?? false;
    const clump = this.#findClump(cursor);
    this.libraryId = clump.libraryId;
    if (clump.end < input.length) this.#warn('trailing-bytes', clump.end, `${input.length - clump.end} bytes after the Clump; ignored`);

    const sections = this.#clumpSections(cursor, clump);
    const frameList = sections.find((s) => s.type === Section.FrameList);
    if (!frameList) throw cursor.error('no-frame-list', clump.at, 'the Clump holds no Frame List');
    const hierarchy = this.#readFrames(cursor, input, frameList);
    const inverseBinds = this.#readInverseBinds(cursor, sections, hierarchy?.nodes.length ?? 0);
    if (hierarchy) {
      this.#fromFrames = this.#buildSkeleton(hierarchy, inverseBinds);
      this.#fromSkin = inverseBinds ? this.#skinSkeleton(this.#fromFrames, inverseBinds, hierarchy.at) : null;
    }
    this.frameBound = !hierarchy && this.frames.length > 0;
    const byFrames = this.frameBound ? this.#frameBoundSkeleton(frameList.at) : null;
    const source = !this.#fromFrames && !byFrames ? null : this.#fromSkin && options.restPose !== 'frames' ? 'skin' : 'frames';
    this.restPoseSource = source;
    this.skeleton = byFrames?.skeleton ?? (source === 'skin' ? this.#fromSkin : this.#fromFrames);
    this.boneOfFrame = byFrames?.boneOfFrame ?? this.#boneOfFrame(hierarchy?.frameOfNode ?? []);
    this.#readGeometries(input, cursor, sections);
  }

  #frameBoundSkeleton(at: number): FrameSkeleton {
    const made = skeletonFromFrames(this.frames);
    this.#warn(
      'no-hanim',
      at,
      `no frame carries an HAnim hierarchy: the skeleton is the model's ${this.frames.length} frames, bound by frame name (a GTA III ped, an animated object or a vehicle)`,
    );
    // Scaled frames are reported by the Frame List's 'non-orthonormal-frame' warning; the scale is kept in restScales.
    return made;
  }

  #boneOfFrame(frameOfNode: readonly number[]): Int32Array {
    const boneOfFrame = new Int32Array(this.frames.length).fill(-1);
    frameOfNode.forEach((frame, bone) => frame >= 0 && boneOfFrame[frame] === -1 && (boneOfFrame[frame] = bone));
    return boneOfFrame;
  }

  /**
   * A skeleton of every frame, with the frames' own parent links, bound by frame name: what a model
   * without an HAnim hierarchy uses as `skeleton` (see `frameBound`).
   */
  frameSkeleton(): Skeleton {
    return skeletonFromFrames(this.frames).skeleton;
  }

  /** The HAnim skeleton posed as the file's frames say (what tools that ignore the Skin PLG show); null without a hierarchy. */
  skeletonFromFrames(): Skeleton | null {
    return this.#fromFrames;
  }

  /** The HAnim skeleton posed from the Skin PLG, as the game poses a skinned ped; null without a Skin PLG. */
  skeletonFromSkin(): Skeleton | null {
    return this.#fromSkin;
  }

  #skinSkeleton(frames: Skeleton, inverseBindMatrices: Float32Array, at: number): Skeleton {
    const pose = restPoseFromSkin(inverseBindMatrices, frames.parents);
    if (pose.scaledBones) {
      const name = frames.names[pose.firstScaled]!.trim() || `bone ${pose.firstScaled}`;
      this.#warn(
        'scaled-bind-matrix',
        at,
        `${pose.scaledBones} bones' bind matrices are scaled or sheared by more than ${BIND_SCALE_TOLERANCE} (first: ${name}); their rest rotations use the nearest rotation and the scale is kept in restScales`,
      );
    }
    const worst = largestRestDifference(frames, pose);
    if (worst.distance > REST_AGREEMENT.distance || worst.angle > REST_AGREEMENT.angle) {
      const name = frames.names[worst.bone]!.trim() || `bone ${worst.bone}`;
      this.#warn(
        'frames-disagree-with-skin',
        at,
        `the frames' rest pose differs from the Skin PLG's, most at ${name} (id ${frames.ids[worst.bone]}): ${(worst.distance * 100).toFixed(2)} cm, rotations up to ${((worst.angle * 180) / Math.PI).toFixed(1)} degrees; posed from the Skin PLG, as the game does`,
      );
    }
    return createSkeleton({
      names: frames.names,
      ids: frames.ids,
      parents: frames.parents,
      restRotations: pose.restRotations,
      restTranslations: pose.restTranslations,
      restScales: pose.restScales,
      inverseBindMatrices,
      bindNames: 'bone-tags',
      rig: 'gta',
      trackTranslations: skinTranslations(frames),
    });
  }

  /** The first Clump at the top level; other sections before it are skipped. */
  #findClump(cursor: ByteCursor): SectionHeader {
    let at = 0;
    while (at < cursor.end) {
      if (cursor.end - at < 12) break;
      const type = cursor.u32At(at);
      const size = cursor.u32At(at + 4);
      if (type === Section.Clump) {
        // The Clump's own size may run past the data in a cut file: that is truncation.
        return sectionAt(cursor, at, cursor.end, 'Clump');
      }
      if (size > cursor.end - at - 12) break;
      at += 12 + size;
    }
    throw cursor.error(cursor.end < 12 ? 'truncated' : 'no-clump', at, 'no Clump section: not a RenderWare model');
  }

  /** The Clump's children after its Struct, whose size field is not trusted. */
  #clumpSections(cursor: ByteCursor, clump: SectionHeader): SectionHeader[] {
    const struct = expectSectionHeaderOnly(cursor, clump.data, clump.end, Section.Struct, 'Clump Struct');
    let next = struct.data + struct.size;
    if (!CLUMP_STRUCT_SIZES.includes(struct.size)) {
      // Protected models: the game reads its 12 known bytes and carries on, and so do we.
      this.#warn('bad-struct-size', struct.at + 4, `the Clump Struct claims ${struct.size} bytes; read as 12, as the game does`);
      next = struct.data + 12;
    }
    return [...children(cursor, next, clump.end, 'Clump')];
  }

  #readFrames(
    cursor: ByteCursor,
    input: Uint8Array,
    frameList: SectionHeader,
  ): { nodes: HAnimNode[]; frameOfNode: number[]; at: number } | undefined {
    const struct = expectSection(cursor, frameList.data, frameList.end, Section.Struct, 'Frame List');
    if (struct.size < 4) throw cursor.error('truncated', struct.data, 'the Frame List Struct has no frame count');
    const count = cursor.u32At(struct.data);
    if (count > (struct.size - 4) / FRAME_BYTES) {
      throw cursor.error(
        'count-exceeds-data',
        struct.data,
        `frame count ${count} needs ${count * FRAME_BYTES} bytes, the Frame List Struct holds ${struct.size - 4}`,
      );
    }
    let sheared = 0;
    let firstSheared = -1;
    for (let i = 0; i < count; i++) {
      const at = struct.data + 4 + FRAME_BYTES * i;
      const floats = Float32Array.from({ length: 12 }, (_, k) => cursor.f32At(at + 4 * k));
      const parent = cursor.i32At(at + 48);
      if (parent < -1 || parent >= count)
        throw cursor.error('bad-parent', at + 48, `frame ${i} has parent ${parent}; expected -1 to ${count - 1}`);
      this.frames.push({ name: '', parent, rotation: floats.subarray(0, 9), position: floats.subarray(9, 12), hanimId: -1 });
      if (orthonormalDeviation(floats) > SHEAR_TOLERANCE && sheared++ === 0) firstSheared = i;
    }
    refuseParentCycles(cursor, this.frames, (frame) => struct.data + 4 + FRAME_BYTES * frame + 48);
    if (sheared > 0) {
      this.#warn(
        'non-orthonormal-frame',
        struct.data + 4 + FRAME_BYTES * firstSheared,
        `${sheared} frame matrices are scaled or sheared by more than ${SHEAR_TOLERANCE} (first: frame ${firstSheared}); their rest rotations use the nearest rotation`,
      );
    }

    // One Extension per frame, in frame order: its name and its HAnim PLG.
    let hierarchy: { nodes: HAnimNode[]; frameOfNode: number[]; at: number } | undefined;
    let at = struct.end;
    for (let i = 0; i < count; i++) {
      const extension = expectSection(cursor, at, frameList.end, Section.Extension, `frame ${i}`);
      for (const plugin of children(cursor, extension.data, extension.end, `frame ${i} extension`)) {
        if (plugin.type === Section.FrameName) this.frames[i]!.name = readLatin1(input, plugin.data, plugin.size);
        else if (plugin.type === Section.HAnimPlg) {
          const nodes = this.#readHAnim(cursor, plugin, i);
          if (nodes && !hierarchy) hierarchy = { nodes, frameOfNode: [], at: plugin.data };
        }
      }
      at = extension.end;
    }
    if (!hierarchy) return undefined;
    const frameById = new Map<number, number>();
    this.frames.forEach((frame, i) => {
      if (frame.hanimId >= 0 && !frameById.has(frame.hanimId)) frameById.set(frame.hanimId, i);
    });
    hierarchy.frameOfNode = hierarchy.nodes.map((node) => frameById.get(node.id) ?? -1);
    const missing = hierarchy.nodes.filter((_, n) => hierarchy!.frameOfNode[n]! < 0);
    if (missing.length)
      this.#warn(
        'missing-bone-frame',
        hierarchy.at,
        `${missing.length} HAnim nodes (first: id ${missing[0]!.id}) have no frame with that id: they keep an identity rest pose`,
      );
    return hierarchy;
  }

  /** A frame's HAnim PLG: its node id, and for the frame that owns the hierarchy, the node list. */
  #readHAnim(cursor: ByteCursor, plugin: SectionHeader, frame: number): HAnimNode[] | undefined {
    if (plugin.size < 12)
      throw cursor.error('truncated', plugin.data, `frame ${frame}: the HAnim PLG needs 12 bytes, it has ${plugin.size}`);
    this.frames[frame]!.hanimId = cursor.i32At(plugin.data + 4);
    const count = cursor.i32At(plugin.data + 8);
    if (count <= 0) return undefined;
    const listAt = plugin.data + 20;
    if (count > (plugin.size - 20) / HANIM_NODE_BYTES) {
      throw cursor.error(
        'count-exceeds-data',
        plugin.data + 8,
        `frame ${frame}: HAnim node count ${count} needs ${20 + count * HANIM_NODE_BYTES} bytes, the PLG has ${plugin.size}`,
      );
    }
    return Array.from({ length: count }, (_, n) => ({
      id: cursor.i32At(listAt + HANIM_NODE_BYTES * n),
      flags: cursor.u32At(listAt + HANIM_NODE_BYTES * n + 8),
    }));
  }

  /**
   * The first Skin PLG's inverse bind matrices, in HAnim node order; null (with a warning, or an error
   * when strict) when there is none or it does not fit.
   */
  #readInverseBinds(cursor: ByteCursor, clumpSections: SectionHeader[], boneCount: number): Float32Array | null {
    const skin = this.#findSkin(cursor, clumpSections);
    if (!skin || boneCount === 0) return null;
    try {
      return readSkinMatrices(cursor, skin.plugin, skin.vertexCount, boneCount);
    } catch (error) {
      if (this.#strict || !(error instanceof DecodeError)) throw error;
      this.warnings.push(error.toWarning());
      return null;
    }
  }

  #findSkin(cursor: ByteCursor, clumpSections: SectionHeader[]): { plugin: SectionHeader; vertexCount: number } | undefined {
    const list = clumpSections.find((s) => s.type === Section.GeometryList);
    if (!list) return undefined;
    for (const geometry of children(cursor, list.data, list.end, 'Geometry List')) {
      if (geometry.type !== Section.Geometry) continue;
      const sections = [...children(cursor, geometry.data, geometry.end, 'Geometry')];
      const struct = sections[0];
      // A geometry without a whole Struct is reported by #readGeometries; the skeleton still reads.
      if (!struct || struct.type !== Section.Struct || struct.size < 16) continue;
      const vertexCount = cursor.i32At(struct.data + 8);
      const extension = sections.find((s) => s.type === Section.Extension);
      if (!extension) continue;
      for (const plugin of children(cursor, extension.data, extension.end, 'Geometry extension')) {
        if (plugin.type === Section.SkinPlg) return { plugin, vertexCount };
      }
    }
    return undefined;
  }

  #buildSkeleton(hierarchy: { nodes: HAnimNode[]; frameOfNode: number[]; at: number }, inverseBindMatrices: Float32Array | null): Skeleton {
    const { nodes, frameOfNode } = hierarchy;
    const parents = parentsFromFlags(nodes);
    // The frames' own links must agree; where they do not, they win (if they keep parents first).
    const boneOfFrame = new Map(frameOfNode.map((frame, bone) => [frame, bone]));
    const boneAbove = nearestBoneAbove(this.frames, boneOfFrame);
    let disagreements = 0;
    let first = -1;
    nodes.forEach((_, bone) => {
      const frame = frameOfNode[bone]!;
      if (frame < 0) return;
      const up = this.frames[frame]!.parent;
      const linked = up >= 0 ? boneAbove(up) : -1;
      if (linked !== parents[bone]) {
        if (disagreements++ === 0) first = bone;
        if (linked < bone) parents[bone] = linked;
      }
    });
    if (disagreements) {
      this.#warn(
        'hierarchy-mismatch',
        hierarchy.at,
        `${disagreements} HAnim nodes have another parent in the PUSH/POP flags than in the frame links (first: node ${first}, id ${nodes[first]!.id}); the frame links win`,
      );
    }
    const restRotations = new Float32Array(4 * nodes.length);
    const restTranslations = new Float32Array(3 * nodes.length);
    frameOfNode.forEach((frame, bone) => {
      if (frame < 0) {
        restRotations[4 * bone + 3] = 1;
        return;
      }
      rotationQuaternion(this.frames[frame]!.rotation, restRotations, 4 * bone);
      restTranslations.set(this.frames[frame]!.position, 3 * bone);
    });
    const names = frameOfNode.map((frame) => (frame < 0 ? '' : this.frames[frame]!.name));
    const ids = nodes.map((node) => node.id);
    return createSkeleton({
      names,
      ids,
      parents,
      restRotations,
      restTranslations,
      inverseBindMatrices,
      bindNames: inverseBindMatrices ? 'bone-tags' : 'frames',
      rig: 'gta',
      trackTranslations: inverseBindMatrices ? skinTranslations({ names, ids }) : 'replace',
    });
  }

  /**
   * Every geometry of the Geometry List, with the frame its atomic hangs from. A geometry that does
   * not read is left out with a warning (strict: the error), so the skeleton of a model with an odd
   * mesh still loads.
   */
  #readGeometries(input: Uint8Array, cursor: ByteCursor, clumpSections: SectionHeader[]): void {
    const frameOfGeometry = new Map<number, number>();
    for (const atomic of clumpSections) {
      if (atomic.type !== Section.Atomic) continue;
      const struct = [...children(cursor, atomic.data, atomic.end, 'Atomic')][0];
      if (struct && struct.type === Section.Struct && struct.size >= 8)
        frameOfGeometry.set(cursor.i32At(struct.data + 4), cursor.i32At(struct.data));
    }
    const list = clumpSections.find((s) => s.type === Section.GeometryList);
    if (!list) return;
    let index = 0;
    for (const geometry of children(cursor, list.data, list.end, 'Geometry List')) {
      if (geometry.type !== Section.Geometry) continue;
      try {
        this.geometries.push(readGeometry(input, cursor, geometry, frameOfGeometry.get(index) ?? -1));
      } catch (error) {
        if (this.#strict || !(error instanceof DecodeError)) throw error;
        this.warnings.push(error.toWarning());
      }
      index++;
    }
  }

  #warn(code: Code, offset: number, detail: string): void {
    this.warnings.push(warning('DFF', code, offset, detail));
  }
}

/** The Clump Struct's header only: its size may lie, so its payload is not checked against the Clump. */
function expectSectionHeaderOnly(cursor: ByteCursor, at: number, limit: number, type: number, what: string): SectionHeader {
  if (limit - at < 12) throw cursor.error('truncated', at, `${what}: a section header needs 12 bytes, ${Math.max(0, limit - at)} remain`);
  const found = cursor.u32At(at);
  if (found !== type)
    throw cursor.error('unknown-section', at, `${what}: expected section 0x${type.toString(16)}, found 0x${found.toString(16)}`);
  const size = cursor.u32At(at + 4);
  return { type, at, data: at + 12, size, end: at + 12 + size, libraryId: cursor.u32At(at + 8) };
}

/**
 * The Skin PLG's inverse bind matrices: after the bone counts, the used-bone list, 4 bone indices and
 * 4 weights per vertex. Each is a 4x4 in RenderWare's layout (fourth column padding, read as 0 0 0 1),
 * preceded by 0xDEADDEAD in the older layout (used-bone count 0).
 */
function readSkinMatrices(cursor: ByteCursor, plugin: SectionHeader, vertexCount: number, boneCount: number): Float32Array {
  if (plugin.size < 4) throw cursor.error('truncated', plugin.data, `the Skin PLG needs 4 bytes of counts, it has ${plugin.size}`);
  const skinBones = cursor.u8At(plugin.data);
  const usedBones = cursor.u8At(plugin.data + 1);
  if (skinBones !== boneCount) {
    throw cursor.error(
      'skin-mismatch',
      plugin.data,
      `the Skin PLG has ${skinBones} bones, the HAnim hierarchy ${boneCount}: inverse binds not used`,
    );
  }
  if (vertexCount < 0) throw cursor.error('bad-count', plugin.data, `the skinned geometry has vertex count ${vertexCount}`);
  const old = usedBones === 0;
  const matricesAt = plugin.data + 4 + usedBones + 20 * vertexCount;
  const stride = old ? 68 : 64;
  if (matricesAt + stride * boneCount > plugin.end) {
    throw cursor.error(
      'count-exceeds-data',
      plugin.data,
      `the Skin PLG's ${boneCount} matrices for ${vertexCount} vertices need ${matricesAt + stride * boneCount - plugin.data} bytes, it holds ${plugin.size}`,
    );
  }
  const out = new Float32Array(16 * boneCount);
  for (let bone = 0; bone < boneCount; bone++) {
    let at = matricesAt + stride * bone;
    if (old) {
      if (cursor.u32At(at) !== DEAD_MARKER)
        throw cursor.error('bad-skin', at, `bone ${bone}: the older Skin PLG layout puts 0xDEADDEAD before each matrix`);
      at += 4;
    }
    for (let k = 0; k < 16; k++) out[16 * bone + k] = cursor.f32At(at + 4 * k);
    out[16 * bone + 3] = 0;
    out[16 * bone + 7] = 0;
    out[16 * bone + 11] = 0;
    out[16 * bone + 15] = 1;
  }
  return out;
}
