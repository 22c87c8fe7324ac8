/** Gmail carries raw messages and part bodies as base64url (RFC 4648 §5). */
export function toBase64Url(data: Uint8Array | string): string {
  return Buffer.from(data).toString('base64url');
}

/** Accepts base64url and plain base64: Google's own clients send either. */
export function fromBase64Url(text: string): Buffer {
  return Buffer.from(text.replace(/\+/g, '-').replace(/\//g, '_'), 'base64url');
}
