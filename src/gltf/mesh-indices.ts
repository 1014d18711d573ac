// Triangle indices as glTF wants them: every one names a vertex the primitive has. A DFF's triangle
// list is read as stored, and a hostile or broken model may point past its vertices; glTF validators
// reject such a file (ACCESSOR_INDEX_OOB), so those triangles are left out, and counted.

/**
 * The whole triangles of `indices` whose three corners are below `vertexCount`, as the smallest index
 * type that holds them (glTF reserves the type's largest value, so 16 bits only up to 65,535 vertices);
 * `dropped` counts the triangles left out, a trailing part-triangle included.
 */
export function trianglesInRange(indices: ArrayLike<number>, vertexCount: number): { indices: Uint16Array | Uint32Array; dropped: number } {
  const kept = new Uint32Array(indices.length - (indices.length % 3));
  let count = 0;
  let dropped = indices.length % 3 ? 1 : 0;
  for (let i = 0; i + 2 < indices.length; i += 3) {
    const a = indices[i]!,
      b = indices[i + 1]!,
      c = indices[i + 2]!;
    if (a < vertexCount && b < vertexCount && c < vertexCount) {
      kept[count++] = a;
      kept[count++] = b;
      kept[count++] = c;
    } else {
      dropped++;
    }
  }
  const used = kept.subarray(0, count);
  return { indices: vertexCount <= 0xffff ? Uint16Array.from(used) : Uint32Array.from(used), dropped };
}
