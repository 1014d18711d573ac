import * as layout from '../core/wasm-layout.js';
import { KIND_INFO, outputFloatsPerFrame, type TrackKind } from './track-kinds.js';

/** i32 fields per row; assembly/decode-tracks.ts reads the same rows (src/core/wasm-layout.ts). */
export const ROW_FIELDS = layout.ROW_FIELDS;
export const Field = {
  Kind: layout.ROW_KIND,
  FrameCount: layout.ROW_FRAME_COUNT,
  /** Byte offset of the first frame in the input. */
  Source: layout.ROW_SOURCE,
  /** Float offsets in the output; -1 where the track has no such array. */
  Times: layout.ROW_TIMES,
  Rotations: layout.ROW_ROTATIONS,
  Translations: layout.ROW_TRANSLATIONS,
  Scales: layout.ROW_SCALES,
  BoneId: layout.ROW_BONE_ID,
} as const;
export type Field = (typeof Field)[keyof typeof Field];

/** What decoded tracks are read from: a scan's table, or the packed copy made by the wasm fast path. */
export interface TrackRows {
  get(row: number, field: Field): number;
  boneName(row: number): string;
}

/**
 * Where each track's frames are and where its decoded arrays go, one row per track, plus the bone
 * names. Built by the header scan and handed to the decoders as it is (wasm gets it by one memcpy).
 * Appending can be undone back to the last `commit()` when a later header turns out broken.
 */
export class TrackTable implements TrackRows {
  rows: Int32Array;
  boneNames: string[] = [];
  count = 0;
  outputFloats = 0;
  /** One past the last input byte any track reads. */
  inputEnd = 0;
  #committed = { count: 0, outputFloats: 0, inputEnd: 0 };

  /** Sized from the input: real files average well over 200 bytes per track, so growth is rare. */
  constructor(inputBytes: number) {
    this.rows = new Int32Array(Math.max(64, Math.ceil(inputBytes / 200)) * ROW_FIELDS);
  }

  add(kind: TrackKind, frameCount: number, source: number, boneName: string, boneId: number): number {
    const row = this.count++;
    if (this.count * ROW_FIELDS > this.rows.length) {
      const grown = new Int32Array(this.rows.length * 2);
      grown.set(this.rows);
      this.rows = grown;
    }
    const { keyframeType, frameBytes } = KIND_INFO[kind];
    const times = this.outputFloats;
    const rotations = times + frameCount;
    const translations = keyframeType === 'KR00' ? -1 : rotations + 4 * frameCount;
    const at = row * ROW_FIELDS;
    const rows = this.rows;
    rows[at + Field.Kind] = kind;
    rows[at + Field.FrameCount] = frameCount;
    rows[at + Field.Source] = source;
    rows[at + Field.Times] = times;
    rows[at + Field.Rotations] = rotations;
    rows[at + Field.Translations] = translations;
    rows[at + Field.Scales] = keyframeType === 'KRTS' ? translations + 3 * frameCount : -1;
    rows[at + Field.BoneId] = boneId;
    this.boneNames[row] = boneName;
    this.outputFloats += frameCount * outputFloatsPerFrame(keyframeType);
    const end = source + frameCount * frameBytes;
    if (end > this.inputEnd) this.inputEnd = end;
    return row;
  }

  boneName(row: number): string {
    return this.boneNames[row]!;
  }

  get(row: number, field: Field): number {
    return this.rows[row * ROW_FIELDS + field]!;
  }

  /** The rows in use, as one contiguous i32 run. */
  get used(): Int32Array {
    return this.rows.subarray(0, this.count * ROW_FIELDS);
  }

  commit(): void {
    this.#committed = { count: this.count, outputFloats: this.outputFloats, inputEnd: this.inputEnd };
  }

  rollback(): void {
    ({ count: this.count, outputFloats: this.outputFloats, inputEnd: this.inputEnd } = this.#committed);
    this.boneNames.length = this.count;
  }
}
