import { DecodeError } from '../../src/index.js';

/** Runs `run`, which must throw a DecodeError, and returns it (any other outcome fails the test). */
export function decodeErrorOf(run: () => unknown): DecodeError {
  try {
    run();
  } catch (error) {
    if (error instanceof DecodeError) return error;
    throw error;
  }
  throw new Error('expected a DecodeError');
}
