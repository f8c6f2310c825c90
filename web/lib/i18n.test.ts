import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const catalogueFolders = ['web/locales', 'contracts/locales'];

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

function namespaces(folder: string, language: string): string[] {
  return readdirSync(path.join(root, folder, language)).filter((file) => file.endsWith('.json'));
}

function readKeys(folder: string, language: string, file: string): string[] {
  return keyPaths(JSON.parse(readFileSync(path.join(root, folder, language, file), 'utf8'))).sort();
}

describe.each(catalogueFolders)('translations in %s', (folder) => {
  it('has the same namespaces in Swedish and English', () => {
    expect(namespaces(folder, 'en')).toEqual(namespaces(folder, 'sv'));
  });

  it.each(namespaces(folder, 'sv'))('%s has the same keys in both languages, none empty', (file) => {
    const swedish = readKeys(folder, 'sv', file);
    expect(readKeys(folder, 'en', file)).toEqual(swedish);
    for (const language of ['sv', 'en']) {
      const catalogue: unknown = JSON.parse(readFileSync(path.join(root, folder, language, file), 'utf8'));
      const values = swedish.map((key) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue),
      );
      expect(values.filter((text) => typeof text !== 'string' || text.trim() === '')).toEqual([]);
    }
  });
});
