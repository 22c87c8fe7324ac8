/**
 * Voice commands (issue 16), pure and offline: text (what was said or typed) -> intent + slots;
 * the rule for confirming destructive bulk actions; the recogniser's command grammar.
 */
export * from './intents.ts';
export {
  closestVoiceCommands,
  createVoiceParser,
  parseVoiceCommand,
  ACCEPT_SCORE,
  ACCEPT_SCORE_DESTRUCTIVE,
  DESTRUCTIVE_MARGIN,
  MAX_COMMAND_WORDS,
  type ParseOptions,
  type ParseResult,
  type VoiceHint,
  type VoiceParser,
} from './parse.ts';
export { needsConfirmation, confirmationQuestion, confirmationAnswer, CONFIRMED_BULK_INTENTS } from './confirm.ts';
export { commandGrammar, spokenLeadIns, SPOKEN_CLOSINGS, OUT_OF_GRAMMAR_PREFIX, OUT_OF_GRAMMAR_WORDS, SPOKEN_SEARCH_TRIGGERS, type CommandGrammar, type GrammarOptions } from './grammar.ts';
export { spokenForms } from './text.ts';
export { spellingSimilarity } from './similarity.ts';
