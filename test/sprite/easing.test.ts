import { describe, expect, it } from 'vitest';
import { ease, EASING_MODES, EASING_NAMES } from '../../src/index.js';

// Values of the easings.net curves worked out by hand from their definitions.
const KNOWN: Array<[string, number, number]> = [
  ['linear', 0.25, 0.25],
  ['sine-in', 0.5, 1 - Math.SQRT1_2],
  ['sine-out', 0.5, Math.SQRT1_2],
  ['sine-in-out', 0.25, (1 - Math.SQRT1_2) / 2],
  ['quad-in', 0.5, 0.25],
  ['quad-out', 0.5, 0.75],
  ['quad-in-out', 0.25, 0.125],
  ['quad-in-out', 0.75, 0.875],
  ['cubic-in', 0.5, 0.125],
  ['cubic-out', 0.5, 0.875],
  ['cubic-in-out', 0.25, 0.0625],
  ['quart-in', 0.5, 0.0625],
  ['quart-out', 0.5, 0.9375],
  ['quart-in-out', 0.25, 0.03125],
  ['quint-in', 0.5, 0.03125],
  ['quint-out', 0.5, 0.96875],
  ['quint-in-out', 0.75, 0.984375],
  ['expo-in', 0.5, 0.03125],
  ['expo-out', 0.5, 0.96875],
  ['expo-in-out', 0.25, 0.015625],
  ['circ-in', 0.5, 1 - Math.sqrt(0.75)],
  ['circ-out', 0.5, Math.sqrt(0.75)],
  ['circ-in-out', 0.25, (1 - Math.sqrt(0.75)) / 2],
  ['back-in', 0.5, 2.70158 * 0.125 - 1.70158 * 0.25],
  ['back-out', 0.5, 1 - 2.70158 * 0.125 + 1.70158 * 0.25],
  ['back-in-out', 0.25, (0.25 * (3.5949095 * 0.5 - 2.5949095)) / 2],
  ['elastic-in', 0.5, -0.03125 * Math.sin((5 - 10.75) * ((2 * Math.PI) / 3))],
  ['elastic-out', 0.5, 1.015625],
  ['elastic-in-out', 0.25, -(2 ** -5 * Math.sin((5 - 11.125) * ((2 * Math.PI) / 4.5))) / 2],
  ['bounce-out', 0.5, 0.765625],
  ['bounce-in', 0.5, 0.234375],
  ['bounce-in-out', 0.25, (1 - 0.765625) / 2],
  ['bounce-out', 0.2, 7.5625 * 0.04],
];

describe('ease(mode, t)', () => {
  it('has the 31 modes of the spec, in its order', () => {
    expect(EASING_MODES).toBe(31);
    expect(EASING_NAMES.slice(0, 4)).toEqual(['linear', 'sine-in', 'sine-out', 'sine-in-out']);
    expect(EASING_NAMES.slice(28)).toEqual(['bounce-in', 'bounce-out', 'bounce-in-out']);
  });

  it('matches the standard formulas at several points', () => {
    for (const [name, t, expected] of KNOWN) {
      expect(ease(EASING_NAMES.indexOf(name), t), `${name}(${t})`).toBeCloseTo(expected, 12);
    }
  });

  it('starts at 0 and ends at 1 for every mode, and clamps t', () => {
    for (let mode = 0; mode < EASING_MODES; mode++) {
      expect(ease(mode, 0), EASING_NAMES[mode]).toBeCloseTo(0, 12);
      expect(ease(mode, 1), EASING_NAMES[mode]).toBeCloseTo(1, 12);
      expect(ease(mode, -5)).toBe(ease(mode, 0));
      expect(ease(mode, 7)).toBe(ease(mode, 1));
    }
  });

  it('refuses a mode outside 0..30', () => {
    expect(() => ease(31, 0.5)).toThrow(RangeError);
  });
});
