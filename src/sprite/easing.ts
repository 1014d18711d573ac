import { ArgumentError } from '../core/errors.js';
// The easing curves of easings.net, by the ANIM format's mode numbers: 0 linear, then in / out /
// in-out triples of sine, quad, cubic, quart, quint, expo, circ, back, elastic and bounce.

type Curve = (t: number) => number;

const { PI, cos, sin, sqrt, pow } = Math;
const BACK = 1.70158;
const BACK_IN_OUT = BACK * 1.525;
const ELASTIC = (2 * PI) / 3;
const ELASTIC_IN_OUT = (2 * PI) / 4.5;

function bounceOut(t: number): number {
  const n = 7.5625;
  const d = 2.75;
  if (t < 1 / d) return n * t * t;
  if (t < 2 / d) return n * (t -= 1.5 / d) * t + 0.75;
  if (t < 2.5 / d) return n * (t -= 2.25 / d) * t + 0.9375;
  return n * (t -= 2.625 / d) * t + 0.984375;
}

/** In, out and in-out of a power curve. */
function power(p: number): [Curve, Curve, Curve] {
  return [(t) => pow(t, p), (t) => 1 - pow(1 - t, p), (t) => (t < 0.5 ? pow(2, p - 1) * pow(t, p) : 1 - pow(-2 * t + 2, p) / 2)];
}

const CURVES: readonly Curve[] = [
  (t) => t,
  (t) => 1 - cos((t * PI) / 2),
  (t) => sin((t * PI) / 2),
  (t) => -(cos(PI * t) - 1) / 2,
  ...power(2),
  ...power(3),
  ...power(4),
  ...power(5),
  (t) => (t === 0 ? 0 : pow(2, 10 * t - 10)),
  (t) => (t === 1 ? 1 : 1 - pow(2, -10 * t)),
  (t) => (t === 0 ? 0 : t === 1 ? 1 : t < 0.5 ? pow(2, 20 * t - 10) / 2 : (2 - pow(2, -20 * t + 10)) / 2),
  (t) => 1 - sqrt(1 - t * t),
  (t) => sqrt(1 - (t - 1) * (t - 1)),
  (t) => (t < 0.5 ? (1 - sqrt(1 - 4 * t * t)) / 2 : (sqrt(1 - (-2 * t + 2) ** 2) + 1) / 2),
  (t) => (BACK + 1) * t * t * t - BACK * t * t,
  (t) => 1 + (BACK + 1) * (t - 1) ** 3 + BACK * (t - 1) ** 2,
  (t) =>
    t < 0.5
      ? ((2 * t) ** 2 * ((BACK_IN_OUT + 1) * 2 * t - BACK_IN_OUT)) / 2
      : ((2 * t - 2) ** 2 * ((BACK_IN_OUT + 1) * (t * 2 - 2) + BACK_IN_OUT) + 2) / 2,
  (t) => (t === 0 ? 0 : t === 1 ? 1 : -pow(2, 10 * t - 10) * sin((t * 10 - 10.75) * ELASTIC)),
  (t) => (t === 0 ? 0 : t === 1 ? 1 : pow(2, -10 * t) * sin((t * 10 - 0.75) * ELASTIC) + 1),
  (t) =>
    t === 0
      ? 0
      : t === 1
        ? 1
        : t < 0.5
          ? -(pow(2, 20 * t - 10) * sin((20 * t - 11.125) * ELASTIC_IN_OUT)) / 2
          : (pow(2, -20 * t + 10) * sin((20 * t - 11.125) * ELASTIC_IN_OUT)) / 2 + 1,
  (t) => 1 - bounceOut(1 - t),
  bounceOut,
  (t) => (t < 0.5 ? (1 - bounceOut(1 - 2 * t)) / 2 : (1 + bounceOut(2 * t - 1)) / 2),
];

/** Number of easing modes (0 to 30). */
export const EASING_MODES = CURVES.length;

/** The name of each easing mode, by mode number: `linear`, then each curve's in, out and in-out. */
export const EASING_NAMES: readonly string[] = [
  'linear',
  ...['sine', 'quad', 'cubic', 'quart', 'quint', 'expo', 'circ', 'back', 'elastic', 'bounce'].flatMap((curve) => [
    `${curve}-in`,
    `${curve}-out`,
    `${curve}-in-out`,
  ]),
];

/** The eased fraction for `t` in [0, 1] (clamped). Throws a RangeError for a mode outside 0..30. */
export function ease(mode: number, t: number): number {
  const curve = CURVES[mode];
  if (!curve) throw new ArgumentError('bad-argument', `easing mode ${mode} is not 0 to ${EASING_MODES - 1}`);
  return curve(t <= 0 ? 0 : Math.min(t, 1));
}
