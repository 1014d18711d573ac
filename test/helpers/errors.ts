import { DecodeError, EncodeError } from '../../src/index.js';

/** Runs `run`, which must throw an error of `type`, and returns it (any other outcome fails the test). */
function errorOf<T extends Error>(type: new (...args: never[]) => T, run: () => unknown): T {
  try {
    run();
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected a ${type.name}`);
}

/** Runs `run`, which must throw a DecodeError, and returns it (any other outcome fails the test). */
export const decodeErrorOf = (run: () => unknown): DecodeError => errorOf(DecodeError, run);

/** Runs `run`, which must throw an EncodeError, and returns it. */
export const encodeErrorOf = (run: () => unknown): EncodeError => errorOf(EncodeError, run);
