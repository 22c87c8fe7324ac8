/** Messages per page, as Gmail lists them (its API allows up to 100 a page for our callable functions). */
export const DEFAULT_PAGE_SIZE = 50;

/**
 * Lists longer than this render only the rows in view (@tanstack/react-virtual): a view that
 * loads hundreds of rows at once (a bundle, a digest) stays as fast as a page of 50.
 */
export const VIRTUALIZE_ABOVE = 200;

/**
 * Reversible actions act at once, with Undo as the safety net; only an action on a whole source
 * of more than this many messages (or of an unknown number) asks first.
 */
export const CONFIRM_WHOLE_SOURCE_ABOVE = 100;

/** Where the chosen row density is remembered (this browser only). */
export const DENSITY_STORAGE_KEY = 'mailroom.mail.density';

/** The URL search parameter naming the open message, so Back closes it and a link opens it. */
export const MESSAGE_PARAM = 'message';
