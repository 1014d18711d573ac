// The viewer's own error codes, beside the library's (the command line keeps its own so, in
// src/cli/exit-codes.ts): every error the viewer throws carries a code from the library's tables or
// this one, and test/core/error-codes.test.ts checks each throw of viewer/ against them.

/** What each of the viewer's codes means. */
export const VIEWER_CODES = {
  'not-a-game-folder': 'the folder chosen as a game folder holds no models/gta3.img (or its .dir): not the folder a game is installed in',
} as const;

/** A code of the viewer's own. */
export type ViewerCode = keyof typeof VIEWER_CODES;
