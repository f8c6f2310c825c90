import { inflateRawSync } from 'node:zlib';

// Whether a zip is a Word document (.docx), judged while it streams past (decision 010): a zip that
// merely names `word/document.xml` is not one (issue 27). Word opens a package by its
// `[Content_Types].xml`, which must give the main part, named in `_rels/.rels`, the Word document's
// content type, and by that part. The zip's directory is at its end, the parts it points to anywhere
// before it, so two bounded things are kept as the bytes go by: the last bytes (the directory) and
// the entries that carry those two small parts, found by their local headers. Only the directory's
// word counts: a local header it does not point to is ignored.

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const CONTENT_TYPES = '[content_types].xml';
const ROOT_RELATIONSHIPS = '_rels/.rels';
const DEFAULT_MAIN_PART = 'word/document.xml';
const OFFICE_DOCUMENT_TYPES = new Set([
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument',
  // ISO/IEC 29500 Strict
  'http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument',
]);

const LOCAL_HEADER = Buffer.from('PK\x03\x04', 'latin1');
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = Buffer.from('PK\x05\x06', 'latin1');
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const LOCAL_HEADER_BYTES = 30;
const END_BYTES = 22;

/** Room for a directory of some 5,000 parts and the largest comment; a real .docx has dozens. */
const TAIL_BYTES = 512 * 1024;
/** Kept of each entry that may hold one of the two parts read: header and compressed data. */
const CAPTURE_BYTES = 64 * 1024;
/** At most this many such entries are kept; a real package has one of each. */
const MAX_CAPTURES = 8;
/** The two parts are a few hundred bytes; more than this inflated is not a document but a bomb. */
const PART_MAX_BYTES = 1024 * 1024;
const WANTED_NAME_LENGTHS = new Set([CONTENT_TYPES.length, ROOT_RELATIONSHIPS.length]);

interface DirectoryEntry {
  flags: number;
  method: number;
  compressedSize: number;
  localOffset: number;
}

interface Capture {
  offset: number;
  chunks: Buffer[];
  length: number;
}

export class WordPackageCheck {
  private received = 0;
  /** The last bytes of the previous chunk, where a local header may have begun. */
  private carry = Buffer.alloc(0);
  private readonly captures: Capture[] = [];
  private tail: Buffer[] = [];
  private tailLength = 0;

  /** Takes the next chunk of the file. */
  push(chunk: Buffer): void {
    const start = this.received;
    this.received += chunk.length;
    for (const capture of this.captures) this.extend(capture, chunk);
    this.findLocalHeaders(chunk, start);
    this.keepTail(chunk);
  }

  /** After the last chunk: whether the file is a Word document. */
  isWordDocument(): boolean {
    const directory = this.readDirectory();
    if (!directory) return false;
    const relationships = this.partText(directory, ROOT_RELATIONSHIPS);
    if (relationships === null) return false;
    const mainPart = relationships === undefined ? DEFAULT_MAIN_PART : officeDocumentTarget(relationships);
    if (!mainPart || !directory.has(mainPart.toLowerCase())) return false;
    const contentTypes = this.partText(directory, CONTENT_TYPES);
    return typeof contentTypes === 'string' && contentTypeOf(contentTypes, mainPart) === WORD_MAIN;
  }

  private extend(capture: Capture, bytes: Buffer): void {
    if (capture.length >= CAPTURE_BYTES) return;
    const part = Buffer.from(bytes.subarray(0, CAPTURE_BYTES - capture.length));
    capture.chunks.push(part);
    capture.length += part.length;
  }

  private findLocalHeaders(chunk: Buffer, start: number): void {
    const window = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const windowStart = start - this.carry.length;
    // A header that starts too near the end to be read is looked at again with the next chunk.
    let keepFrom = Math.max(0, window.length - (LOCAL_HEADER.length - 1));
    for (let at = window.indexOf(LOCAL_HEADER); at !== -1; at = window.indexOf(LOCAL_HEADER, at + 1)) {
      if (at + LOCAL_HEADER_BYTES > window.length) {
        keepFrom = at;
        break;
      }
      const nameLength = window.readUInt16LE(at + 26);
      if (!WANTED_NAME_LENGTHS.has(nameLength)) continue;
      if (at + LOCAL_HEADER_BYTES + nameLength > window.length) {
        keepFrom = at;
        break;
      }
      const name = window
        .toString('latin1', at + LOCAL_HEADER_BYTES, at + LOCAL_HEADER_BYTES + nameLength)
        .toLowerCase();
      if ((name === CONTENT_TYPES || name === ROOT_RELATIONSHIPS) && this.captures.length < MAX_CAPTURES) {
        const capture: Capture = { offset: windowStart + at, chunks: [], length: 0 };
        this.extend(capture, window.subarray(at));
        this.captures.push(capture);
      }
    }
    this.carry = Buffer.from(window.subarray(keepFrom));
  }

  private keepTail(chunk: Buffer): void {
    this.tail.push(chunk);
    this.tailLength += chunk.length;
    if (this.tailLength > 2 * TAIL_BYTES) {
      const kept = Buffer.concat(this.tail).subarray(-TAIL_BYTES);
      this.tail = [Buffer.from(kept)];
      this.tailLength = kept.length;
    }
  }

  /** The zip's directory by lower-case name, or null if it is missing, out of reach, or ambiguous. */
  private readDirectory(): Map<string, DirectoryEntry> | null {
    const tail = Buffer.concat(this.tail);
    const tailStart = this.received - tail.length;
    let end = -1;
    for (
      let at = tail.lastIndexOf(END_OF_DIRECTORY);
      at !== -1 && at >= tail.length - END_BYTES - 0xffff;
      at = at > 0 ? tail.lastIndexOf(END_OF_DIRECTORY, at - 1) : -1
    ) {
      if (at + END_BYTES <= tail.length && at + END_BYTES + tail.readUInt16LE(at + 20) === tail.length) {
        end = at;
        break;
      }
    }
    if (end === -1) return null;
    let count = tail.readUInt16LE(end + 10);
    let size = tail.readUInt32LE(end + 12);
    let offset = tail.readUInt32LE(end + 16);
    let directoryEnd = end;
    if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      const locator = end - 20;
      if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR) return null;
      const record = Number(tail.readBigUInt64LE(locator + 8)) - tailStart;
      if (record < 0 || record + 56 > locator || tail.readUInt32LE(record) !== ZIP64_END) return null;
      count = Number(tail.readBigUInt64LE(record + 32));
      size = Number(tail.readBigUInt64LE(record + 40));
      offset = Number(tail.readBigUInt64LE(record + 48));
      directoryEnd = record;
    }
    let at = offset - tailStart;
    if (at < 0 || at + size > directoryEnd) return null;
    const entries = new Map<string, DirectoryEntry>();
    for (let index = 0; index < count; index++) {
      if (at + 46 > directoryEnd || tail.readUInt32LE(at) !== CENTRAL_HEADER) return null;
      const nameLength = tail.readUInt16LE(at + 28);
      const extraLength = tail.readUInt16LE(at + 30);
      const commentLength = tail.readUInt16LE(at + 32);
      const next = at + 46 + nameLength + extraLength + commentLength;
      if (next > directoryEnd) return null;
      const entry: DirectoryEntry = {
        flags: tail.readUInt16LE(at + 8),
        method: tail.readUInt16LE(at + 10),
        compressedSize: tail.readUInt32LE(at + 20),
        localOffset: tail.readUInt32LE(at + 42),
      };
      if (
        !readZip64Extra(
          tail.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength),
          entry,
          tail.readUInt32LE(at + 24),
        )
      )
        return null;
      const name = tail.toString('utf8', at + 46, at + 46 + nameLength).toLowerCase();
      // Two entries of one name: readers would disagree on which is the package's.
      if (entries.has(name)) return null;
      entries.set(name, entry);
      at = next;
    }
    return entries;
  }

  /** The text of a part: undefined when the zip has no such part, null when it cannot be read. */
  private partText(directory: Map<string, DirectoryEntry>, name: string): string | null | undefined {
    const entry = directory.get(name);
    if (!entry) return undefined;
    const capture = this.captures.find((candidate) => candidate.offset === entry.localOffset);
    // Encrypted (bit 0) parts, and methods other than stored and deflated, are no Word document.
    if (!capture || entry.flags & 1 || (entry.method !== 0 && entry.method !== 8)) return null;
    const bytes = Buffer.concat(capture.chunks);
    if (bytes.length < LOCAL_HEADER_BYTES) return null;
    const dataStart = LOCAL_HEADER_BYTES + bytes.readUInt16LE(26) + bytes.readUInt16LE(28);
    if (dataStart + entry.compressedSize > bytes.length) return null;
    const data = bytes.subarray(dataStart, dataStart + entry.compressedSize);
    try {
      const content = entry.method === 0 ? data : inflateRawSync(data, { maxOutputLength: PART_MAX_BYTES });
      if (content.length > PART_MAX_BYTES) return null;
      // XML in a package is UTF-8 or UTF-16 (ECMA-376 Part 2, 8.1.4), the latter with its byte order mark.
      if (content[0] === 0xff && content[1] === 0xfe) return content.toString('utf16le', 2);
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
    } catch {
      return null;
    }
  }
}

/** Fills the sizes and offset a Zip64 extra field holds for those the directory entry marks 0xFFFFFFFF. */
function readZip64Extra(extra: Buffer, entry: DirectoryEntry, uncompressedSize: number): boolean {
  const wanted = [
    uncompressedSize === 0xffffffff,
    entry.compressedSize === 0xffffffff,
    entry.localOffset === 0xffffffff,
  ];
  if (!wanted.some(Boolean)) return true;
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== 0x0001) continue;
    let field = at + 4;
    const fieldEnd = field + extra.readUInt16LE(at + 2);
    const values: number[] = [];
    for (const isWanted of wanted) {
      if (!isWanted) continue;
      if (field + 8 > fieldEnd || field + 8 > extra.length) return false;
      values.push(Number(extra.readBigUInt64LE(field)));
      field += 8;
    }
    if (wanted[0]) values.shift();
    if (wanted[1]) entry.compressedSize = values.shift() ?? 0;
    if (wanted[2]) entry.localOffset = values.shift() ?? 0;
    return true;
  }
  return false;
}

const ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES.get(name) ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

// The XML is read by hand, in one pass: these parts come from anyone, and regular expressions over
// tags and attributes backtrack quadratically on a long run without the closing character.

/** `name="value"` pairs. */
function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (let at = 0; ;) {
    const equals = text.indexOf('=', at);
    if (equals === -1) break;
    let open = equals + 1;
    while (text[open] === ' ' || text[open] === '\t' || text[open] === '\n' || text[open] === '\r') open++;
    const quote = text[open];
    if (quote !== '"' && quote !== "'") break;
    const close = text.indexOf(quote, open + 1);
    if (close === -1) break;
    const name = text.slice(at, equals).trim();
    attributes.set(name.slice(name.lastIndexOf(':') + 1), decodeXmlText(text.slice(open + 1, close)));
    at = close + 1;
  }
  return attributes;
}

/** The attributes of every element of this local name (any namespace prefix), names without prefix. */
function elementsNamed(xml: string, localName: string): Map<string, string>[] {
  const elements: Map<string, string>[] = [];
  let end = -1;
  for (let at = xml.indexOf('<'); at !== -1; at = xml.indexOf('<', at + 1)) {
    if (end < at) end = xml.indexOf('>', at);
    if (end === -1) break;
    const nextOpen = xml.indexOf('<', at + 1);
    if (nextOpen !== -1 && nextOpen < end) continue;
    const tag = xml.slice(at + 1, end);
    const nameEnd = tag.search(/[\s/]/);
    const qualifiedName = nameEnd === -1 ? tag : tag.slice(0, nameEnd);
    if (qualifiedName.slice(qualifiedName.lastIndexOf(':') + 1) === localName)
      elements.push(attributesOf(nameEnd === -1 ? '' : tag.slice(nameEnd)));
  }
  return elements;
}

/** The package's main part as `_rels/.rels` names it (`word/document.xml`), or null. */
function officeDocumentTarget(relationships: string): string | null {
  const relationship = elementsNamed(relationships, 'Relationship').find(
    (attributes) =>
      OFFICE_DOCUMENT_TYPES.has(attributes.get('Type') ?? '') && attributes.get('TargetMode') !== 'External',
  );
  const target = relationship?.get('Target');
  if (!target) return null;
  const segments: string[] = [];
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  try {
    return segments.length > 0 ? decodeURIComponent(segments.join('/')) : null;
  } catch {
    return null;
  }
}

/** The content type `[Content_Types].xml` gives a part: its Override, else the Default of its extension. */
function contentTypeOf(contentTypes: string, part: string): string | undefined {
  const partName = `/${part}`.toLowerCase();
  const override = elementsNamed(contentTypes, 'Override').find(
    (attributes) => attributes.get('PartName')?.toLowerCase() === partName,
  );
  const extension = part.slice(part.lastIndexOf('.') + 1).toLowerCase();
  const chosen =
    override ??
    elementsNamed(contentTypes, 'Default').find(
      (attributes) => attributes.get('Extension')?.toLowerCase() === extension,
    );
  return chosen?.get('ContentType')?.trim().toLowerCase();
}
