// The lint rules in one table: code, severity, what each finds, and where in the games' loaders the
// reason comes from. `gameanim lint --rules` prints it, so the help needs no document outside the
// package; docs/lint.md says more about each rule.
//
// Severity: error = the game refuses the file, crashes, hangs or plays it wrong; warning = the game
// plays it, but it is most likely a mistake; note = an oddity the game handles (the retail files have
// them: linting the retail SA and GTA III files gives notes only).

/** How serious a lint finding is, most severe first: `error`, `warning`, `note`. */
export type LintSeverity = 'error' | 'warning' | 'note';

/** One lint rule: its severity, what it finds, and where the game shows the problem. */
export interface LintRule {
  readonly severity: LintSeverity;
  /** What the rule finds, in a line. */
  readonly what: string;
  /** The loader code (re3, gta-reversed, MTA, INU Tools' check) the rule follows. */
  readonly source: string;
}

/** Shorthands for the loader sources cited below. */
const SA = 'gta-reversed CAnimManager::LoadAnimFile_ANP23';
const SA_ANPK = 'gta-reversed CAnimManager::LoadAnimFile_ANPK';
const III = 're3 CAnimManager::LoadAnimFile';

/** Every lint rule by code: its severity, what it finds, and the source (the game's code) that says why. */
export const LINT_RULE_TABLE = {
  // Reading
  'decode-error': {
    severity: 'error',
    what: 'the reader refuses the file (magic, frame type, key chunk, a count past the data)',
    source: `${SA} and ${III} read past the end or desynchronise`,
  },
  'reader-warning': {
    severity: 'note',
    what: 'what the reader warns of: trailing bytes, a frame-data size larger than the keys',
    source: 'the games stop after the last package and Malloc the declared size',
  },
  // The package
  'package-name-too-long': {
    severity: 'error',
    what: 'an ANP2/ANP3 package name over 15 bytes',
    source: `${SA}: CAnimBlock::Name is 16 bytes (MAX_ANIM_BLOCK_NAME), the block is found by its name; INU IFP-11`,
  },
  'package-name-mismatch': {
    severity: 'error',
    what: 'an IMG entry whose package name is not the entry name',
    source:
      'SA registers the block by the IMG entry name and GetOrCreateAnimBlock finds it by the package name: a second block is made, the first stays empty; INU IFP-20',
  },
  'too-many-animations': {
    severity: 'error',
    what: 'a package of more than 2500 animations',
    source: 'SA ms_aAnimations[2500] (III: 250, VC: 450), written without a bound; INU IFP-22',
  },
  'anpk-chunk-too-long': {
    severity: 'error',
    what: 'an ANPK INFO or NAME chunk over 256 bytes',
    source: `${III}: read whole into char buf[256] on the stack`,
  },
  'anpk-chunk-size': {
    severity: 'warning',
    what: 'an ANPK animation mixing 44- and 48-byte ANIM chunks',
    source: 'VC and SA read 44, III 48 (reVC, re3 LoadAnimFile)',
  },
  // The animation
  'name-too-long': {
    severity: 'error',
    what: 'an animation or bone name over 23 bytes (Latin-1)',
    source: 'the 24-byte fields are hashed up to their NUL (CKeyGen::GetUppercaseKey); INU IFP-11',
  },
  'duplicate-name': {
    severity: 'warning',
    what: 'two animations whose names differ only in case',
    source: 'CAnimBlendAssocGroup::GetAnimation compares case-insensitive hashes: the second never plays; INU IFP-18',
  },
  'no-tracks': {
    severity: 'error',
    what: 'an animation without tracks',
    source: `${SA}: new CAnimBlendSequence[0]; Uncompress and GetSequenceBlock read the first sequence; INU IFP-02`,
  },
  'compression-flag': {
    severity: 'error',
    what: 'an ANP3 animation whose flag (bit 0, compressed) is clear while tracks hold int16 keys',
    source: `${SA}: a clear flag makes the animation float: RemoveQuaternionFlips and CalcTotalTime read the int16 keys as floats; INU IFP-05`,
  },
  'frame-data-too-small': {
    severity: 'error',
    what: 'an ANP3 animation declaring fewer frame bytes than its keys take',
    source: `${SA}: CMemoryMgr::Malloc(declared), then every key is read into it (heap overrun); gtacheck IFP-03`,
  },
  'count-overflow': {
    severity: 'error',
    what: 'more than 32767 tracks in an animation or keys in a track',
    source: 'SA keeps the counts in 16 bits (m_nSeqCount, m_FramesNum); INU IFP-10',
  },
  'shorter-than-a-frame': {
    severity: 'note',
    what: 'a clip that lasts under 1/60 s',
    source: 'it plays as a single pose (III ped.ifp VAN_sitL does)',
  },
  // Tracks
  'empty-track': {
    severity: 'error',
    what: 'an ANP2/ANP3 track without keys',
    source: 'SA CAnimBlendHierarchy::CalcTotalTime reads key numFrames - 1 = -1; INU IFP-01',
  },
  'empty-track-anpk': {
    severity: 'note',
    what: 'an ANPK track without keys',
    source: `${III} skips it (numFrames == 0); ANPK cannot store its key type (III ped.ifp has 11)`,
  },
  'duplicate-track': {
    severity: 'warning',
    what: 'two tracks for one bone (one id, or one name when the id is -1)',
    source: 'CAnimBlendAssociation::Init gives each node one sequence: one of the two never plays; INU IFP-18',
  },
  'unknown-bone-id': {
    severity: 'note',
    what: 'a bone id the SA ped skeleton lacks',
    source: 'binding is by id (RpHAnimIDGetIndex): on a ped it drives nothing, on an object with its own HAnim (parachute) it is right',
  },
  'bone-id-out-of-range': {
    severity: 'error',
    what: 'a bone id outside 16 bits (other than -1)',
    source: 'SA CAnimBlendSequence keeps the bone tag in 16 bits: it never matches; gtacheck IFP-17',
  },
  'scale-ignored': {
    severity: 'note',
    what: 'KRTS keys (with scale)',
    source: `${III} and ${SA_ANPK} read the scale and drop it; INU IFP-21`,
  },
  // Keys
  'time-goes-back': {
    severity: 'error',
    what: 'a key earlier than the one before it',
    source: 'times become negative deltas (CalcTotalTime): the key search runs backwards, a looped clip hangs; INU IFP-07',
  },
  'zero-length-track': {
    severity: 'error',
    what: 'a track of two keys or more, all at one time',
    source: 'every delta is 0: the key search of a looped clip never advances (CAnimBlendNode::FindKeyFrame); INU IFP-07',
  },
  'time-repeats': {
    severity: 'note',
    what: 'two keys at one time',
    source: 'a step: the game seeks to the first and plays on from the last (retail dam_jump.ifp has them); INU IFP-08',
  },
  'first-key-not-zero': {
    severity: 'note',
    what: 'a track whose first key is not at 0 s',
    source: "the first delta is the first key's own time, added on every loop (retail ped.ifp has such tracks); INU IFP-06",
  },
  'off-grid-time': {
    severity: 'note',
    what: 'a float key off the 1/60 s grid',
    source: 'written compressed (types 3 and 4, int16 ticks of 1/60 s) it moves to the nearest frame',
  },
  'does-not-compress': {
    severity: 'note',
    what: 'a float key int16 frames cannot hold (time past 546 s, translation past 32 m)',
    source: 'it cannot be written as compressed ANP3; SA plays float keys as they are (retail levelxre.ifp has one); INU IFP-09',
  },
  'hemisphere-flip': {
    severity: 'note',
    what: 'neighbouring rotation keys in opposite hemispheres',
    source: 'the games negate them on load (CAnimBlendSequence::RemoveQuaternionFlips in re3 and SA); other players may spin the bone',
  },
  'not-unit-length': {
    severity: 'warning',
    what: 'a rotation key more than 25% off unit length (int16 rounding explains up to 16%)',
    source: 'the game uses the key as it is: the bone scales; INU IFP-16',
  },
  'non-finite-value': {
    severity: 'error',
    what: 'NaN or an infinity in a key (float tracks only)',
    source: 'nothing checks: NaN goes into the bone matrix and the skin, the ped vanishes or explodes; INU IFP-16',
  },
  'translation-off-root': {
    severity: 'note',
    what: 'a bone other than the root whose translation moves',
    source: "translation keys replace the bone's bind position; retail files have them; INU IFP-19",
  },
  // With --skeleton
  'no-bone-matches': {
    severity: 'note',
    what: 'with a skeleton: no track drives a bone of the model (a clip made for another model: an object, another skeleton)',
    source:
      "the game ships such clips beside the peds (DOOR, object clips in levelxre.ifp, III ped.ifp's skin_* for skinned peds); on this model the clip does nothing (SA binds by bone id, frame-bound models by name, case ignored)",
  },
  'unbound-tracks': {
    severity: 'note',
    what: 'with a skeleton: tracks that drive no bone of the model, named once per animation',
    source:
      'RpAnimBlendClumpInit binds what it finds and ignores the rest: retail clips carry such tracks (the ...Nub tips, parachute canopy, Root L Finger01)',
  },
} as const satisfies Record<string, LintRule>;

/** The code of a lint rule (a key of `LINT_RULE_TABLE`). */
export type LintCode = keyof typeof LINT_RULE_TABLE;

/** Each rule's severity, by code. */
export const LINT_RULES = Object.fromEntries(Object.entries(LINT_RULE_TABLE).map(([code, rule]) => [code, rule.severity])) as {
  readonly [C in LintCode]: (typeof LINT_RULE_TABLE)[C]['severity'];
};

/** The severities, most severe first. */
export const LINT_SEVERITIES: readonly LintSeverity[] = ['error', 'warning', 'note'];

/** Whether `severity` is at least `floor` (error > warning > note). */
export function atLeast(severity: LintSeverity, floor: LintSeverity): boolean {
  return LINT_SEVERITIES.indexOf(severity) <= LINT_SEVERITIES.indexOf(floor);
}

/** Whether a string (from a command line or a config file) names a lint rule. */
export function isLintCode(code: string): code is LintCode {
  return Object.hasOwn(LINT_RULE_TABLE, code);
}
