import { KIND_INFO, outputFloatsPerFrame, type TrackKind } from './track-kinds.js';

/** Entries per row of the track table; the wasm kernel reads the same row shape (in bytes). */
export const ROW_FIELDS = 8;
export const enum Field {
  Kind = 0,
  FrameCount = 1,
  /** Byte offset of the first frame in the input. */
  Source = 2,
  /** Float offsets in the output; -1 where the track has no such array. */
  Times = 3,
  Rotations = 4,
  Translations = 5,
  Scales = 6,
}

/**
 * Where each track's frames are and where its decoded arrays go. Built by the header scan, consumed
 * by the decoders; appending can be undone back to the last `commit()` when a later header fails.
 */
export class TrackTable {
  rows: number[] = [];
  outputFloats = 0;
  /** One past the last input byte any track reads. */
  inputEnd = 0;
  #committed = { rows: 0, outputFloats: 0, inputEnd: 0 };

  get count(): number {
    return this.rows.length / ROW_FIELDS;
  }

  add(kind: TrackKind, frameCount: number, source: number): number {
    const row = this.count;
    const { keyframeType, frameBytes } = KIND_INFO[kind];
    const times = this.outputFloats;
    const rotations = times + frameCount;
    const translations = keyframeType === 'KR00' ? -1 : rotations + 4 * frameCount;
    const scales = keyframeType === 'KRTS' ? translations + 3 * frameCount : -1;
    this.rows.push(kind, frameCount, source, times, rotations, translations, scales, 0);
    this.outputFloats += frameCount * outputFloatsPerFrame(keyframeType);
    this.inputEnd = Math.max(this.inputEnd, source + frameCount * frameBytes);
    return row;
  }

  get(row: number, field: Field): number {
    return this.rows[row * ROW_FIELDS + field]!;
  }

  commit(): void {
    this.#committed = { rows: this.rows.length, outputFloats: this.outputFloats, inputEnd: this.inputEnd };
  }

  rollback(): void {
    this.rows.length = this.#committed.rows;
    this.outputFloats = this.#committed.outputFloats;
    this.inputEnd = this.#committed.inputEnd;
  }
}
