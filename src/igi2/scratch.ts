// Buffers that only live during one decode (which entries start where, which links to check, keys
// written so far per bone), reused across readers: allocating and zeroing them per clip cost more than
// the walk itself. Each decode runs to completion before another can start, and nothing outside it
// keeps them. A huge clip gets buffers of its own, so it does not pin their size for the process.
const KEEP_SCRATCH_BYTES = 1 << 20;
let bytesBuffer = new Uint8Array(4096);
let linksBuffer = new Uint32Array(2048);
let fillBuffer = new Uint32Array(1024);

/** `length` zeroed bytes. */
export function scratchStarts(length: number): Uint8Array {
  if (length > KEEP_SCRATCH_BYTES) return new Uint8Array(length);
  if (bytesBuffer.length < length) bytesBuffer = new Uint8Array(Math.max(length, 2 * bytesBuffer.length));
  const starts = bytesBuffer.subarray(0, length);
  starts.fill(0);
  return starts;
}

/** At least `length` words, not zeroed: the caller writes before it reads. */
export function scratchLinks(length: number): Uint32Array {
  if (4 * length > KEEP_SCRATCH_BYTES) return new Uint32Array(length);
  if (linksBuffer.length < length) linksBuffer = new Uint32Array(Math.max(length, 2 * linksBuffer.length));
  return linksBuffer;
}

/** `length` zeroed words. */
export function scratchFill(length: number): Uint32Array {
  if (4 * length > KEEP_SCRATCH_BYTES) return new Uint32Array(length);
  if (fillBuffer.length < length) fillBuffer = new Uint32Array(Math.max(length, 2 * fillBuffer.length));
  const fill = fillBuffer.subarray(0, length);
  fill.fill(0);
  return fill;
}
