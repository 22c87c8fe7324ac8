import { composeSuggestions } from './compose.ts';
import { extractNewText } from './quote.ts';
import { decideTrigger } from './trigger.ts';
import { understandMessage } from './understand.ts';
import type { ReplyInput, ReplySuggestions } from './types.ts';

/**
 * Smart replies for one message: whether to suggest at all (with the reason), what the message
 * asks, and three short replies in the user's style. Pure and synchronous; the caller fetches
 * the message (never storing its body) and supplies the thread summary and style profile.
 */
export function suggestReplies(input: ReplyInput): ReplySuggestions {
  const newText = extractNewText(input.message.text);
  const decision = decideTrigger(input, newText);
  if (!decision.trigger) return { ...decision, understanding: null, suggestions: [] };
  const understanding = understandMessage(input.message, newText.text, input.now ?? input.message.date ?? undefined);
  const seed = input.message.messageId ?? `${input.message.subject}\n${newText.text.slice(0, 200)}`;
  const suggestions = composeSuggestions(understanding, input.style, seed);
  const { questionShape: _shape, echo: _echo, wantsThing: _wants, delivered: _delivered, ...publicUnderstanding } = understanding;
  return { ...decision, understanding: publicUnderstanding, suggestions };
}
