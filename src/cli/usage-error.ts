/**
 * A mistake in how the command was called: exit code 2 (code `usage`). Printed as `gameanim: MESSAGE`
 * and the help, or, with `command` (a flag error), as the one line `gameanim COMMAND: MESSAGE`.
 */
export class UsageError extends Error {
  readonly code = 'usage';
  constructor(
    message: string,
    readonly help?: string,
    readonly command?: string,
  ) {
    super(message);
  }
}

/**
 * A usage error that an action (not its spec) finds and that shows its command's help: the action cannot
 * import its own spec's help, which imports it, so the dispatcher, which knows the command, adds it.
 */
export class UsageErrorWithHelp extends UsageError {}
