import { AI_STEP_TIMEOUT_MS, SEARCH_MODEL_CONFIDENCE_BELOW, type WeekStart } from '@mailroom/contract';
import { partsOfEditedQuery, type Translation, type TranslationPart } from '@mailroom/intelligence/search';
import { parse, QuerySyntaxError } from '@mailroom/mail-query';
import { LlmError, type ChatMessage, type LlmProvider } from '../../providers/llm/index.ts';

/**
 * The optional language-model step of search (issue 14): when an OpenAI-compatible model is
 * configured and the local translator understood less than MODEL_CONFIDENCE_BELOW of a request,
 * the model is asked for the Gmail query. Its answer is used only if it is one line that
 * mail-query parses, and only if it came within AI_STEP_TIMEOUT_MS; otherwise the local
 * translation is used and the reason is said. The model receives the request's words, today's
 * date, the time zone and the week start: nothing from the mailbox (no names, no messages).
 */

/** The translator's own hint (its README): below this share of understood words a model may help. */
export const MODEL_CONFIDENCE_BELOW = SEARCH_MODEL_CONFIDENCE_BELOW;

/** Longest query accepted from the model (the contract's limit for a query). */
const MAX_MODEL_QUERY = 2000;
const MAX_MODEL_TOKENS = 200;

export interface ChosenTranslation {
  query: string;
  parts: TranslationPart[];
  translator: 'local' | 'model';
  /** Why the model's proposal was not used; null when it was, or when it was not asked. */
  fallbackReason: string | null;
}

export interface ModelContext {
  now: Date;
  timeZone: string;
  weekStart: WeekStart;
}

/** Answers kept per request for a while, so the same search (a refetch, the next page) gets the same query. */
const KEEP_ANSWER_MS = 10 * 60_000;
const KEEP_FAILURE_MS = 60_000;
const MAX_KEPT = 1000;
const answers = new Map<string, { until: number; chosen: ChosenTranslation }>();

/** Forgets every kept answer (tests). */
export function forgetModelAnswers(): void {
  answers.clear();
}

function local(translation: Translation, fallbackReason: string | null): ChosenTranslation {
  return { query: translation.query, parts: translation.parts, translator: 'local', fallbackReason };
}

/**
 * The translation to use: the local one, or the model's when it is configured, the local one is
 * unsure, and the model answers with a valid query in time. `owner` scopes the kept answers
 * (one user's requests never answer another's).
 */
export async function chooseTranslation(llm: LlmProvider | null, owner: string, request: string, translation: Translation, context: ModelContext): Promise<ChosenTranslation> {
  if (!llm || translation.confidence >= MODEL_CONFIDENCE_BELOW || request.trim() === '') return local(translation, null);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: context.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(context.now);
  const key = [owner, context.timeZone, context.weekStart, day, request.trim()].join('\u0000');
  const nowMs = context.now.getTime();
  const kept = answers.get(key);
  if (kept && kept.until > nowMs) return kept.chosen;

  const chosen = await askModel(llm, request, translation, context);
  if (answers.size >= MAX_KEPT) answers.delete(answers.keys().next().value as string);
  answers.set(key, { until: nowMs + (chosen.translator === 'model' ? KEEP_ANSWER_MS : KEEP_FAILURE_MS), chosen });
  return chosen;
}

async function askModel(llm: LlmProvider, request: string, translation: Translation, context: ModelContext): Promise<ChosenTranslation> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('timeout');
    }, AI_STEP_TIMEOUT_MS);
  });
  let answer: string;
  try {
    const outcome = await Promise.race([
      llm.complete(promptFor(request, context), { signal: controller.signal, maxTokens: MAX_MODEL_TOKENS, temperature: 0 }).then((r) => r.text),
      deadline,
    ]);
    if (outcome === 'timeout') return local(translation, `the language model did not answer within ${AI_STEP_TIMEOUT_MS / 1000} s`);
    answer = outcome;
  } catch (error) {
    if (controller.signal.aborted) return local(translation, `the language model did not answer within ${AI_STEP_TIMEOUT_MS / 1000} s`);
    return local(translation, `the language model could not be asked (${describeFailure(error)})`);
  } finally {
    clearTimeout(timer);
  }

  const query = cleanAnswer(answer);
  if (query === null) return local(translation, 'the language model’s answer was not a single Gmail query');
  try {
    parse(query);
  } catch (error) {
    if (error instanceof QuerySyntaxError) return local(translation, `the language model’s query does not parse (${error.message}, at character ${error.position + 1})`);
    throw error;
  }
  // Chips: the parts the model kept from the local translation keep their words.
  const edited = partsOfEditedQuery(query, translation.parts);
  return { query: edited.query, parts: edited.parts, translator: 'model', fallbackReason: null };
}

function describeFailure(error: unknown): string {
  if (!(error instanceof LlmError)) return 'an unexpected error';
  switch (error.kind) {
    case 'timeout':
      return 'it timed out';
    case 'unreachable':
      return 'it could not be reached';
    case 'auth':
      return 'it refused the API key';
    case 'model-not-found':
      return 'the model is not there';
    case 'rate-limited':
      return 'it is rate-limited';
    case 'server':
      return 'it answered with a server error';
    default:
      return 'its answer was not a chat completion';
  }
}

/**
 * The query in a model's answer: the one line it wrote, without a code fence, a "Query:" label
 * or surrounding quotes. Null when there is no line, more than one, or it is too long.
 */
export function cleanAnswer(text: string): string | null {
  const lines = text
    .replace(/```[a-z]*\n?/giu, '')
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length !== 1) return null;
  let line = (lines[0] as string).replace(/^(?:gmail\s+)?(?:search\s+)?query\s*:\s*/iu, '').trim();
  // A query wrapped in backticks, or in quotes around operators (a quoted phrase alone is a phrase).
  if (/^`[^`]+`$/u.test(line) || /^"[^"]*:[^"]*"$/u.test(line)) line = line.slice(1, -1).trim();
  if (line === '' || line.length > MAX_MODEL_QUERY) return null;
  return line;
}

function promptFor(request: string, context: ModelContext): ChatMessage[] {
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: context.timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(context.now);
  const system = [
    'You turn a person’s request for their Gmail mailbox into one Gmail search query.',
    'Use only Gmail search operators: from:, to:, cc:, bcc:, subject:, list:, label:, category:, is:unread, is:read, is:starred, is:important, in:inbox, in:sent, in:spam, in:trash, in:anywhere, has:attachment, filename:, larger:, smaller:, after:YYYY/MM/DD, before:YYYY/MM/DD, newer_than:Nd, older_than:Nd, OR, -, parentheses and quoted phrases; other words are searched as free text.',
    `Today is ${today} in the time zone ${context.timeZone}; weeks start on ${context.weekStart}. after: is inclusive, before: is exclusive.`,
    'Answer with the query alone, on one line, without explanation.',
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: request },
  ];
}
