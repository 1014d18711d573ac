// A seeded corpus with San Andreas' shape: one big ped.ifp plus anim.img holding 132 IFP files,
// with exactly SA's totals. Generated on demand into a git-ignored folder; the same seed gives the
// same bytes.
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { writeIFP, writeIMG, type PackageData, type TrackData } from 'gameanim';

export const SA_TOTALS = { files: 133, animations: 1851, tracks: 46432, keyframes: 980487 };
const PED_ANIMATIONS = 278;
const PED_BONES = 32;

export interface CorpusOptions {
  seed?: number;
  /** 1 gives SA's totals; smaller values give a proportionally smaller corpus, for tests. */
  scale?: number;
}

export interface Corpus {
  ped: Uint8Array;
  animImg: Uint8Array;
  totals: typeof SA_TOTALS;
  seed: number;
  scale: number;
}

type Rng = ReturnType<typeof xoroshiro128plus>;
const random = (rng: Rng) => uniformFloat64(rng);

/** Splits `total` into `parts` whole numbers of at least `min` each, at random, summing exactly. */
function split(total: number, parts: number, min: number, rng: Rng): number[] {
  const spare = total - parts * min;
  if (spare < 0) throw new RangeError(`cannot split ${total} into ${parts} parts of at least ${min}`);
  const weights = Array.from({ length: parts }, () => 0.25 + random(rng));
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => min + Math.floor((spare * w) / sum));
  for (let left = total - out.reduce((a, b) => a + b, 0); left > 0; left--) out[uniformInt(rng, 0, parts - 1)]!++;
  return out;
}

/** Frame type mix: mostly int16 rotation (3), about 8% int16 rotation + translation (4), a few float. */
function pickFrameType(trackIndex: number, rng: Rng): 1 | 2 | 3 | 4 {
  const roll = random(rng);
  if (roll < 0.003) return 1;
  if (roll < 0.005) return 2;
  if (trackIndex === 0 ? roll < 0.6 : roll < 0.06) return 4;
  return 3;
}

function makeTrack(boneName: string, boneId: number, frameCount: number, frameType: number, rng: Rng): TrackData {
  // A rotation about a fixed random axis by a smoothly changing angle: unit quaternions, smooth keys.
  const [ax, ay, az] = [random(rng) - 0.5, random(rng) - 0.5, random(rng) - 0.5];
  const norm = Math.hypot(ax, ay, az) || 1;
  const start = random(rng) * Math.PI;
  const speed = (random(rng) - 0.5) * 0.2;
  const ticksPerKey = uniformInt(rng, 1, 4);
  const times = new Float32Array(frameCount);
  const rotations = new Float32Array(frameCount * 4);
  const hasTranslation = frameType === 2 || frameType === 4;
  const translations = hasTranslation ? new Float32Array(frameCount * 3) : null;
  for (let i = 0; i < frameCount; i++) {
    times[i] = (i * ticksPerKey) / 60;
    const half = (start + i * speed) / 2;
    const s = Math.sin(half);
    rotations.set([(ax / norm) * s, (ay / norm) * s, (az / norm) * s, Math.cos(half)], i * 4);
    if (translations) translations.set([Math.sin(i * 0.1) * 0.5, i * 0.02, Math.cos(i * 0.1) * 0.1], i * 3);
  }
  return {
    boneName,
    boneId,
    keyframeType: hasTranslation ? 'KRT0' : 'KR00',
    compressed: frameType >= 3,
    times,
    rotations,
    translations,
    scales: null,
  };
}

export function generateCorpus({ seed = 2004, scale = 1 }: CorpusOptions = {}): Corpus {
  const rng = xoroshiro128plus(seed);
  const files = Math.max(2, Math.round(SA_TOTALS.files * scale));
  const animations = Math.max(files, Math.round(SA_TOTALS.animations * scale));
  const pedAnimations = Math.max(1, Math.round(PED_ANIMATIONS * scale));
  const tracks = Math.max(animations + pedAnimations * PED_BONES, Math.round(SA_TOTALS.tracks * scale));
  const keyframes = Math.max(2 * tracks, Math.round(SA_TOTALS.keyframes * scale));

  const animationsPerFile = [pedAnimations, ...split(animations - pedAnimations, files - 1, 1, rng)];
  const otherAnimations = animations - pedAnimations;
  const tracksPerAnimation = [
    ...Array<number>(pedAnimations).fill(PED_BONES),
    ...split(tracks - pedAnimations * PED_BONES, otherAnimations, 1, rng),
  ];
  const keysPerTrack = split(keyframes, tracks, 2, rng);

  let animationIndex = 0;
  let trackIndex = 0;
  const packages: PackageData[] = animationsPerFile.map((count, file) => ({
    name: file === 0 ? 'ped' : `pack_${String(file).padStart(3, '0')}`,
    animations: Array.from({ length: count }, () => {
      const boneCount = tracksPerAnimation[animationIndex]!;
      const name = `anim_${String(animationIndex++).padStart(4, '0')}`;
      const bones = Array.from({ length: boneCount }, (_, b) =>
        makeTrack(b === 0 ? 'Root' : `Bone_${b}`, b, keysPerTrack[trackIndex++]!, pickFrameType(b, rng), rng),
      );
      return { name, bones };
    }),
  }));

  const ped = writeIFP([packages[0]!], { format: 'ANP3' });
  const animImg = writeIMG(packages.slice(1).map((pkg) => ({ name: `${pkg.name}.ifp`, data: writeIFP([pkg], { format: 'ANP3' }) })));
  return { ped, animImg, totals: { files, animations, tracks, keyframes }, seed, scale };
}

/** The file that marks a folder as a corpus gameanim made: only such a folder, or an empty one, is written. */
export const CORPUS_MARKER = '.gameanim-corpus';
const CORPUS_FILES = ['ped.ifp', 'anim.img', 'corpus.json'];

/**
 * A corpus folder gameanim may not write: it holds other files (a game's anim/ folder has the same names). An input problem to the command
 * line (code `input`).
 */
export class CorpusFolderError extends Error {
  override name = 'CorpusFolderError';
  readonly code = 'input';
}

/**
 * Writes (or reuses) a corpus in `dir`: ped.ifp, anim.img and corpus.json, with a marker file. A folder
 * that exists, is not empty and has no marker is refused: a San Andreas `anim/` folder holds exactly
 * these names. Inside a marked folder only the corpus's own files are written, never through a symlink.
 */
export function ensureCorpus(dir: string, options: CorpusOptions = {}): Corpus {
  const seed = options.seed ?? 2004;
  const scale = options.scale ?? 1;
  const manifestPath = join(dir, 'corpus.json');
  const marked = existsSync(join(dir, CORPUS_MARKER));
  if (existsSync(dir) && !marked) {
    if (!statSync(dir).isDirectory()) throw new CorpusFolderError(`${dir}: not a folder; give --corpus an empty or new folder`);
    if (readdirSync(dir).length)
      throw new CorpusFolderError(
        `${dir}: holds files gameanim did not make; the corpus is written only into an empty folder or one with a ${CORPUS_MARKER} marker (nothing written)`,
      );
  }
  if (marked && existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (manifest.seed === seed && manifest.scale === scale) {
      return {
        ...manifest,
        ped: new Uint8Array(readFileSync(join(dir, 'ped.ifp'))),
        animImg: new Uint8Array(readFileSync(join(dir, 'anim.img'))),
      };
    }
  }
  for (const name of CORPUS_FILES) {
    const path = join(dir, name);
    if (existsSync(path) && lstatSync(path).isSymbolicLink())
      throw new CorpusFolderError(`${path}: is a symbolic link; gameanim never writes through one`);
  }
  const corpus = generateCorpus({ seed, scale });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, CORPUS_MARKER), 'A benchmark corpus generated by gameanim (bench/corpus.ts). Safe to delete.\n');
  writeFileSync(join(dir, 'ped.ifp'), corpus.ped);
  writeFileSync(join(dir, 'anim.img'), corpus.animImg);
  writeFileSync(manifestPath, JSON.stringify({ seed, scale, totals: corpus.totals }, null, 2));
  return corpus;
}
