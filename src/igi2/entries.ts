// TNVE, the keyed entries of an IGI 2 clip: one table of entry types shared by the reader and the
// writer, and the decode loop that walks them into structure-of-arrays tracks.

/** Entry types, with their size in 4-byte words (the 12-byte header included). */
export const Entry = {
  AttachmentParent: 0x01,
  Position: 0x03,
  Rotation: 0x04,
  Trigger: 0x06,
  AttachmentPose: 0x07,
  Separator: 0xff,
} as const;

export const ENTRY_WORDS: Readonly<Record<number, number>> = {
  [Entry.AttachmentParent]: 17,
  [Entry.Position]: 6,
  [Entry.Rotation]: 18,
  [Entry.Trigger]: 8,
  [Entry.AttachmentPose]: 11,
  [Entry.Separator]: 3,
};

export const ENTRY_HEADER = 12;

/**
 * Entries are stored in ascending (time, type byte, index byte), the separator (0xFF) included, so at
 * one time: re-parenting keys, positions, rotations, triggers, attachment poses, the separator. Equal
 * keys keep their order. Checked on all 254 retail clips, which the writer reproduces byte for byte.
 */
export function entryOrder(a: { ticks: number; type: number; index: number }, b: { ticks: number; type: number; index: number }): number {
  return a.ticks - b.ticks || a.type - b.type || a.index - b.index;
}

/** Byte offsets inside a rotation entry: the key, its in-tangent and its out-tangent, each followed by 4 filler bytes. */
export const ROTATION_KEY = 12;
export const ROTATION_IN = 32;
export const ROTATION_OUT = 52;
/** The high half of a trigger's event word in real files. */
export const EVENT_FILLER = 0xabab0000;
export const NO_BONE = 0xffffffff;

/** ENTRY_WORDS as a table by type byte (0: unknown), for the decode loop. */
export const WORDS_BY_TYPE = new Uint8Array(256);
for (const [type, words] of Object.entries(ENTRY_WORDS)) WORDS_BY_TYPE[Number(type)] = words;
