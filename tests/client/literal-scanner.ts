import ts from 'typescript';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Finds the words a source file would show a user without a translation (issue 26, point 1): JSX
 * text, the user-facing attributes of JSX and of the audience page's h() builder, notify() and
 * translate() with a sentence rather than a key, and literal text or labels set on DOM elements.
 * What it finds is reported as `line: text`; the translation keys it meets are collected, so that a
 * test can check each one has its words in every locale.
 */

/** A translation key: 'ra.action.save', 'songs.import.title' (a sentence has spaces, a key has dots). */
export const KEY = /^[a-z][a-z_]*(\.[a-z0-9_]+)+$/;

/** The props and attributes whose text a user reads or hears (react-admin's, MUI's and HTML's). */
const USER_FACING_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'ariaLabel',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'helperText',
  'emptyText',
  'noOptionsText',
  'loadingText',
  'confirmTitle',
  'confirmContent',
  'content',
  'successMessage',
  'tooltip',
  'message',
  // MUI's ListItemText and CardHeader.
  'primary',
  'secondary',
  'subheader',
  // Encore's own components' words: a confirmation's buttons, a file input's refusal.
  'confirm',
  'cancel',
  'notImage',
]);

/** DOM properties that show their value as text or read it aloud. */
const USER_FACING_DOM = new Set(['textContent', 'innerText', 'title', 'placeholder', 'ariaLabel', 'alt']);

/**
 * Text that is no word in any language, so it needs no translation. Each with why it is allowed.
 */
export const ALLOWED = new Map<string, string>([
  ['Encore', "the product's name (react-admin's title), the same in every language"],
]);

export interface Finding {
  line: number;
  text: string;
}

export interface ScanResult {
  /** Words shown without a translation. */
  literals: Finding[];
  /** Translation keys used whole ('songs.import.title'). */
  keys: Finding[];
  /** The fixed start of keys made at run time (`system.levels.${level}` gives 'system.levels'). */
  keyPrefixes: Finding[];
  /** Every key-shaped string anywhere ('bands.list' given to a component that adds '.empty'). */
  mentions: Finding[];
  /** The allowed words met (so that an entry nothing uses any more can be dropped). */
  allowed: Finding[];
}

const hasWords = (text: string) => /\p{L}/u.test(text);

/** A style sheet's rules ('body { font-size: 28px; }'): code, not words. */
const CSS = /^([^{}]+\{[^{}]*:[^{}]*\}\s*)+$/;

/** Text a user must be given in their language: it has letters, and is neither a key nor allowed. */
function needsTranslation(text: string) {
  const trimmed = text.trim();
  return hasWords(trimmed) && !KEY.test(trimmed) && !ALLOWED.has(trimmed) && !CSS.test(trimmed);
}

/** A key made at run time, `${resource}.list.search`: each ${…} stands for a part of a key. */
const computedKey = (parts: string[]) => KEY.test(parts.join('x'));

const propName = (name: ts.PropertyName | ts.JsxAttributeName) =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;

/** The name of what is called: notify, translate, t, h, setAttribute. */
function calleeName(call: ts.CallExpression) {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** Functions whose first argument is a translation key (react-admin's translate, notify). */
const TRANSLATING = new Set(['translate', 't', 'notify']);

export function scanSource(fileName: string, source: string): ScanResult {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const result: ScanResult = { literals: [], keys: [], keyPrefixes: [], allowed: [], mentions: [] };
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const report = (node: ts.Node, text: string) => result.literals.push({ line: lineOf(node), text });

  /** A value shown to the user: its literal parts (both branches of a ?:, a template's text). */
  function shown(node: ts.Node | undefined): void {
    if (!node) return;
    if (ts.isParenthesizedExpression(node) || ts.isJsxExpression(node)) return shown(node.expression);
    if (ts.isConditionalExpression(node)) return (shown(node.whenTrue), shown(node.whenFalse));
    if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)
    )
      return (shown(node.left), shown(node.right));
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
      return shown(node.right);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (KEY.test(node.text)) result.keys.push({ line: lineOf(node), text: node.text });
      else if (ALLOWED.has(node.text.trim()))
        result.allowed.push({ line: lineOf(node), text: node.text.trim() });
      else if (needsTranslation(node.text)) report(node, node.text);
      return;
    }
    if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      if (computedKey(parts)) keyPrefix(node);
      else if (parts.some(needsTranslation)) report(node, node.getText(file));
    }
  }

  /** `system.levels.${level}`: its fixed start, 'system.levels', must be in every locale. */
  function keyPrefix(node: ts.TemplateExpression) {
    const prefix = node.head.text.replace(/\.[^.]*$/, '');
    if (KEY.test(`${prefix}.x`)) result.keyPrefixes.push({ line: lineOf(node), text: prefix });
  }

  // react-admin's hooks under other names: const say = useNotify().
  const aliases = new Set<string>();
  const findAliases = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ['useNotify', 'useTranslate'].includes(calleeName(node.initializer) ?? '')
    )
      aliases.add(node.name.text);
    ts.forEachChild(node, findAliases);
  };
  findAliases(file);

  function visit(node: ts.Node) {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && KEY.test(node.text))
      result.mentions.push({ line: lineOf(node), text: node.text });
    if (ts.isJsxText(node)) {
      if (needsTranslation(node.text)) report(node, node.text.trim());
    } else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      // {'text'} or {cond ? 'a' : 'b'} among an element's children.
      shown(node.expression);
    } else if (ts.isJsxAttribute(node)) {
      const name = propName(node.name);
      if (name && USER_FACING_PROPS.has(name)) shown(node.initializer);
    } else if (ts.isPropertyAssignment(node)) {
      // { label: 'Songs' } in a menu's or a select's items, { 'aria-label': '…' } for h().
      const name = propName(node.name);
      if (name && USER_FACING_PROPS.has(name)) shown(node.initializer);
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const target = node.left;
      if (ts.isPropertyAccessExpression(target) && USER_FACING_DOM.has(target.name.text)) shown(node.right);
    } else if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      const [first, second, ...rest] = node.arguments;
      if (name && (TRANSLATING.has(name) || aliases.has(name))) shown(first);
      else if (
        name === 'setAttribute' &&
        first &&
        ts.isStringLiteral(first) &&
        USER_FACING_PROPS.has(first.text)
      )
        shown(second);
      else if (name === 'h') for (const child of rest) shown(child); // the audience page's text children
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'HttpError'
    ) {
      // react-admin shows a failed request's message in a toast, translated where it is a key.
      shown(node.arguments?.[0]);
    }
    ts.forEachChild(node, visit);
  }
  visit(file);
  return result;
}

/** The message files: the only place for words (docs/decisions.md, issue 26). */
export const MESSAGE_FILE =
  /^src\/client\/(i18n\/|live\/i18n\.ts$|.*\/messages(\.sr)?\.ts$|live\/(audience|screen)\/texts\.ts$)/;

/** Every .ts and .tsx file under src/client but the message files, relative to the project. */
export function clientSources(root: string): string[] {
  return (readdirSync(path.join(root, 'src/client'), { recursive: true }) as string[])
    .map((file) => `src/client/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !MESSAGE_FILE.test(file))
    .sort();
}
