/**
 * Recipients in the editor are one text field each, written as a header would hold them
 * ("Ann Smith <ann@example.com>, bo@example.com"); the server parses them with a real address
 * parser and names the field when something is not an address.
 */
export function joinRecipients(list: readonly string[]): string {
  return list.join(', ');
}

/** The field as the server takes it: one entry (an address list), or none when it is empty. */
export function recipientEntries(text: string): string[] {
  const trimmed = text.trim().replace(/[,;\s]+$/, '');
  return trimmed ? [trimmed] : [];
}
