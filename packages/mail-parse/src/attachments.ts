import PostalMime, { decodeWords } from 'postal-mime';

/**
 * Which parts of a message are its attachments: one rule for `has:attachment`, `filename:`, the
 * reading pane's attachment list and the Gmail sandbox's payload (packages/mail-query/README.md,
 * "Attachments", says why each case is decided as it is).
 *
 * A leaf part (not multipart) is an attachment when it has `Content-Disposition: attachment` or a
 * file name (the disposition's `filename` or the Content-Type's `name`, RFC 2183 §2.3 and RFC
 * 2045 §5.1), whatever its type: a named text/plain part is an attachment even when it is shown
 * inline. A part with neither is part of the message itself: the text bodies, an unnamed inline
 * image, a delivery-status report.
 *
 * The signature of a multipart/signed message (RFC 1847 §2.1: its second part, e.g.
 * application/pgp-signature or application/pkcs7-signature) is never an attachment: it is the
 * envelope of the signed content, not content the sender attached.
 *
 * A message/rfc822 part (a forwarded message) is walked into: the attachments of the enclosed
 * message are attachments of this one (RFC 2046 §5.2.1). The forwarded message is itself an
 * attachment when it is named or marked as one (an attached `.eml`), and not when it is inline.
 */
export interface MessageAttachment {
  /** The decoded file name (RFC 2047 / RFC 2231), or null for an unnamed attachment. */
  filename: string | null;
  mimeType: string;
  /** Content-Disposition value (`attachment`, `inline`), or null when the part has none. */
  disposition: string | null;
  contentId: string | null;
  /** The decoded content. */
  content: ArrayBuffer;
}

/** Forwarded messages inside forwarded messages are walked this deep (postal-mime's own default). */
export const MAX_FORWARDED_MESSAGE_DEPTH = 10;

/**
 * The part tree as postal-mime builds it (its MimeNode). postal-mime does not export the tree in
 * its types, only the attachments it chose by its own rule (which differs from the one above), so
 * the walk reads the fields it needs through this view and checks they are there.
 */
interface MimeNodeView {
  contentType: { parsed: { value: string; params: Record<string, string> }; multipart: string | false };
  contentDisposition: { parsed: { value: string; params: Record<string, string> } };
  contentId?: string | undefined;
  childNodes: MimeNodeView[];
  content: ArrayBuffer | null;
}

function isMimeNode(value: unknown): value is MimeNodeView {
  const node = value as Partial<MimeNodeView> | null;
  return (
    typeof node === 'object' &&
    node !== null &&
    typeof node.contentType?.parsed?.value === 'string' &&
    typeof node.contentDisposition?.parsed?.value === 'string' &&
    Array.isArray(node.childNodes)
  );
}

/** The root of the part tree of a message postal-mime has parsed. */
export function partTreeOf(parser: PostalMime): MimeNodeView {
  const root = (parser as unknown as { root?: unknown }).root;
  if (!isMimeNode(root)) throw new Error('postal-mime no longer exposes the MIME part tree this code reads; update packages/mail-parse/src/attachments.ts');
  return root;
}

/** Parses a message and returns the parser (whose tree partTreeOf reads) with its result. */
export async function parseWithTree(raw: Uint8Array | ArrayBuffer): Promise<{ parser: PostalMime; email: Awaited<ReturnType<PostalMime['parse']>> }> {
  const parser = new PostalMime({ attachmentEncoding: 'arraybuffer' });
  const email = await parser.parse(raw);
  return { parser, email };
}

function fileNameOf(node: MimeNodeView): string | null {
  const raw = node.contentDisposition.parsed.params['filename'] || node.contentType.parsed.params['name'] || '';
  const name = raw ? decodeWords(raw).trim() : '';
  return name === '' ? null : name;
}

/** The attachments of the message whose part tree is `root`, in part order. */
export async function attachmentsOfTree(root: MimeNodeView, depth = 0): Promise<MessageAttachment[]> {
  const found: MessageAttachment[] = [];
  const visit = async (node: MimeNodeView): Promise<void> => {
    const multipart = node.contentType.multipart;
    if (multipart) {
      // multipart/signed: the first part is the content, the rest is the signature (RFC 1847).
      const children = multipart === 'signed' ? node.childNodes.slice(0, 1) : node.childNodes;
      for (const child of children) await visit(child);
      return;
    }
    const mimeType = node.contentType.parsed.value.toLowerCase();
    const disposition = node.contentDisposition.parsed.value.toLowerCase() || null;
    const filename = fileNameOf(node);
    const attached = disposition === 'attachment' || filename !== null;
    const content = node.content ?? new ArrayBuffer(0);
    if (attached) {
      found.push({ filename, mimeType, disposition, contentId: node.contentId?.trim() || null, content });
    }
    if ((mimeType === 'message/rfc822' || mimeType === 'message/global') && depth < MAX_FORWARDED_MESSAGE_DEPTH && content.byteLength > 0) {
      let inner: MimeNodeView | null = null;
      try {
        inner = partTreeOf((await parseWithTree(content)).parser);
      } catch {
        // A forwarded message postal-mime cannot read has no attachments we can name; the
        // message around it still parses (its own parse did not fail).
      }
      if (inner) found.push(...(await attachmentsOfTree(inner, depth + 1)));
    }
  };
  await visit(root);
  return found;
}

/** The attachments of a raw message by the rule above. */
export async function messageAttachments(raw: Uint8Array | ArrayBuffer): Promise<MessageAttachment[]> {
  const { parser } = await parseWithTree(raw);
  return attachmentsOfTree(partTreeOf(parser));
}
