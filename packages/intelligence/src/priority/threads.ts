/**
 * Conversations for mailboxes that do not carry Gmail's thread ids (or carry one per message,
 * as some exports do): messages are in one thread when they share a thread id or when one names
 * another in In-Reply-To or References (RFC 5322 §3.6.4), the links Gmail itself follows.
 * Union-find over message positions; each thread takes the thread id of its earliest message
 * in input order, so the result depends only on the input.
 */
export interface ThreadLinks {
  threadId: string;
  rfc822MessageId: string | null;
  inReplyTo?: string | null;
  references?: string | null;
}

export function resolveThreads(messages: readonly ThreadLinks[]): string[] {
  const parent = messages.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    while (parent[i] !== root) {
      const next = parent[i] as number;
      parent[i] = root;
      i = next;
    }
    return root;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const byThread = new Map<string, number>();
  const byMessageId = new Map<string, number>();
  messages.forEach((m, i) => {
    const t = byThread.get(m.threadId);
    if (t === undefined) byThread.set(m.threadId, i);
    else union(t, i);
    const id = m.rfc822MessageId?.toLowerCase();
    if (id) {
      const other = byMessageId.get(id);
      if (other === undefined) byMessageId.set(id, i);
      else union(other, i);
    }
  });
  // Parents may appear after their replies in the input: link in a second pass.
  messages.forEach((m, i) => {
    for (const value of [m.inReplyTo, m.references]) {
      if (!value) continue;
      for (const id of value.split(/\s+/u)) {
        const other = id ? byMessageId.get(id.replace(/^<|>$/gu, '').toLowerCase()) : undefined;
        if (other !== undefined) union(other, i);
      }
    }
  });
  return messages.map((_, i) => (messages[find(i)] as ThreadLinks).threadId);
}
