/** The next f32 above a finite value (one unit in the last place; the smallest subnormal above 0). */
export function nextFloat32(value: number): number {
  const bits = new Float32Array([value]);
  const word = new Int32Array(bits.buffer);
  if (value === 0) word[0] = 1;
  else word[0]! += value > 0 ? 1 : -1;
  return bits[0]!;
}

/** A float as the shortest decimal text that reads back to the same f32. */
export function float32Text(value: number): string {
  for (let digits = 1; digits < 10; digits++) {
    const text = String(Number(value.toPrecision(digits)));
    if (Math.fround(Number(text)) === value) return text;
  }
  return String(value);
}
