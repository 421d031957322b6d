// `npm run lint`: fails when a package in package-lock.json asks for a Node.js that excludes one of
// the lines Encore supports (package.json's engines: the oldest release of each line is checked).
// npm install only warns (EBADENGINE), and such a package may stop working on that line at any time.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

interface Lock {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
}

/** The oldest version of each line a range allows ("^20.19.0 || >=24" → 20.19.0, 24.0.0). */
export function oldestOfEachLine(range: string): string[] {
  return range.split('||').map((part) => {
    const oldest = semver.minVersion(part.trim());
    if (!oldest) throw new Error(`package.json engines.node: no version satisfies "${part.trim()}"`);
    return oldest.version;
  });
}

/** One line per package whose engines.node leaves out one of `versions`. */
export function engineProblems(lock: Lock, versions: string[]): string[] {
  const problems: string[] = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    // The root is package.json itself; an old lockfile may hold engines as a list (no Node range).
    const range = where && !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
    if (!range) continue;
    const excluded = versions.filter((version) => !semver.satisfies(version, range));
    if (excluded.length)
      problems.push(
        `${where.replace(/^.*node_modules\//, '')}@${entry.version} wants node "${range}": ` +
          `not ${excluded.join(', ')} (${where})`,
      );
  }
  return problems;
}

function main() {
  const read = (file: string) => JSON.parse(fs.readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));
  const range: string = read('package.json').engines.node;
  const versions = oldestOfEachLine(range);
  const problems = engineProblems(read('package-lock.json') as Lock, versions);
  if (problems.length) {
    console.error(
      `These packages exclude a Node.js line of package.json's engines ("${range}"): pin or override ` +
        `them to versions that run there, or change the supported lines (README) on purpose.\n` +
        problems.map((line) => `  ${line}`).join('\n'),
    );
    process.exit(1);
  }
  console.log(`engines: every package runs on Node.js ${versions.join(', ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
