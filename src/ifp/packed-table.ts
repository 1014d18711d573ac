import { NameCache } from '../core/names.js';
import { PACKED_NAME_BYTES } from '../core/wasm-layout.js';
import { ROW_FIELDS, type Field, type TrackRows } from './track-table.js';

/**
 * Track rows and raw bone-name bytes as the wasm fast path leaves them, living in the reader's own
 * buffer next to the decoded floats. Names become strings on first use.
 */
export class PackedTable implements TrackRows {
  #cache = new NameCache();

  constructor(
    readonly rows: Int32Array,
    readonly names: Uint8Array,
  ) {}

  get(row: number, field: Field): number {
    return this.rows[row * ROW_FIELDS + field]!;
  }

  boneName(row: number): string {
    return this.#cache.read(this.names, row * PACKED_NAME_BYTES, PACKED_NAME_BYTES);
  }
}
