import * as csstree from 'css-tree';
import { CSS_LIMITS } from './limits.ts';

/**
 * The CSS half of the email sanitiser. Email CSS is hostile input: it can fetch (url(),
 * image-set(), @import), run script in old engines (expression(), behavior, -moz-binding), and
 * exhaust a browser or a regular expression (deep nesting, unclosed functions). It is parsed here
 * with css-tree (a CSS Syntax Level 3 parser) and rebuilt from an allow-list walk of the tree, so
 * what reaches the viewer is CSS that was read as the browser will read it, never text that a
 * pattern happened not to match.
 *
 * - Before parsing, css-tree's tokenizer (linear, no recursion) splits the CSS into top-level
 *   rules and measures each: a rule nested deeper than CSS_LIMITS allows, or too long, is dropped
 *   before the parser (which recurses) sees it. So are rules past the message's byte budget.
 * - Anything the parser could not read (a Raw node: bad syntax, CSS escapes in a function name
 *   such as `u\rl(`, which browsers read as url( but css-tree does not) is dropped, never copied.
 * - Every URL is a fetch: in url(), and as a string in a function that takes URLs (image-set(),
 *   src(), image(), cross-fade()). A declaration holding one survives only when the user chose
 *   "Show images" and the URL is absolute https; otherwise it is dropped and counted as blocked.
 *   var(), env() and attr() inside such a function are dropped too: their value is unknown here.
 * - Names are compared after decoding CSS escapes (CSS Syntax §4.3.7) and written back decoded.
 */

export interface CssBudget {
  bytes: number;
  rules: number;
  declarations: number;
}

export interface CssContext {
  allowRemoteImages: boolean;
  /** What is left of the message's CSS caps; every call spends from it. */
  budget: CssBudget;
  /** Declarations and at-rules removed because they would fetch something. */
  blocked: number;
}

export function newCssBudget(): CssBudget {
  return { bytes: CSS_LIMITS.maxBytes, rules: CSS_LIMITS.maxRules, declarations: CSS_LIMITS.maxDeclarations };
}

const T = csstree.tokenTypes;
const OPENERS = new Map<number, number>([
  [T.Function, T.RightParenthesis],
  [T.LeftParenthesis, T.RightParenthesis],
  [T.LeftSquareBracket, T.RightSquareBracket],
  [T.LeftCurlyBracket, T.RightCurlyBracket],
]);
const SKIPPED_BETWEEN_STATEMENTS = new Set<number>([T.WhiteSpace, T.Comment, T.CDO, T.CDC, T.Semicolon]);

interface Statement {
  start: number;
  end: number;
  withinLimits: boolean;
}

/**
 * Splits CSS into top-level statements (a rule up to its closing `}`, an at-rule up to `;` or
 * its block, or in a style attribute a declaration up to `;`) with css-tree's tokenizer, and
 * marks those within the depth and length caps. Blocks match as in CSS Syntax §5.4.8: a closing
 * token that does not match the innermost open one is an ordinary token.
 */
function splitStatements(css: string, mode: 'stylesheet' | 'declarations'): Statement[] {
  const statements: Statement[] = [];
  const open: number[] = [];
  let start = -1;
  let tokens = 0;
  let curly = 0;
  let paren = 0;
  let tooDeep = false;
  const finish = (end: number) => {
    statements.push({ start, end, withinLimits: !tooDeep && tokens <= CSS_LIMITS.maxTokensPerRule });
    start = -1;
  };
  csstree.tokenize(css, (type, tokenStart, tokenEnd) => {
    if (start === -1) {
      if (SKIPPED_BETWEEN_STATEMENTS.has(type)) return;
      start = tokenStart;
      tokens = 0;
      tooDeep = false;
    }
    tokens++;
    const closer = OPENERS.get(type);
    if (closer !== undefined) {
      open.push(closer);
      if (type === T.LeftCurlyBracket) {
        curly++;
        // A style attribute holds declarations only; a block there is not CSS a browser applies.
        if (curly > CSS_LIMITS.maxBlockDepth || mode === 'declarations') tooDeep = true;
      } else if (++paren > CSS_LIMITS.maxParenDepth) tooDeep = true;
      return;
    }
    if (open.length > 0 && type === open[open.length - 1]) {
      open.pop();
      if (type === T.RightCurlyBracket) curly--;
      else paren--;
      if (open.length === 0 && type === T.RightCurlyBracket && mode === 'stylesheet') finish(tokenEnd);
      return;
    }
    if (open.length === 0 && type === T.Semicolon) finish(tokenEnd);
  });
  // An unclosed block or function runs to the end (CSS Syntax §5.4: EOF closes it).
  if (start !== -1) finish(css.length);
  return statements;
}

/** The statements within the caps and the byte budget, joined; the rest dropped. */
function keptText(css: string, mode: 'stylesheet' | 'declarations', budget: CssBudget): string {
  let source = css;
  let truncated = false;
  if (source.length > budget.bytes) {
    source = source.slice(0, Math.max(0, budget.bytes));
    truncated = true;
  }
  budget.bytes -= source.length;
  const statements = splitStatements(source, mode);
  // A statement cut off by the budget is not the one the sender wrote: drop it.
  if (truncated) statements.pop();
  return statements
    .filter((s) => s.withinLimits)
    .map((s) => source.slice(s.start, s.end))
    .join(mode === 'declarations' ? '' : '\n');
}

type Plain = csstree.CssNodePlain;
type PlainList = Plain[];

/** Functions whose string arguments are URLs (CSS Images 4 §2; CSS Values 4 §4.5 src()). */
const URL_FUNCTIONS = new Set(['url', 'src', 'image', 'image-set', '-webkit-image-set', 'cross-fade', '-webkit-cross-fade']);
/** Functions whose value is unknown until the browser computes it. */
const UNKNOWN_VALUE_FUNCTIONS = new Set(['var', 'env', 'attr', 'if']);
/** Properties that ran script or followed links in old engines (IE behaviours, Gecko XBL bindings, Presto's -o-link). */
const SCRIPT_PROPERTIES = /^(?:-[a-z]+-)?(?:behaviou?r|binding|link|link-source)$/;
/** A script URL as a string, which some engines followed (Presto's `-o-link: "javascript:..."`). */
const SCRIPT_URL = /(?:java|vb)script\s*:/i;
/** At-rules kept; everything else (@import, @font-face, @namespace, @charset ...) is dropped. */
const KEPT_AT_RULES = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes', '-moz-keyframes', 'container', 'layer']);
const PLAIN_NAME = /^-?-?[a-z_][a-z0-9_-]*$/;
const CUSTOM_PROPERTY = /^--[A-Za-z0-9_-]+$/;

/** A name with its CSS escapes decoded, lower-cased; null when it is not a plain ASCII name. */
function plainName(raw: string): string | null {
  const decoded = csstree.ident.decode(raw).toLowerCase();
  return PLAIN_NAME.test(decoded) ? decoded : null;
}

class Dropped extends Error {}
class FetchesSomething extends Error {}

function checkUrl(value: string, ctx: CssContext): void {
  const url = value.trim();
  // Only an absolute https URL, and only once the user allowed images (DESIGN §6).
  if (!ctx.allowRemoteImages || !/^https:\/\/[^\s\\]/i.test(url) || !URL.canParse(url)) throw new FetchesSomething();
}

/** Checks a value tree in place (function names rewritten decoded); throws to drop it. */
function checkValue(node: Plain, ctx: CssContext, inUrlFunction: boolean): void {
  switch (node.type) {
    case 'Raw':
      throw new Dropped();
    case 'Url':
      checkUrl(node.value, ctx);
      return;
    case 'String':
      if (SCRIPT_URL.test(node.value)) throw new Dropped();
      if (inUrlFunction) checkUrl(node.value, ctx);
      return;
    case 'Function': {
      const name = plainName(node.name);
      if (name === null || name === 'expression' || name.includes('javascript')) throw new Dropped();
      node.name = name;
      if (inUrlFunction && UNKNOWN_VALUE_FUNCTIONS.has(name)) throw new FetchesSomething();
      if (name === 'attr' && !node.children.every((c) => c.type === 'Identifier' || c.type === 'WhiteSpace')) throw new Dropped();
      // type("image/avif") in image-set() names a media type, not a URL.
      const urls = name === 'type' ? false : inUrlFunction || URL_FUNCTIONS.has(name);
      for (const child of node.children) checkValue(child, ctx, urls);
      return;
    }
    default:
      if ('children' in node && Array.isArray(node.children)) for (const child of node.children as PlainList) checkValue(child, ctx, inUrlFunction);
  }
}

function keepDeclaration(node: Extract<Plain, { type: 'Declaration' }>, ctx: CssContext): boolean {
  if (ctx.budget.declarations <= 0) return false;
  const property = CUSTOM_PROPERTY.test(node.property) ? node.property : plainName(node.property);
  if (property === null || SCRIPT_PROPERTIES.test(property)) return false;
  node.property = property;
  try {
    checkValue(node.value, ctx, false);
  } catch (error) {
    if (error instanceof FetchesSomething) ctx.blocked++;
    return false;
  }
  ctx.budget.declarations--;
  return true;
}

/** True when a selector or at-rule prelude holds nothing unread and fetches nothing. */
function safePrelude(prelude: Plain | null, ctx: CssContext): boolean {
  if (prelude === null) return true;
  try {
    checkValue(prelude, { ...ctx, allowRemoteImages: false }, false);
    return true;
  } catch {
    return false;
  }
}

function holdsUrl(node: Plain): boolean {
  if (node.type === 'Url') return true;
  if (node.type === 'Function' && plainName(node.name) === 'url') return true;
  for (const value of Object.values(node)) {
    if (Array.isArray(value) && value.some((child) => typeof child === 'object' && child !== null && 'type' in child && holdsUrl(child as Plain))) return true;
    if (typeof value === 'object' && value !== null && 'type' in value && holdsUrl(value as Plain)) return true;
  }
  return false;
}

/** The rules and declarations of a stylesheet or block that survive, in order. */
function keepChildren(children: PlainList, ctx: CssContext): PlainList {
  const kept: PlainList = [];
  for (const child of children) {
    if (child.type === 'Declaration') {
      if (keepDeclaration(child, ctx)) kept.push(child);
    } else if (child.type === 'Rule') {
      if (ctx.budget.rules <= 0 || !safePrelude(child.prelude, ctx)) continue;
      ctx.budget.rules--;
      child.block.children = keepChildren(child.block.children, ctx);
      if (child.block.children.length > 0) kept.push(child);
    } else if (child.type === 'Atrule') {
      const name = plainName(child.name);
      if (name === null || !KEPT_AT_RULES.has(name)) {
        // A stylesheet import, a web font: remote content the user did not ask for.
        if (name === 'import' || holdsUrl(child)) ctx.blocked++;
        continue;
      }
      if (ctx.budget.rules <= 0 || !safePrelude(child.prelude, ctx)) continue;
      ctx.budget.rules--;
      child.name = name;
      if (child.block) child.block.children = keepChildren(child.block.children, ctx);
      kept.push(child);
    }
    // Raw (unreadable), comments and stray tokens are not kept.
  }
  return kept;
}

/**
 * `</` cannot end a <style> element once written as `<\/` (a valid escape in CSS strings and
 * URLs, the only places it can appear in generated CSS): the HTML parser reads style content as
 * raw text up to `</style` (HTML §13.2.5.3).
 */
const closeTagSafe = (css: string): string => css.replace(/<\//g, '<\\/');

function parseAndKeep(text: string, context: 'stylesheet' | 'declarationList', ctx: CssContext): string {
  if (!text.trim()) return '';
  // (css-tree's `list: false` option reads some values as Raw; toPlainObject gives the same arrays.)
  const ast = csstree.toPlainObject(csstree.parse(text, { context, parseCustomProperty: true, positions: false, onParseError: () => {} }));
  if (!('children' in ast) || !Array.isArray(ast.children)) return '';
  ast.children = keepChildren(ast.children as PlainList, ctx);
  return closeTagSafe(csstree.generate(csstree.fromPlainObject(ast)));
}

/** The text of a `<style>` element, sanitised. */
export function sanitizeStylesheet(css: string, ctx: CssContext): string {
  return parseAndKeep(keptText(css, 'stylesheet', ctx.budget), 'stylesheet', ctx);
}

/** A `style` attribute, sanitised (declarations only). */
export function sanitizeStyleAttribute(css: string, ctx: CssContext): string {
  return parseAndKeep(keptText(css, 'declarations', ctx.budget), 'declarationList', ctx);
}
