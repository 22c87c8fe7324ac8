import { z } from 'zod';
import { defineFn } from '../define.ts';
import { UNDO_SEND_DEFAULT_MS, UNDO_SEND_MAX_MS, UNDO_SEND_MIN_MS } from '../promises.ts';
import { noArgs } from './common.ts';

/**
 * Per-user settings: one typed, versioned document in sections. A feature that needs a setting
 * adds a field to its section here (with its default in DEFAULT_SETTINGS); a field the user
 * never set takes its default, so adding one needs no data migration. Changing the meaning of a
 * stored field means raising SETTINGS_VERSION and upgrading old documents on the server
 * (features/settings/service.ts).
 */
export const SETTINGS_VERSION = 1;

/** IANA zone names as Intl knows them: "Area/Location" (or "UTC"), never a bare offset. */
const IANA_ZONE_NAME = /^(?:[A-Za-z][A-Za-z0-9_+-]*)(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * An IANA time zone name, checked against the platform's time zone database (Intl), and
 * canonicalised: "europe/paris" is "Europe/Paris".
 */
export const timeZoneSchema = z
  .string()
  .max(64)
  .transform((value, ctx) => {
    const canonical = IANA_ZONE_NAME.test(value) ? canonicalTimeZone(value) : null;
    if (canonical) return canonical;
    ctx.addIssue({ code: 'custom', message: `"${value.slice(0, 64)}" is not an IANA time zone name such as Europe/Paris or America/New_York` });
    return z.NEVER;
  });

/** The zone's canonical name, or null when Intl does not know it. */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The first day of the week in calendars, "this week" and weekly insights. */
export const weekStartSchema = z.enum(['monday', 'sunday', 'saturday']);
export type WeekStart = z.infer<typeof weekStartSchema>;

/** Where spoken commands are recognised (settings.voice.recognizer). */
export const voiceRecognizerSchema = z.enum(['offline', 'browser', 'typing']);
export type VoiceRecognizerChoice = z.infer<typeof voiceRecognizerSchema>;

/** Who set the time zone: nobody yet (the default), the browser at sign-in, or the user. */
export const timeZoneSourceSchema = z.enum(['default', 'detected', 'chosen']);

/** A time of day, "HH:MM" on a 24-hour clock. */
export const clockTimeSchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day such as 22:00');

/** Seconds an action would take by hand, for the time-saved estimate: 0 to an hour. */
const timeSavedSeconds = z.number().min(0).max(3600);

const sections = {
  /** The user's calendar: what "today", `newer_than:` and dates in category queries mean. */
  account: { timeZone: z.string(), weekStart: weekStartSchema },
  /**
   * Notifications (issue 20): which events notify (in the bell and by push), and quiet hours in
   * the user's time zone, during which pushes wait (the bell still lists the events).
   */
  notifications: {
    newMail: z.boolean(),
    digestReady: z.boolean(),
    bulkAction: z.boolean(),
    accountProblem: z.boolean(),
    syncFailing: z.boolean(),
    quietHours: z.boolean(),
    /** "HH:MM" (24-hour) in settings.account.timeZone; start after end spans midnight. */
    quietStart: clockTimeSchema,
    quietEnd: clockTimeSchema,
  },
  /** Reading and sending mail. */
  mail: {
    /** How long a reply waits before it goes, so Undo can stop it (issue 15). */
    undoSendDelayMs: z.number().int().min(UNDO_SEND_MIN_MS).max(UNDO_SEND_MAX_MS),
    /** The order mail lists open in. */
    defaultSort: z.enum(['date', 'priority']),
    /** The hour of the day (in the user's zone) the daily digest is made (issue 19). */
    digestHour: z.number().int().min(0).max(23),
    /** Whether the digest is also sent by email. */
    digestEmail: z.boolean(),
  },
  /** The AI features (issues 13-15 add theirs here: the optional model for drafts, ...). */
  ai: {},
  /** Voice control (issue 16). */
  voice: {
    /**
     * What turns speech into commands and dictation: `offline`, the server's own recogniser
     * (nothing leaves the server; the default where it is installed); `browser`, the browser's
     * Web Speech API (the browser vendor may process the audio); `typing`, no microphone at all
     * (the command palette). Typed commands work whatever is chosen.
     */
    recognizer: voiceRecognizerSchema,
  },
  /**
   * /insights' "time saved" estimate (issue 18): the seconds the user reckons each action would
   * have taken by hand. Shown beside the estimate and editable there; never a measured figure.
   */
  insights: {
    secondsPerQuarantined: timeSavedSeconds,
    secondsPerTrashed: timeSavedSeconds,
    secondsPerArchived: timeSavedSeconds,
    secondsPerMarkedRead: timeSavedSeconds,
    secondsPerUnsubscribed: timeSavedSeconds,
    secondsPerReplyFromSuggestion: timeSavedSeconds,
  },
};

export const userSettingsSchema = z.object({
  account: z.object(sections.account),
  notifications: z.object(sections.notifications),
  mail: z.object(sections.mail),
  ai: z.object(sections.ai),
  voice: z.object(sections.voice),
  insights: z.object(sections.insights),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
export type SettingsSection = keyof UserSettings;

/**
 * What a user who never changed anything has. The time zone until the browser reports one is
 * Pacific time: that is how Gmail's own search reads a bare date (DESIGN §5), so a query means
 * what it means in Gmail until Mailroom knows better.
 */
export const DEFAULT_SETTINGS: UserSettings = {
  account: { timeZone: 'America/Los_Angeles', weekStart: 'monday' },
  notifications: {
    newMail: true,
    digestReady: true,
    bulkAction: true,
    accountProblem: true,
    syncFailing: true,
    quietHours: false,
    quietStart: '22:00',
    quietEnd: '07:00',
  },
  mail: { undoSendDelayMs: UNDO_SEND_DEFAULT_MS, defaultSort: 'date', digestHour: 7, digestEmail: false },
  ai: {},
  voice: { recognizer: 'offline' },
  // A guess at handling one message by hand (open or select it, act), at finding and following a
  // list's unsubscribe link, and at writing a short reply.
  insights: { secondsPerQuarantined: 4, secondsPerTrashed: 4, secondsPerArchived: 3, secondsPerMarkedRead: 2, secondsPerUnsubscribed: 60, secondsPerReplyFromSuggestion: 60 },
};

/** A change to some fields of some sections; what is not named stays as it is. */
export const settingsPatchSchema = z
  .object({
    account: z.object({ timeZone: timeZoneSchema, weekStart: weekStartSchema }).partial().strict(),
    notifications: z.object(sections.notifications).partial().strict(),
    mail: z.object(sections.mail).partial().strict(),
    ai: z.object(sections.ai).partial().strict(),
    voice: z.object(sections.voice).partial().strict(),
    insights: z.object(sections.insights).partial().strict(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

export const settingsResultSchema = z.object({
  version: z.number().int(),
  settings: userSettingsSchema,
  timeZoneSource: timeZoneSourceSchema,
});
export type SettingsResult = z.infer<typeof settingsResultSchema>;

/** The signed-in user's settings. */
export const settingsFunctions = {
  getSettings: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'The signed-in user’s settings, every field filled (defaults where the user set nothing), and who set the time zone.',
    request: noArgs,
    response: settingsResultSchema,
  }),
  updateSettings: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Changes some settings and answers all of them. A bad value answers INVALID_ARGUMENT naming the field (an unknown time zone, a delay out of range). With `detected: true` the time zone is the browser’s, applied only while the user has not chosen one.',
    request: z
      .object({
        patch: settingsPatchSchema,
        /** The time zone in this patch was detected by the browser, not chosen: it never replaces a chosen one. */
        detected: z.boolean().optional(),
      })
      .strict(),
    response: settingsResultSchema,
  }),
} as const;
