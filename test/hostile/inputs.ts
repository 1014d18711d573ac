// Hand-built hostile inputs: each reproduces an attack from "Hostile input, round two".
import { writeIMG } from '../../src/index.js';
import { chunk, concat, form, le } from '../helpers/iff-bytes.js';

const NOP = 0;
const STOP = 19;

/** An ANIM file whose script table has `entries` entries, all at `stride`-byte steps into one script of `nops` NOPs. */
export function animSharedScript(entries: number, nops: number, stride = 0): Uint8Array {
  const tableAt = 34;
  const scriptAt = tableAt + 8 * entries;
  const bytes = new Uint8Array(scriptAt + 4 * (nops + 1));
  const view = new DataView(bytes.buffer);
  bytes.set([65, 78, 73, 77]); // ANIM
  view.setUint16(4, 1, true);
  view.setUint32(10, entries, true);
  view.setUint16(14, 64, true);
  view.setUint16(16, 64, true);
  view.setUint32(18, tableAt, true);
  view.setUint32(22, tableAt, true);
  for (let i = 0; i < entries; i++) {
    view.setInt32(tableAt + 8 * i, i, true);
    view.setUint32(tableAt + 8 * i + 4, scriptAt + Math.min(stride * i, 4 * nops), true);
  }
  for (let k = 0; k < nops; k++) bytes[scriptAt + 4 * k + 2] = NOP;
  bytes[scriptAt + 4 * nops + 2] = STOP;
  return bytes;
}

/** A VER2 archive of about `bytes` bytes whose `records` records all cover the same sectors. */
export function imgOverlapping(records: number, payload: Uint8Array, bytes = 1 << 20): Uint8Array {
  const archive = writeIMG([
    { name: 'real.ifp', data: concat(payload, new Uint8Array(Math.max(0, bytes - payload.length - 4096 - 32 * records))) },
  ]);
  const directorySectors = Math.ceil((8 + 32 * records) / 2048);
  const out = new Uint8Array(directorySectors * 2048 + archive.length - 2048);
  out.set(archive.subarray(2048), directorySectors * 2048);
  const view = new DataView(out.buffer);
  out.set([86, 69, 82, 50]); // VER2
  view.setUint32(4, records, true);
  const sectors = (archive.length - 2048) / 2048;
  for (let i = 0; i < records; i++) {
    const at = 8 + 32 * i;
    view.setUint32(at, directorySectors, true);
    view.setUint16(at + 4, sectors, true);
    Array.from(`e${i}.ifp`).forEach((c, k) => (out[at + 8 + k] = c.charCodeAt(0)));
  }
  return out;
}

/** A FORM/ANM2 clip of one bone and one frame followed by `count` empty unknown chunks. */
export function iffManyEmptyChunks(count: number): Uint8Array {
  const head = chunk('HEAD', le(['f32', 0], ['u32', 1], ['u16', 30], ['u16', 1]));
  const bone = chunk('BONE', concat(le(['i32', -1]), new Uint8Array(64)));
  const quat = chunk('QUAT', le(['f32', 0], ['f32', 0], ['f32', 0], ['f32', 1]));
  const empty = chunk('NOTE', new Uint8Array(0));
  const many = new Uint8Array(empty.length * count);
  for (let i = 0; i < count; i++) many.set(empty, i * empty.length);
  return form('ANM2', head, bone, quat, many);
}

/** A GTA III/VC `.dir` of `bytes` bytes: every record names a distinct entry of one sector. */
export function bigV1Directory(bytes: number): Uint8Array {
  const dir = new Uint8Array(bytes - (bytes % 32));
  const view = new DataView(dir.buffer);
  for (let i = 0; i < dir.length / 32; i++) {
    view.setUint32(32 * i, i, true);
    view.setUint32(32 * i + 4, 1, true);
    Array.from(`entry${i}.ifp`).forEach((c, k) => (dir[32 * i + 8 + k] = c.charCodeAt(0)));
  }
  return dir;
}

/** An ANIM file of one script: `count` copies of one instruction (opcode and argument bytes), then STOP. */
export function animRepeated(count: number, opcode: number, argBytes: number[]): Uint8Array {
  const size = 4 + argBytes.length;
  // The header and table of a one-entry file, with its script replaced.
  const header = animSharedScript(1, 0).subarray(0, 34 + 8);
  const bytes = new Uint8Array(header.length + count * size + 4);
  bytes.set(header);
  for (let i = 0, at = header.length; i < count; i++, at += size) {
    bytes[at + 2] = opcode;
    bytes[at + 3] = argBytes.length;
    bytes.set(argBytes, at + 4);
  }
  bytes[header.length + count * size + 2] = STOP;
  return bytes;
}
