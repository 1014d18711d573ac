import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(`${root}fixtures/${name}`));
}

export function fixtureNames(extension: string): string[] {
  return readdirSync(`${root}fixtures`)
    .filter((name) => name.endsWith(extension))
    .sort();
}

/** The real game files live outside the project; tests that need them skip when they are absent. */
export const samplesDir = fileURLToPath(new URL('../../../shared/samples/', import.meta.url));
export const samplesPresent = existsSync(samplesDir);
export const SAMPLES_SKIP_MESSAGE = `real sample files not found at ${samplesDir}: skipping (they are game data kept outside the project)`;

export function sample(name: string): Uint8Array {
  return new Uint8Array(readFileSync(samplesDir + name));
}

/** Bit patterns of a float array, so comparisons see -0 and NaN payloads. */
export function bits(values: Float32Array | null): number[] | null {
  return values ? Array.from(new Uint32Array(values.buffer, values.byteOffset, values.length)) : null;
}

/** The game samples beside the project (`../shared/samples`), for `describeWith`/`itWith`. */
export const SAMPLES = { met: samplesPresent, missing: `no game samples at ${samplesDir} (game data, kept outside the project)` } as const;
