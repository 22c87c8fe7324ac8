/**
 * The exact OAuth scopes Mailroom asks Google for, and why (issue 5: sign-in asks for the email
 * scope; connecting asks for gmail.readonly only; writing is asked for incrementally).
 */
export const SIGN_IN_SCOPES = [
  { scope: 'openid', why: 'Confirms it is you signing in.' },
  { scope: 'email', why: 'Your email address, to name your account.' },
  { scope: 'profile', why: 'Your name, to greet you.' },
] as const;

export const CONNECT_SCOPES = [
  {
    scope: 'https://www.googleapis.com/auth/gmail.readonly',
    why: 'Read message metadata to build your categories, and open a message when you ask. Nothing in Gmail can change.',
  },
] as const;

export const LATER_SCOPES = [
  {
    scope: 'https://www.googleapis.com/auth/gmail.modify',
    why: 'Asked the first time you quarantine or delete: move mail to a label or to the trash. Never permanent deletion.',
  },
  {
    scope: 'https://www.googleapis.com/auth/gmail.labels',
    why: 'Asked together with the above: create the Mailroom/Quarantine label.',
  },
] as const;
