/**
 * Natural-language search (issue 14): a person's request in plain English to a Gmail query,
 * with the words each part of the query came from. Pure, offline, browser-safe.
 */
export { translate, MAX_REQUEST_LENGTH, type TranslateOptions, type Translation, type TranslationPart, type PartKind } from './translate.ts';
export {
  buildSearchDirectory,
  searchDirectoryFromCounts,
  type CorrespondentCount,
  type DirectoryEntry,
  type ListIdCount,
  type MailingList,
  type SearchDirectory,
} from './directory.ts';
export { partsOfEditedQuery } from './chips.ts';
export type { Span } from './lexer.ts';
