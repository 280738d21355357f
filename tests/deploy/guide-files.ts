import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * docs/deployment.md shows the configuration files of deploy/ between two markers, generated from the
 * files (one source: the deployment stage runs the files, so the guide shows what is tested).
 *
 *   npx tsx tests/deploy/guide-files.ts           fails, naming the file, when a block differs
 *   npx tsx tests/deploy/guide-files.ts --write   rewrites the blocks from the files
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GUIDE = path.join(ROOT, 'docs/deployment.md');
const FILES = [
  { file: 'deploy/nginx/datekit.conf', language: 'nginx' },
  { file: 'deploy/systemd/datekit@.service', language: 'ini' },
];

const block = (file: string, language: string) =>
  `<!-- ${file}: generated, edit the file and run npx tsx tests/deploy/guide-files.ts --write -->\n\n` +
  `\`\`\`${language}\n${fs.readFileSync(path.join(ROOT, file), 'utf8').trimEnd()}\n\`\`\`\n\n<!-- end of ${file} -->`;

/** The guide with every block as its file says; throws when the guide lacks a block's markers. */
export function guideFromFiles(guide: string): string {
  let text = guide;
  for (const { file, language } of FILES) {
    const start = text.indexOf(`<!-- ${file}: generated`);
    const endMarker = `<!-- end of ${file} -->`;
    const end = text.indexOf(endMarker, start);
    if (start < 0 || end < 0) throw new Error(`docs/deployment.md has no generated block for ${file}`);
    text = text.slice(0, start) + block(file, language) + text.slice(end + endMarker.length);
  }
  return text;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const guide = fs.readFileSync(GUIDE, 'utf8');
  const expected = guideFromFiles(guide);
  if (process.argv.includes('--write')) {
    fs.writeFileSync(GUIDE, expected);
  } else if (expected !== guide) {
    const stale = FILES.filter(({ file, language }) => !guide.includes(block(file, language))).map((f) => f.file);
    console.error(
      `docs/deployment.md shows ${stale.join(', ')} differently from the file: run npx tsx tests/deploy/guide-files.ts --write`,
    );
    process.exit(1);
  }
}
