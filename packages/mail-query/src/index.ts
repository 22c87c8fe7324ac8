export type { Address, AttachmentMeta, MessageMeta, LabelInfo, EvaluationContext } from './message.ts';
export * from './ast.ts';
export { QuerySyntaxError } from './errors.ts';
export { parse, MAX_QUERY_DEPTH, MAX_QUERY_TERMS } from './parse.ts';
export { print, printDate } from './print.ts';
export { evaluate, compileMatcher, spamTrashScope, dateThreshold, relativeThreshold, type Matcher } from './evaluate.ts';
export { SYSTEM_LABEL_IDS, CATEGORY_LABEL_IDS, INBOX_TAB_LABEL_IDS, isSystemLabelId, hasUserLabels, systemLabelBit, systemLabelBits } from './labels.ts';
export { words, normalizeText, labelKey, messageIdKey, listIdentifier, listPostAddress, hexKey } from './text.ts';
export { searchFields, type SearchFields } from './search.ts';
export {
  toStoreRow,
  toLabelRow,
  labelColumns,
  fromStoreRow,
  type MessageRow,
  type LabelRow,
  type StoreTables,
  type StoreRowExtra,
} from './store.ts';
export {
  toSql,
  toGmailQuery,
  needsBodyText,
  isHeaderOnly,
  bodyTerms,
  wordIndexLookups,
  type WordIndexPlan,
  type SqlCompilation,
  type SqlContext,
  type UnsupportedTerm,
} from './sql.ts';
export {
  WORD_INDEX_COLUMNS,
  WORD_INDEX_PREFIXES,
  WORD_INDEX_MAX_WORD_BYTES,
  INDEX_ROW_COST,
  POSTING_COST,
  fts5Query,
  fts5Match,
  indexIsCheaper,
  type WordIndex,
  type WordIndexColumn,
  type IndexCut,
} from './word-index.ts';
export { wallClock, startOfDay, type WallClock } from './dates.ts';
