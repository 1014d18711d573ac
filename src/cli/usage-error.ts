/**
 * A mistake in how the command was called: exit code 2. Printed as `gameanim: MESSAGE` and the help,
 * or, with `command` (a flag error), as the one line `gameanim COMMAND: MESSAGE`.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly help?: string,
    readonly command?: string,
  ) {
    super(message);
  }
}

/** An optional peer dependency the command needs is not installed (exit 3): not the user's input, not their usage. */
export class MissingDependencyError extends Error {}
