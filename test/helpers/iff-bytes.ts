/** Assembles IFF-85 bytes by hand, for files the writer refuses to make (duplicates, bad sizes). */
export function chunk(id: string, payload: Uint8Array, declaredSize = payload.length): Uint8Array {
  const out = new Uint8Array(8 + payload.length + (payload.length & 1));
  out.set(Array.from(id, (c) => c.charCodeAt(0)));
  new DataView(out.buffer).setUint32(4, declaredSize, false);
  out.set(payload, 8);
  return out;
}

export function form(type: string, ...children: Uint8Array[]): Uint8Array {
  const body = concat(
    Uint8Array.from(type, (c) => c.charCodeAt(0)),
    ...children,
  );
  return chunk('FORM', body);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Little-endian payload builder. */
export function le(...fields: Array<['f32' | 'u32' | 'i32' | 'u16', number]>): Uint8Array {
  const size = fields.reduce((n, [t]) => n + (t === 'u16' ? 2 : 4), 0);
  const view = new DataView(new ArrayBuffer(size));
  let at = 0;
  for (const [type, value] of fields) {
    if (type === 'f32') view.setFloat32(at, value, true);
    else if (type === 'u32') view.setUint32(at, value, true);
    else if (type === 'i32') view.setInt32(at, value, true);
    else view.setUint16(at, value, true);
    at += type === 'u16' ? 2 : 4;
  }
  return new Uint8Array(view.buffer);
}
