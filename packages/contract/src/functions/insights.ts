import { z } from 'zod';
import { defineFn } from '../define.ts';
import { timeZoneSchema, weekStartSchema } from './settings.ts';

/** The longest range /insights computes in one call (a custom range of a year and a day). */
export const INSIGHTS_MAX_DAYS = 366;
/** The presets of the range switch; custom ranges are any from/to within INSIGHTS_MAX_DAYS. */
export const INSIGHTS_PRESET_DAYS = [7, 30, 90] as const;
/** A list or newsletter read less than this share of the time is a candidate to unsubscribe from. */
export const UNSUBSCRIBE_CANDIDATE_READ_RATE = 0.2;
/** How many senders, domains and lists the page shows. */
export const INSIGHTS_TOP_COUNT = 10;

const calendarDate = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a calendar date such as 2026-11-26`)
    .refine((value) => {
      const [y, m, d] = value.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    }, `${what} is not a day of the calendar`);

/** Whole days from one calendar date to another (both YYYY-MM-DD), counting both ends. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const insightsRequestSchema = z
  .object({
    /** First day of the range, in the time zone (inclusive). */
    from: calendarDate('from'),
    /** Last day of the range, in the time zone (inclusive). */
    to: calendarDate('to'),
    /** The zone whose calendar days and hours the figures use; the user's setting when omitted. */
    tz: timeZoneSchema.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const days = daysInRange(value.from, value.to);
    if (!Number.isFinite(days)) return;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (days > INSIGHTS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `a range is at most ${INSIGHTS_MAX_DAYS} days` });
  });

/** A duration's distribution: how many, the median and the 90th percentile (nearest rank), in ms. */
export const durationStatsSchema = z.object({
  count: z.number().int(),
  medianMs: z.number().nullable(),
  p90Ms: z.number().nullable(),
});
export type DurationStats = z.infer<typeof durationStatsSchema>;

export const insightsDaySchema = z.object({
  /** The calendar day in the time zone, YYYY-MM-DD. */
  date: z.string(),
  /** Messages that arrived that day (not sent by the user, not drafts). */
  received: z.number().int(),
  /** Messages the user sent that day. */
  sent: z.number().int(),
  /** Of the day's received messages, how many are read now, and how many still unread. */
  read: z.number().int(),
  unread: z.number().int(),
  /**
   * The unread backlog at the end of the day as far as the store can tell: received messages
   * still unread now that had arrived by then. (Gmail keeps no history of when a message was
   * read, so messages read since are not in it.)
   */
  backlog: z.number().int(),
  /** The day's received messages by bundle id (`none`: in no bundle, or not sorted yet); only bundles with mail that day. */
  byBundle: z.record(z.string(), z.number().int()),
});
export type InsightsDay = z.infer<typeof insightsDaySchema>;

/** A sender or a domain: volume, how much of it is read, and how the user answers it. */
export const correspondentStatsSchema = z.object({
  /** The address (senders) or the domain (domains), lower-cased. */
  key: z.string(),
  /** A display name seen on their mail (senders only). */
  name: z.string().nullable(),
  received: z.number().int(),
  read: z.number().int(),
  /** Messages of theirs the user replied to. */
  replied: z.number().int(),
  /** Median time from their message to the user's reply; null without replies. */
  medianReplyMs: z.number().nullable(),
});
export type CorrespondentStats = z.infer<typeof correspondentStatsSchema>;

/** A mailing list or newsletter (List-Id, or a sender with List-Unsubscribe). */
export const listStatsSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** The address most of its mail comes from. */
  sender: z.string().nullable(),
  received: z.number().int(),
  read: z.number().int(),
  /** Offers one-click unsubscribe (List-Unsubscribe). */
  unsubscribable: z.boolean(),
  /** Read less than UNSUBSCRIBE_CANDIDATE_READ_RATE of the time. */
  candidate: z.boolean(),
});
export type ListStats = z.infer<typeof listStatsSchema>;

/** What Mailroom did, an action at a time, with the estimate of the time it saved. */
export const mailroomActionSchema = z.enum(['quarantined', 'trashed', 'archived', 'markedRead', 'unsubscribed', 'repliesFromSuggestions']);
export type MailroomAction = z.infer<typeof mailroomActionSchema>;

export const mailroomActivitySchema = z.object({
  /** Counted from then (ISO): the start of the range, or 30 days ago when the range starts earlier (the action log is kept 30 days). */
  countedSince: z.string(),
  /** Whether the range reaches back further than the action log is kept. */
  truncated: z.boolean(),
  /** Messages changed by Mailroom's bulk actions and replies sent from it, net of what was restored. */
  actions: z.array(
    z.object({
      action: mailroomActionSchema,
      count: z.number().int(),
      /** The per-action seconds used (the user's setting). */
      seconds: z.number(),
      /** count × seconds. */
      savedSeconds: z.number(),
    }),
  ),
  /** Messages put back by Undo. */
  restored: z.number().int(),
  /** Replies sent through Mailroom, and how many of them started from a suggestion. */
  repliesSent: z.number().int(),
  /**
   * Of the unsubscribes asked in the range (one-click accepted, mail sent, page opened; issue 17),
   * how many the watch confirmed stopped (no mail 2 days after) and how many still send.
   */
  unsubscribes: z.object({ stopped: z.number().int(), stillSending: z.number().int() }),
  /** The estimate: the sum of savedSeconds. */
  savedSeconds: z.number(),
});
export type MailroomActivity = z.infer<typeof mailroomActivitySchema>;

export const insightsSchema = z.object({
  range: z.object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    weekStart: weekStartSchema,
    days: z.number().int(),
    /** The instants the range covers: [start, end). */
    startsAt: z.string(),
    endsAt: z.string(),
  }),
  totals: z.object({
    received: z.number().int(),
    sent: z.number().int(),
    read: z.number().int(),
    unread: z.number().int(),
    /** The backlog before the range started (received earlier, still unread). */
    backlogBefore: z.number().int(),
  }),
  days: z.array(insightsDaySchema),
  /** The bundles the range's received mail is in, most mail first, `none` (no bundle) last: the series of the per-day chart by bundle. */
  bundles: z.array(z.object({ id: z.string(), name: z.string(), received: z.number().int() })),
  /** Received messages by weekday (0 Monday ... 6 Sunday) and hour (0-23), in the time zone. */
  heatmap: z.array(z.array(z.number().int())),
  senders: z.array(correspondentStatsSchema),
  domains: z.array(correspondentStatsSchema),
  responseTimes: z.object({
    /** From a message's arrival to the user's first reply to it (messages that arrived in the range). */
    mine: durationStatsSchema,
    /** From the user's message to a correspondent's first answer (the user's messages sent in the range). */
    theirs: durationStatsSchema,
    /** The same by weekday of the message being answered, 0 Monday ... 6 Sunday. */
    byWeekday: z.array(z.object({ weekday: z.number().int(), mine: durationStatsSchema, theirs: durationStatsSchema })),
  }),
  lists: z.array(listStatsSchema),
  mailroom: mailroomActivitySchema,
});
export type Insights = z.infer<typeof insightsSchema>;

/** /insights: what a person would rather look at than read, from message metadata. */
export const insightsFunctions = {
  getInsights: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'Figures about the signed-in user’s mail between two calendar days (inclusive) in a time zone (their setting by default), from message metadata only: volume per day, read and unread, the unread backlog, a weekday × hour heatmap, top senders and domains, reply rates and response times, lists by read rate, and what Mailroom did with a time-saved estimate from the user’s per-action seconds. INVALID_ARGUMENT names the field of a bad range (to before from, over 366 days) or zone.',
    request: insightsRequestSchema,
    response: insightsSchema,
  }),
} as const;
