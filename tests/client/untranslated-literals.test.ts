/**
 * No word a user sees is written outside the message files, and every key the panel asks for has its
 * words in English and Serbian (Cyrillic is made from the Latin), so that a user who chose Serbian
 * sees no English (issue 26, point 1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// The whole panel's English: the panel's tree and the words its screens bring as they load.
import { allEnglish as en } from '../../src/client/i18n/screens';
import { sr } from '../../src/client/i18n/sr';
import { ALLOWED, clientSources, type ScanResult, scanSource } from './literal-scanner';

const root = process.cwd();
const scans: [string, ScanResult][] = clientSources(root).map((file) => [
  file,
  scanSource(file, readFileSync(`${root}/${file}`, 'utf8')),
]);

const at = (tree: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

const LOCALES = { en, sr };

describe('the scanner', () => {
  const literals = (source: string) => scanSource('planted.tsx', source).literals;

  it('finds words in JSX text, in user-facing props and in {…} among children', () => {
    expect(
      literals(`const A = () => (
  <div>
    <p>Hello there</p>
    <TextInput source="naziv" label="Song name" helperText={busy ? 'Saving' : 'resources.x.y'} />
    <span aria-label="Close" title={\`Open \${name}\`}>{'Left'}{busy && 'Wait'}</span>
  </div>
);`),
    ).toEqual([
      { line: 3, text: 'Hello there' },
      { line: 4, text: 'Song name' },
      { line: 4, text: 'Saving' },
      { line: 5, text: 'Close' },
      { line: 5, text: '`Open ${name}`' },
      { line: 5, text: 'Left' },
      { line: 5, text: 'Wait' },
    ]);
  });

  it('finds sentences given to notify(), translate() and HttpError in place of a key', () => {
    expect(
      literals(`notify('Song saved', { type: 'success' });
notify('songs.add.success');
translate('Not a key');
throw new HttpError('Not found', 404);
const say = useNotify();
say('Saved');`),
    ).toEqual([
      { line: 1, text: 'Song saved' },
      { line: 3, text: 'Not a key' },
      { line: 4, text: 'Not found' },
      { line: 6, text: 'Saved' },
    ]);
  });

  it('finds words set on the DOM and given to the audience page’s h() builder', () => {
    expect(
      literals(`label.textContent = 'Find a song';
list.setAttribute('aria-label', 'Songs');
h('button', { 'aria-label': 'Send' }, 'Request');
h('p', {}, \`\${gig.naziv} · \${when}\`);
style.textContent = 'body { font-size: 28px; }';`),
    ).toEqual([
      { line: 1, text: 'Find a song' },
      { line: 2, text: 'Songs' },
      { line: 3, text: 'Request' },
      { line: 3, text: 'Send' },
    ]);
  });

  it('passes keys, symbols, numbers, class names and the allowed words', () => {
    const scan = scanSource(
      'planted.tsx',
      `<Box className="wide" sx={{ p: 2 }} title="Encore" label={translate(\`system.levels.\${level}\`)}>
  — · × # 42 {'·'} <Button label="ra.action.save" />
</Box>`,
    );
    expect(scan.literals).toEqual([]);
    expect(scan.keys).toEqual([{ line: 2, text: 'ra.action.save' }]);
    expect(scan.keyPrefixes).toEqual([{ line: 1, text: 'system.levels' }]);
    expect(scan.allowed).toEqual([{ line: 1, text: 'Encore' }]);
  });
});

describe('src/client', () => {
  it('scans the screens, the live pages and the providers', () => {
    const files = scans.map(([file]) => file);
    expect(files).toContain('src/client/songs/SongList.tsx');
    expect(files).toContain('src/client/live/audience/view.ts');
    expect(files).not.toContain('src/client/i18n/en.ts');
    expect(scans.reduce((n, [, scan]) => n + scan.keys.length, 0)).toBeGreaterThan(100);
  });

  it('shows no word outside the message files', () => {
    const found = scans.flatMap(([file, scan]) => scan.literals.map((l) => `${file}:${l.line}: ${l.text}`));
    expect(found).toEqual([]);
  });

  it('has every key it uses in English and Serbian', () => {
    const missing = scans.flatMap(([file, scan]) =>
      scan.keys.flatMap(({ line, text }) =>
        Object.entries(LOCALES)
          .filter(([, messages]) => typeof at(messages, text) !== 'string')
          .map(([locale]) => `${file}:${line}: ${text} (${locale})`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('has the messages under every key it makes at run time, in English and Serbian', () => {
    const missing = scans.flatMap(([file, scan]) =>
      scan.keyPrefixes.flatMap(({ line, text }) =>
        Object.entries(LOCALES)
          .filter(([, messages]) => typeof at(messages, text) !== 'object')
          .map(([locale]) => `${file}:${line}: ${text}.… (${locale})`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('names only messages and groups of messages that are in English and Serbian alike', () => {
    // A key-shaped string under one of the messages' own roots ('bands.list', 'ra.action.save'),
    // wherever it is passed; others ('text.secondary', a colour) are not the messages'.
    const roots = new Set(Object.keys(en));
    const wrong = scans.flatMap(([file, scan]) =>
      scan.mentions
        .filter(({ text }) => roots.has(text.split('.')[0]))
        .filter(({ text }) => at(en, text) === undefined || typeof at(sr, text) !== typeof at(en, text))
        .map(({ line, text }) => `${file}:${line}: ${text}`),
    );
    expect(wrong).toEqual([]);
  });

  it('uses each allowed word, so that the list stays short', () => {
    const used = new Set(scans.flatMap(([, scan]) => scan.allowed.map((a) => a.text)));
    expect([...ALLOWED.keys()].filter((word) => !used.has(word))).toEqual([]);
  });
});
