/**
 * Keys for the model's tables. The state stores hashes, not addresses or words: it stays
 * compact, and a stored model state does not spell out who the user writes to.
 *
 * Two FNV-1a passes (http://www.isthe.com/chongo/tech/comp/fnv/) with different offsets give
 * a 53-bit key; across a few thousand senders a collision is about as likely as 1 in 10^9.
 */
const FNV_PRIME = 0x01000193;

export function hashKey(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, FNV_PRIME);
    b = Math.imul(b ^ c ^ 0x5bd1e995, FNV_PRIME);
  }
  // 32 bits of one and 21 bits of the other: an exact integer below 2^53.
  return (a >>> 0) * 0x200000 + ((b >>> 11) & 0x1fffff);
}

/** A 32-bit FNV-1a hash, for bucketing words. */
export function hash32(text: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}
