import { addressParser, decodeWords, type Address as PostalAddress } from 'postal-mime';
import { invalidArgument } from '../../errors.ts';
import type { Mailbox } from '../../providers/outgoing/index.ts';

/**
 * Recipients between the editor and the composer. People type address lists as a header would
 * hold them (RFC 5322 §3.4: `"Smith, Ann" <ann@example.com>, bo@example.com`); postal-mime's
 * address parser reads them, and each mailbox goes back to the editor in the same form.
 */

/** An addr-spec as Gmail accepts it: something@something, no spaces, brackets or quotes. */
const ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;
/** Characters that make a display name need quoting (RFC 5322 §3.2.3 specials). */
const SPECIALS = /[()<>[\]:;@\\,."]/;

/** One mailbox as a header writes it, quoted where its name needs it, so it parses back the same. */
export function formatMailbox(mailbox: Mailbox): string {
  const name = mailbox.name?.replace(/[\r\n]+/g, ' ').trim();
  if (!name) return mailbox.address;
  const shown = SPECIALS.test(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : name;
  return `${shown} <${mailbox.address}>`;
}

/**
 * The mailboxes of the given entries (each an address list); INVALID_ARGUMENT naming the field
 * and entry (`to.1`) for anything that is not an email address. Groups are flattened.
 */
export function parseRecipients(field: 'to' | 'cc' | 'bcc', entries: readonly string[] | undefined): Mailbox[] | undefined {
  if (entries === undefined) return undefined;
  const out: Mailbox[] = [];
  entries.forEach((entry, index) => {
    const flat: PostalAddress[] = [];
    const walk = (list: PostalAddress[]) => {
      for (const a of list) {
        if (a.group) walk(a.group);
        else flat.push(a);
      }
    };
    walk(addressParser(entry));
    for (const a of flat) {
      const address = (a.address ?? '').trim();
      if (!ADDRESS.test(address)) {
        const shown = (address || a.name || entry).slice(0, 100);
        throw invalidArgument(`${field}: "${shown}" is not an email address`, { fields: [{ field: `${field}.${index}`, message: `"${shown}" is not an email address` }] });
      }
      out.push({ name: a.name ? decodeWords(a.name).trim() || null : null, address });
    }
  });
  return out;
}
