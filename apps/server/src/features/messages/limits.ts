import { availableParallelism } from 'node:os';

/**
 * Every cap Mailroom keeps on hostile mail, in one place (as imapflow keeps its limits in one
 * module). Email is hostile input (DESIGN §6): past any of these a message is refused with
 * TOO_LARGE_TO_DISPLAY, and a link to open it in Gmail, instead of stalling the server. The
 * numbers are chosen so that ordinary mail never comes near them (issue 22).
 */

/** The sentence shown in place of a message past a cap. */
export const TOO_LARGE_TO_DISPLAY = 'This message is too large to display safely; open it in Gmail.';

/** MIME: what the parser is given at all (mail-parse's parseMimeWithin enforces these). */
export const MIME_LIMITS = {
  /**
   * Gmail accepts messages up to 25 MB from its own users and larger ones from other servers;
   * a message bigger than this is almost all attachment, which the reading pane does not show.
   */
  maxRawBytes: 32 * 1024 * 1024,
  /** Real mail nests multiparts four or five levels deep; postal-mime's own cap is 256. */
  maxNestingDepth: 32,
  /** Bodies, attachments and the multiparts around them. */
  maxParts: 500,
  /** Every part's header section together. */
  maxHeadersBytes: 1024 * 1024,
} as const;

/**
 * HTML: the body that is sanitised and shown. Gmail itself clips a message past 102 KB of HTML
 * ("[Message clipped] View entire message"); newsletters stay well under this.
 */
export const MAX_HTML_BYTES = 1024 * 1024;
/** A plain-text body past this is not shown either (it would be escaped into the viewer). */
export const MAX_TEXT_BYTES = 4 * 1024 * 1024;

/** CSS, per message (all `<style>` elements and `style` attributes together). */
export const CSS_LIMITS = {
  /** CSS text sanitised; rules past it are dropped. */
  maxBytes: 512 * 1024,
  /** Style rules and at-rules kept; the ones past it are dropped. */
  maxRules: 5_000,
  /** Declarations kept; the ones past it are dropped. */
  maxDeclarations: 25_000,
  /** `{}` blocks inside one another (at-rules and CSS nesting): `@media{@supports{p{}}}` is 3. */
  maxBlockDepth: 8,
  /** Parentheses, brackets and functions inside one another, in a selector or a value: `:is(:not(a))` is 2. */
  maxParenDepth: 16,
  /** Tokens in one rule (its selector and its declarations); a longer rule is dropped. */
  maxTokensPerRule: 20_000,
} as const;

/** Rendering (parse + sanitise) runs off the request thread, in a worker pool. */
export const RENDER_LIMITS = {
  /** A render still running after this is stopped (its worker thread is terminated) and refused. */
  timeLimitMs: 1_500,
  /**
   * Worker threads, each holding its own jsdom: one core is left to the event loop that answers
   * every other request, the rest render (at least one thread, at most four).
   */
  maxThreads: Math.min(4, Math.max(1, availableParallelism() - 1)),
  /** Renders waiting for a worker; past it a request answers RESOURCE_EXHAUSTED. */
  maxWaiting: 32,
  /** Heap of one worker thread; a message that needs more is refused, the server is unaffected. */
  workerHeapMb: 512,
} as const;

/**
 * The reading pane asks twice for one message (getEmailContent for headers and attachments, the
 * viewer document for the body): one render answers both. Rendered mail stays only in memory,
 * only briefly, and never on disk (DESIGN §1).
 */
export const RENDER_CACHE_LIMITS = {
  ttlMs: 30_000,
  maxEntries: 64,
  /** Rendered HTML and text held at once, in bytes (UTF-16 string length × 2). */
  maxBytes: 64 * 1024 * 1024,
} as const;
