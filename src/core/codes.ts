/**
 * Every error and warning code, in one table: the same code means the same condition in every format.
 * `DecodeError.code` and `DecodeWarning.code` are typed with these.
 */
export const CODES = {
  // Errors (DecodeError), shared
  truncated: 'the data ends inside a structure, or a size claims more bytes than its container holds',
  'count-exceeds-data': 'a count needs more bytes than remain (checked before anything is allocated); a warning in lenient IFP reads',
  'bad-count': 'a count is negative',
  'unknown-magic': "the data does not start with the format's magic",
  'bad-parent': 'a parent index is out of range',
  // IFP
  'unknown-frame-type': 'an ANP frame type other than 1 to 4, or an ANPK key chunk other than KR00, KRT0, KRTS',
  'unexpected-chunk': 'an ANPK chunk other than the one the structure needs there',
  'bad-chunk': 'an ANPK chunk of the wrong size',
  // IMG
  'entry-out-of-range': 'an entry points past the end of the archive (an error for that entry, a warning for the archive)',
  // IFF (FORM/ANM2)
  'unknown-form-type': 'a FORM of another type than ANM2',
  'missing-chunk': 'a required chunk is absent (ANM2: HEAD, BONE, QUAT; ILFF clips: DHNA, REIH, TNVE)',
  'duplicate-chunk': 'a known chunk appears twice',
  'chunk-size': "a chunk's payload does not match its formula",
  'hierarchy-cycle': 'parent links form a cycle',
  'bad-sample-rate': 'sample rate 0',
  'bad-frame-count': 'frame count 0 with keys present',
  // ANIM
  'bad-version': 'another engine version than expected',
  'table-overrun': 'a table starts or ends past the data',
  'string-overrun': 'a path string has no NUL before the end of the data',
  'overlapping-scripts': 'scripts overlap so much that decoding them would read more instruction bytes than the file holds',
  'unknown-opcode': 'an opcode outside the instruction set',
  'bad-arg-size': "an instruction's argument size does not match its opcode",
  'missing-stop': 'a script runs to the end of the data without a STOP',
  'bad-jump': 'a JUMP lands on no instruction (an error when read, a warning when run)',
  'bad-easing': 'an easing mode outside 0 to 30',
  // TXD
  'unsupported-platform': 'a texture native of another platform than the PC (Direct3D 8 and 9): PS2, Xbox, mobile',
  'unknown-pixel-format': 'a raster format and D3D format that name no pixel format',
  'count-mismatch': 'a stored count disagrees with what the file holds (a warning)',
  // CAM (cutscene camera paths)
  'bad-number': 'text where a number belongs',
  // DFF
  'no-clump': 'no Clump section: not a RenderWare model',
  'no-frame-list': 'the Clump holds no Frame List',
  'unknown-section': 'another section where the format requires a container or struct',
  'skin-mismatch': 'the Skin PLG has another bone count than the HAnim hierarchy (an error when strict, else a warning)',
  'bad-skin': 'the older Skin PLG layout without its 0xDEADDEAD markers (an error when strict, else a warning)',

  // ILFF (IGI 2 retail)
  'bad-chunk-link': "an ILFF chunk's next-chunk offset does not move past the chunk",
  'wrong-content-type': 'an ILFF file of another content type than the reader takes (MINA clips, OCEM models)',
  'bad-hierarchy': "REIH child counts that do not make a tree of the header's bone count",
  'bad-entry': 'a TNVE entry of size 0, past the payload, of the wrong size for its type, or with a link that is not an entry start',
  'unknown-entry-type': 'a TNVE entry type other than 1, 3, 4, 6, 7 and 0xFF (an error when strict, else skipped with a warning)',
  'bad-index': 'a TNVE entry whose bone or attachment index is out of range',
  'no-separator': 'a TNVE run without its separator entry (0xFF)',

  // GLTF (import)
  'bad-gltf': 'a file glTF-Transform cannot read as a binary glTF',
  // Shared by glTF import and export: checked before the work is done
  'work-exceeds-input': 'the work an input asks for (samples to resample, keys to look up) is more than its size justifies (refused)',

  // Errors (EncodeError), refused before anything is written: a writer refusing what its reader would
  // refuse uses that reader's code above
  'field-overflow': 'a value its field on disk cannot hold: too large, negative, not whole, or a name too long or outside Latin-1',
  'bad-name': 'a name the format cannot hold (IMG: 1 to 23 printable Latin-1 characters, no / or \\, not . or ..; IFP: Latin-1)',

  // Edits refused (EditError, an EncodeError): also bad-name above
  'no-such-animation': 'an edit names an animation the file does not hold (names compared as the game compares them)',
  'name-taken': 'an edit would give two animations one name as the game compares them (ASCII case ignored): the game would play only the first',
  'outside-clip': 'a trim range that does not lie inside the clip',
  'bad-factor': 'a speed factor that is not a positive finite number, or that takes key times past what a float holds; a reduce tolerance that is not a finite number of centimetres, 0 or more',
  'mixed-formats': 'packages read in different formats written without naming one',

  // Warnings (DecodeWarning)
  'size-mismatch': "an ILFF header whose size field is not the file's length",
  'entry-count-mismatch': "a DHNA entry count that differs from the TNVE entries",
  'no-skeleton': 'an IGI 2 model without a REIH hierarchy (a static model)',
  'trailing-bytes': 'bytes after the last structure, ignored',
  'frame-data-size': "an ANP3 animation's declared frame bytes differ from the real ones",
  'non-finite-time': 'key times that are infinite or NaN',
  'duplicate-name': 'IMG entries with the same name: lookups return the first',
  'overlapping-entries': 'IMG entries that share bytes',
  'name-truncated': 'an IMG name cut to 23 characters by writeImg',
  'duration-mismatch': "an ANM2 duration that differs from the frames' by more than one frame",
  'non-unit-quaternion': 'ANM2 rotation keys more than 1e-3 from unit length, kept as stored',
  'duplicate-sprite-id': 'a sprite id appears again: the later entry wins',
  'duplicate-script-id': 'a script id appears again: the later entry wins',
  'step-limit': 'a frame of the script runner was cut short after maxStepsPerFrame instructions',
  'non-finite-state': 'the script runner state became NaN or infinite',
  'bad-struct-size': "a DFF Clump Struct whose size lies (protected models); read as 12 bytes, as the game does",
  'no-hanim': 'a DFF model without an HAnim hierarchy: its skeleton is its frames, bound by frame name',
  'hierarchy-mismatch': "a DFF's PUSH/POP flags and frame links disagree: the frame links win",
  'non-orthonormal-frame': 'DFF frame matrices scaled or sheared beyond float noise: rest rotations use the nearest rotation',
  'frames-disagree-with-skin': "a skinned DFF whose frames' rest pose differs from its Skin PLG's beyond float noise: posed from the Skin PLG, as the game does",
  'scaled-bind-matrix': 'DFF Skin PLG bind matrices scaled or sheared beyond float noise: rest rotations use the nearest rotation, the scale is kept apart',
  'missing-bone-frame': 'a DFF HAnim node with no frame of its id: identity rest pose',
} as const;

export type Code = keyof typeof CODES;
