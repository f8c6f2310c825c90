import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES_NS, WORD_MAIN_CONTENT_TYPE, wordDocumentEntries, zipArchive } from '../testing/zip.ts';
import { WordPackageCheck } from './word-package.ts';

/** The check's answer for `bytes` arriving in chunks of `size` bytes, as a network delivers them. */
function judge(bytes: Buffer, size = bytes.length): boolean {
  const check = new WordPackageCheck();
  for (let at = 0; at < bytes.length; at += size) check.push(bytes.subarray(at, at + size));
  return check.isWordDocument();
}

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../testing/fixtures', name));

describe('WordPackageCheck', () => {
  it('finds the package however the bytes are cut into chunks', () => {
    const document = zipArchive(
      [{ name: 'word/media/a.bin', content: randomBytes(200_000), stored: true }, ...wordDocumentEntries().reverse()],
      { dataDescriptors: true },
    );
    for (const size of [1, 2, 3, 7, 29, 30, 31, 64, 4096, 65_536])
      expect(judge(document, size), `chunks of ${size}`).toBe(true);
    expect(judge(fixture('forsakring.docx'), 5)).toBe(true);
    expect(judge(fixture('archive-renamed.docx'), 5)).toBe(false);
  });

  it('takes only the parts the directory points to, not a lookalike local header', () => {
    const real = zipArchive(wordDocumentEntries({ contentTypes: null }));
    // A stored entry whose bytes look like a [Content_Types].xml entry, unknown to the directory.
    const decoy = zipArchive(wordDocumentEntries()).subarray(0, 200);
    const forged = zipArchive([
      { name: 'decoy.bin', content: decoy, stored: true },
      ...wordDocumentEntries({ contentTypes: null }),
    ]);
    expect(judge(real)).toBe(false);
    expect(judge(forged)).toBe(false);
  });

  it('refuses two parts of one name, content types typing another part, and a directory out of reach', () => {
    expect(
      judge(
        zipArchive([
          ...wordDocumentEntries(),
          { name: '[Content_Types].xml', content: `<Types xmlns="${CONTENT_TYPES_NS}"/>` },
        ]),
      ),
    ).toBe(false);
    expect(
      judge(
        zipArchive(
          wordDocumentEntries({
            contentTypes: `<Types xmlns="${CONTENT_TYPES_NS}"><Override PartName="/word/other.xml" ContentType="${WORD_MAIN_CONTENT_TYPE}"/></Types>`,
          }),
        ),
      ),
    ).toBe(false);
    // Typed by its extension's Default instead of an Override: as good.
    expect(
      judge(
        zipArchive(
          wordDocumentEntries({
            contentTypes: `<t:Types xmlns:t="${CONTENT_TYPES_NS}"><t:Default Extension="XML" ContentType="${WORD_MAIN_CONTENT_TYPE}" /></t:Types>`,
          }),
        ),
      ),
    ).toBe(true);
    const withComment = zipArchive(wordDocumentEntries());
    withComment.writeUInt16LE(10, withComment.length - 2);
    expect(judge(withComment)).toBe(false);
    expect(judge(Buffer.concat([withComment, Buffer.from('kommentar!')]))).toBe(true);
    expect(judge(Buffer.from('PK\x05\x06', 'latin1'))).toBe(false);
    expect(judge(Buffer.alloc(0))).toBe(false);
  });

  it('refuses a part that inflates past its bound, and reads hostile XML in linear time', () => {
    const bomb = zipArchive(wordDocumentEntries({ contentTypes: `<Types>${' '.repeat(4 * 1024 * 1024)}</Types>` }));
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(judge(bomb)).toBe(false);
    const started = performance.now();
    for (const hostile of [
      '<Override '.repeat(90_000),
      `<Override ${'a'.repeat(900_000)}`,
      `<${'<'.repeat(900_000)}>`,
      `<Override a=${'"'.repeat(1)}${'&#x1'.repeat(200_000)}`,
    ]) {
      expect(judge(zipArchive(wordDocumentEntries({ contentTypes: hostile })))).toBe(false);
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
