import { DecodeError, EncodeError } from '../../src/index.js';

/** Runs `run`, which must throw an error of `type`, and returns it (any other outcome fails the test). */
function thrown<E extends Error>(type: abstract new (...args: never[]) => E, run: () => unknown): E {
  try {
    run();
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected a ${type.name}`);
}

/** Runs `run`, which must throw a DecodeError, and returns it. */
export const decodeErrorOf = (run: () => unknown): DecodeError => thrown(DecodeError, run);

/** Runs `run`, which must refuse with an EncodeError, and returns it. */
export const encodeErrorOf = (run: () => unknown): EncodeError => thrown(EncodeError, run);
