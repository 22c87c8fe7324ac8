/**
 * The thread in Gmail's web app. `#all/<threadId>` opens a thread by the API's thread id (the
 * hexadecimal id Gmail's own links used, which it still resolves), in All Mail so it is found
 * wherever its labels put it; `authuser` picks the Google account that holds it when several
 * are signed in, falling back to the first (`/u/0`).
 */
export function gmailThreadUrl(threadId: string, accountEmail: string | null): string {
  const account = accountEmail ? `?authuser=${encodeURIComponent(accountEmail)}` : '';
  return `https://mail.google.com/mail/u/0/${account}#all/${encodeURIComponent(threadId)}`;
}
