/**
 * A value stored as ONE attribute holding its JSON: a catalogue record, a change's record.
 *
 * Written as a Binary attribute (the JSON's UTF-8 bytes), not a String: the SDK writes a String
 * into its request body one character at a time in JavaScript, escaping every quote of the
 * nested JSON (the largest single CPU cost of a bulk load), while a Binary goes out as base64,
 * three bytes at a time with nothing to escape. Read back whichever way it was written: bytes,
 * a JSON string (items written before this), or a DynamoDB map (before that), returned as it is.
 */
export function jsonBytes(value: unknown): Uint8Array {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

export function fromStoredJson(stored: unknown): unknown {
  if (stored instanceof Uint8Array) return JSON.parse(Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).toString('utf8'));
  if (typeof stored === 'string') return JSON.parse(stored);
  return stored;
}
