import { typoDistance } from './edits.ts';
import { labelKey, listIdentifier, words, type LabelInfo, type MessageMeta } from '@mailroom/mail-query';

/**
 * What the translator may know about a mailbox: the people in it (display names with the
 * addresses they were seen with, and how often), its mailing lists and its user labels.
 * Everything here is header metadata; no message content.
 */
export interface DirectoryEntry {
  /** A display name as seen in From, To or Cc (null when the address came without one). */
  name: string | null;
  address: string;
  /** How many times this name and address were seen together. */
  count: number;
}

export interface MailingList {
  /** The list identifier (RFC 2919 List-Id, the part in angle brackets), e.g. `exmh-users.example.org`. */
  id: string;
  /** The List-Id's description, e.g. `Discussion list for EXMH users`. */
  name?: string | null;
  count?: number;
}

export interface SearchDirectory {
  people: DirectoryEntry[];
  lists: MailingList[];
  /** User label names, e.g. `Work/Projects`. */
  labels: string[];
}

/**
 * Builds the directory of a mailbox from its messages' metadata: senders and recipients (From,
 * To, Cc, Bcc) by name and address with counts, List-Id lists with counts, and the user labels.
 */
export function buildSearchDirectory(messages: Iterable<MessageMeta>, labels: readonly LabelInfo[] = []): SearchDirectory {
  const people = new Map<string, DirectoryEntry>();
  const lists = new Map<string, MailingList & { count: number }>();
  for (const message of messages) {
    for (const role of [message.from, message.to, message.cc, message.bcc]) {
      for (const person of role) {
        const address = person.address.trim().toLowerCase();
        if (!address) continue;
        const name = cleanName(person.name);
        const key = `${name ?? ''}\u0000${address}`;
        const entry = people.get(key);
        if (entry) entry.count++;
        else people.set(key, { name, address, count: 1 });
      }
    }
    const id = listIdentifier(message.listId)?.toLowerCase();
    if (id) {
      const list = lists.get(id);
      if (list) list.count++;
      else lists.set(id, { id, name: listDescription(message.listId as string), count: 1 });
    }
  }
  return {
    people: [...people.values()].sort((a, b) => b.count - a.count),
    lists: [...lists.values()].sort((a, b) => b.count - a.count),
    labels: labels.map((l) => l.name),
  };
}

/** How often a display name and an address were seen together, as a store counts them (GROUP BY). */
export interface CorrespondentCount {
  name: string | null;
  address: string;
  count: number;
}

/** How many messages carry a List-Id header value, as a store counts them. */
export interface ListIdCount {
  /** The List-Id header as stored (`Discussion list <exmh-users.example.org>`). */
  listId: string;
  count: number;
}

/**
 * The same directory as buildSearchDirectory, from counts a store computes with aggregates
 * (GROUP BY name, address over From, To, Cc and Bcc; GROUP BY List-Id) instead of from every
 * message: names and addresses are cleaned and merged exactly as there, and ties in the counts
 * are broken by address or identifier, so the order never depends on the store's row order.
 */
export function searchDirectoryFromCounts(
  correspondents: Iterable<CorrespondentCount>,
  listIds: Iterable<ListIdCount>,
  labels: readonly LabelInfo[] = [],
): SearchDirectory {
  const people = new Map<string, DirectoryEntry>();
  for (const row of correspondents) {
    const address = row.address.trim().toLowerCase();
    const count = Number(row.count);
    if (!address || !(count > 0)) continue;
    const name = cleanName(row.name);
    const key = `${name ?? ''}\u0000${address}`;
    const entry = people.get(key);
    if (entry) entry.count += count;
    else people.set(key, { name, address, count });
  }
  const lists = new Map<string, MailingList & { count: number }>();
  for (const row of listIds) {
    const id = listIdentifier(row.listId)?.toLowerCase();
    const count = Number(row.count);
    if (!id || !(count > 0)) continue;
    const list = lists.get(id);
    if (list) {
      list.count += count;
      list.name ??= listDescription(row.listId);
    } else lists.set(id, { id, name: listDescription(row.listId), count });
  }
  return {
    people: [...people.values()].sort((a, b) => b.count - a.count || a.address.localeCompare(b.address) || (a.name ?? '').localeCompare(b.name ?? '')),
    lists: [...lists.values()].sort((a, b) => b.count - a.count || a.id.localeCompare(b.id)),
    labels: labels.map((l) => l.name),
  };
}

/** A display name without the quotes some mailers leave around it; null when empty. */
function cleanName(name: string | null): string | null {
  if (!name) return null;
  const trimmed = name.trim().replace(/^['"]+|['"]+$/gu, '').trim();
  return trimmed && trimmed.toLowerCase() !== 'null' ? trimmed : null;
}

function listDescription(listId: string): string | null {
  const lt = listId.indexOf('<');
  const text = (lt >= 0 ? listId.slice(0, lt) : '').trim().replace(/^"|"$/gu, '').trim();
  return text || null;
}

// ---------------------------------------------------------------------------------------------
// People

interface AddressInfo {
  address: string;
  /** Display names seen with the address: words and count. */
  names: Array<{ words: string[]; count: number }>;
  /** Times seen without a display name. */
  unnamed: number;
  addressWords: Set<string>;
  total: number;
}

export interface PersonResolution {
  /** Some correspondent carries these words in a name or an address. */
  known: boolean;
  /**
   * Addresses of the person that `from:word` alone would miss: seen with a name made of these
   * words but also without it (no name, or another name). Sorted by how often they were seen
   * with the name; at most MAX_EXTRA_ADDRESSES.
   */
  extraAddresses: string[];
  /** When the words are not in the directory but close to a name in it: those names' words. */
  closeNames: string[];
  /**
   * Set when the words are a person's name that also matches other correspondents only through
   * their domain ("wayne" is Wayne Baisley, and also brose@med.wayne.edu): the addresses seen
   * with the name, to search instead of the words. Never for an organisation's name, whose own
   * addresses carry it ("amazon" for orders@amazon.com).
   */
  ownAddresses?: string[];
}

/** See PeopleIndex.isRegularName. */
const REGULAR_NAME_COUNT = 5;

/** A name with more own addresses than this is searched by its words. */
const MAX_OWN_ADDRESSES = 6;

/** More addresses than this for one name make a query too long to read as a chip. */
const MAX_EXTRA_ADDRESSES = 4;
/**
 * An address seen with a name in fewer than half of its named appearances, among several other
 * names, is not that person's: shared addresses (feeds, lists that rewrite From, role accounts)
 * carry many names.
 */
const OWN_ADDRESS_SHARE = 0.5;

export class PeopleIndex {
  private readonly byWord = new Map<string, Set<AddressInfo>>();
  /** Words that occur in display names, with how often. */
  private readonly nameWords = new Map<string, number>();
  /** Words that occur in display names, with the most messages one correspondent had under such a name. */
  private readonly nameWordPeak = new Map<string, number>();
  private sortedNameWords: string[] | null = null;

  constructor(entries: readonly DirectoryEntry[]) {
    const byAddress = new Map<string, AddressInfo>();
    for (const entry of entries) {
      const address = entry.address.toLowerCase();
      let info = byAddress.get(address);
      if (!info) {
        info = { address, names: [], unnamed: 0, addressWords: new Set(words(address)), total: 0 };
        byAddress.set(address, info);
        for (const w of info.addressWords) this.add(w, info);
      }
      const count = Math.max(1, entry.count);
      info.total += count;
      const nameWords = entry.name ? words(entry.name) : [];
      if (nameWords.length === 0) {
        info.unnamed += count;
        continue;
      }
      info.names.push({ words: nameWords, count });
      for (const w of nameWords) {
        this.add(w, info);
        this.nameWords.set(w, (this.nameWords.get(w) ?? 0) + count);
        this.nameWordPeak.set(w, Math.max(this.nameWordPeak.get(w) ?? 0, count));
      }
    }
  }

  private add(word: string, info: AddressInfo): void {
    let set = this.byWord.get(word);
    if (!set) {
      set = new Set();
      this.byWord.set(word, set);
    }
    set.add(info);
  }

  /** Whether a word is part of some correspondent's display name. */
  isNameWord(word: string): boolean {
    return this.nameWords.has(word);
  }

  /**
   * Whether a word is the name of someone the mailbox hears from regularly: one correspondent
   * had at least REGULAR_NAME_COUNT messages under a display name with it. A name said bare
   * ("padraig emails") must be one; a topic word that only some one-off sender's display name
   * happens to carry ("URGENT NOTICE", "CNET Hardware Newsletter") is not.
   */
  isRegularName(word: string): boolean {
    return (this.nameWordPeak.get(word) ?? 0) >= REGULAR_NAME_COUNT;
  }

  /** Whether some correspondent's name or address has every one of these words. */
  has(nameWords: readonly string[]): boolean {
    return this.candidates(nameWords).size > 0;
  }

  private candidates(nameWords: readonly string[]): Set<AddressInfo> {
    let result: Set<AddressInfo> | null = null;
    for (const w of nameWords) {
      const set = this.byWord.get(w);
      if (!set) return new Set();
      if (result === null) result = new Set(set);
      else for (const info of result) if (!set.has(info)) result.delete(info);
    }
    return result ?? new Set();
  }

  resolve(nameWords: readonly string[]): PersonResolution {
    const candidates = this.candidates(nameWords);
    // Initials alone ("r") name nobody in particular.
    if (nameWords.every((w) => w.length === 1)) return { known: candidates.size > 0, extraAddresses: [], closeNames: [] };
    if (candidates.size > 0) {
      const own = this.ownAddresses(candidates, nameWords);
      if (own) return { known: true, extraAddresses: [], closeNames: [], ownAddresses: own };
      return { known: true, extraAddresses: this.extras(candidates, [nameWords]), closeNames: [] };
    }
    if (nameWords.length !== 1) return { known: false, extraAddresses: [], closeNames: [] };
    const close = this.closeNameWords(nameWords[0] as string);
    if (close.length === 0) return { known: false, extraAddresses: [], closeNames: [] };
    const all = new Set<AddressInfo>();
    for (const w of close) for (const info of this.byWord.get(w) ?? []) all.add(info);
    return { known: true, extraAddresses: this.extras(all, close.map((w) => [w])), closeNames: close };
  }

  private ownAddresses(candidates: Set<AddressInfo>, nameWords: readonly string[]): string[] | null {
    const personal: AddressInfo[] = [];
    let domainOnly = 0;
    for (const info of candidates) {
      const [local = '', domain = ''] = info.address.split(/@(?=[^@]*$)/u);
      const localWords = new Set(words(local));
      const domainWords = new Set(words(domain));
      const named = info.names.some((n) => nameWords.every((w) => n.words.includes(w)));
      if (named || nameWords.every((w) => localWords.has(w))) {
        // An organisation: its own address carries the name.
        if (nameWords.some((w) => domainWords.has(w))) return null;
        personal.push(info);
      } else if (nameWords.some((w) => domainWords.has(w))) domainOnly++;
    }
    if (domainOnly === 0 || personal.length === 0 || personal.length > MAX_OWN_ADDRESSES) return null;
    return personal.sort((a, b) => b.total - a.total || a.address.localeCompare(b.address)).map((i) => i.address);
  }

  private extras(candidates: Set<AddressInfo>, alternatives: ReadonlyArray<readonly string[]>): string[] {
    const scored: Array<{ address: string; score: number }> = [];
    for (const info of candidates) {
      // Already matched by the words themselves (`from:rohit` matches rohit@knownow.com).
      if (alternatives.some((alt) => alt.every((w) => info.addressWords.has(w)))) continue;
      let withName = 0;
      let named = 0;
      const otherNames = new Set<string>();
      for (const n of info.names) {
        named += n.count;
        if (alternatives.some((alt) => alt.every((w) => n.words.includes(w)))) withName += n.count;
        else otherNames.add(n.words.join(' '));
      }
      // Shared: the name is a minority among several others (a nickname alone is fine).
      if (withName === 0 || (withName / named < OWN_ADDRESS_SHARE && otherNames.size > 1)) continue;
      // Seen only with the name: `from:name` already finds every message of this address.
      if (withName === info.total) continue;
      scored.push({ address: info.address, score: withName });
    }
    scored.sort((a, b) => b.score - a.score || a.address.localeCompare(b.address));
    return scored.slice(0, MAX_EXTRA_ADDRESSES).map((s) => s.address);
  }

  /**
   * Name words that a word the directory does not know probably means: those it begins
   * ("rob" -> robert) or, failing that, those within one edit (two for long words). At most
   * three, the most frequent first.
   */
  private closeNameWords(word: string): string[] {
    if (word.length < 3 || !/^\p{L}+$/u.test(word)) return [];
    if (!this.sortedNameWords) this.sortedNameWords = [...this.nameWords.keys()].sort();
    const sorted = this.sortedNameWords;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] as string) < word) lo = mid + 1;
      else hi = mid;
    }
    const prefixed: string[] = [];
    for (let k = lo; k < sorted.length && (sorted[k] as string).startsWith(word); k++) prefixed.push(sorted[k] as string);
    let found = prefixed;
    if (found.length === 0 && word.length >= 4) {
      const allowed = word.length >= 8 ? 2 : 1;
      found = [];
      for (const candidate of sorted) {
        if (Math.abs(candidate.length - word.length) > allowed || candidate[0] !== word[0]) continue;
        if (typoDistance(candidate, word) <= allowed) found.push(candidate);
      }
    }
    return found.sort((a, b) => (this.nameWords.get(b) ?? 0) - (this.nameWords.get(a) ?? 0)).slice(0, 3);
  }
}

// ---------------------------------------------------------------------------------------------
// Lists

interface ListInfo {
  id: string;
  idWords: string[];
  /** Words of the identifier's first label, the list's own name (`spamassassin-talk`). */
  ownWords: string[];
  /** Description words and acronyms ("Irish Linux Users' Group" -> ilug). */
  nameWords: Set<string>;
}

/** Up to this many lists are named one by one (`list:exmh-users.example.org OR ...`). */
const MAX_LIST_IDS = 4;

export type ListResolution = { kind: 'phrase'; value: string } | { kind: 'ids'; ids: string[] };

export class ListIndex {
  private readonly lists: ListInfo[];
  private readonly idWords = new Set<string>();
  constructor(lists: readonly MailingList[]) {
    this.lists = lists.map((l) => {
      const idWords = words(l.id);
      for (const w of idWords) this.idWords.add(w);
      const described = l.name ? words(l.name) : [];
      const nameWords = new Set(described);
      for (let k = 3; k <= described.length; k++) nameWords.add(described.slice(0, k).map((w) => w[0]).join(''));
      return { id: l.id.toLowerCase(), idWords, ownWords: words(l.id.split('.')[0] ?? ''), nameWords };
    });
  }

  get size(): number {
    return this.lists.length;
  }

  /** Whether a word is part of some list's own name, the identifier's first label (`exmh`). */
  isListName(word: string): boolean {
    return this.lists.some((l) => l.ownWords.includes(word));
  }

  /** Whether a word is part of some list's identifier (e.g. `exmh`, `razor`). */
  isListWord(word: string): boolean {
    return this.idWords.has(word);
  }

  /**
   * The lists a name means. Lists whose identifier has all the words win over lists whose
   * description does; when one `list:` phrase finds exactly those lists, it is that phrase.
   */
  resolve(nameWords: readonly string[]): ListResolution | null {
    if (nameWords.length === 0) return null;
    // The list's own name first ("spamassassin" is spamassassin-talk, not exmh-users on the
    // spamassassin.taint.org host), then the whole identifier ("freshrpms").
    const byOwnName = this.lists.filter((l) => nameWords.every((w) => l.ownWords.includes(w)));
    const byId = byOwnName.length > 0 ? byOwnName : this.lists.filter((l) => nameWords.every((w) => l.idWords.includes(w)));
    if (byId.length > 0) {
      // A few lists are named exactly; many by one phrase when that phrase finds no others.
      if (byId.length <= MAX_LIST_IDS) return { kind: 'ids', ids: byId.map((l) => l.id) };
      const phraseFinds = this.lists.filter((l) => containsRun(l.idWords, nameWords));
      if (phraseFinds.length === byId.length) return { kind: 'phrase', value: nameWords.join('-') };
      return { kind: 'ids', ids: byId.slice(0, 8).map((l) => l.id) };
    }
    const byName = this.lists.filter((l) => nameWords.every((w) => l.idWords.includes(w) || l.nameWords.has(w)));
    if (byName.length > 0) return { kind: 'ids', ids: byName.slice(0, 8).map((l) => l.id) };
    return null;
  }
}

function containsRun(haystack: readonly string[], run: readonly string[]): boolean {
  outer: for (let i = 0; i + run.length <= haystack.length; i++) {
    for (let j = 0; j < run.length; j++) if (haystack[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Labels

export class LabelIndex {
  private readonly labels: Array<{ name: string; words: string[] }>;
  constructor(labels: readonly string[]) {
    this.labels = labels.map((name) => ({ name, words: words(name) }));
  }

  get size(): number {
    return this.labels.length;
  }

  /** Labels whose name has every one of the words; a label named exactly so wins. */
  resolve(nameWords: readonly string[]): string[] {
    if (nameWords.length === 0) return [];
    const exact = this.labels.filter((l) => l.words.length === nameWords.length && l.words.every((w, k) => w === nameWords[k]));
    if (exact.length > 0) return exact.map((l) => l.name);
    return this.labels.filter((l) => nameWords.every((w) => l.words.includes(w))).map((l) => l.name);
  }

  /** A label named exactly these words (`work projects` for `Work/Projects`). */
  exact(nameWords: readonly string[]): string | null {
    const found = this.labels.find((l) => l.words.length === nameWords.length && l.words.every((w, k) => w === nameWords[k]));
    return found ? found.name : null;
  }

  /** Whether some label name starts with this word (so it may begin a label's name). */
  startsLabel(word: string): boolean {
    return this.labels.some((l) => l.words[0] === word);
  }
}

/** The value to write after `label:` for a label name: its Gmail key when that needs no quotes. */
export function labelValue(name: string): { value: string; quoted: boolean } {
  const key = labelKey(name);
  if (/^[^\s(){}"]+$/u.test(key)) return { value: key, quoted: false };
  return { value: name.replace(/"/gu, ''), quoted: true };
}

// ---------------------------------------------------------------------------------------------

const caches = {
  people: new WeakMap<readonly DirectoryEntry[], PeopleIndex>(),
  lists: new WeakMap<readonly MailingList[], ListIndex>(),
  labels: new WeakMap<readonly string[], LabelIndex>(),
};

/** Indexes are built once per directory array and reused while the caller keeps the array. */
export function peopleIndex(entries: readonly DirectoryEntry[] | undefined): PeopleIndex {
  const list = entries ?? EMPTY_PEOPLE;
  let index = caches.people.get(list);
  if (!index) {
    index = new PeopleIndex(list);
    caches.people.set(list, index);
  }
  return index;
}

export function listIndex(lists: readonly MailingList[] | undefined): ListIndex {
  const list = lists ?? EMPTY_LISTS;
  let index = caches.lists.get(list);
  if (!index) {
    index = new ListIndex(list);
    caches.lists.set(list, index);
  }
  return index;
}

export function labelIndex(labels: readonly string[] | undefined): LabelIndex {
  const list = labels ?? EMPTY_LABELS;
  let index = caches.labels.get(list);
  if (!index) {
    index = new LabelIndex(list);
    caches.labels.set(list, index);
  }
  return index;
}

const EMPTY_PEOPLE: readonly DirectoryEntry[] = [];
const EMPTY_LISTS: readonly MailingList[] = [];
const EMPTY_LABELS: readonly string[] = [];
