import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  content: string | Buffer;
  /** Stored rather than deflated. */
  stored?: boolean;
}

export interface ZipOptions {
  /**
   * Sizes and CRC after the data (general purpose bit 3), zeros in the local header, as writers that
   * stream (Java's ZipOutputStream, .NET's ZipArchive) do.
   */
  dataDescriptors?: boolean;
  /** Zip64 end of central directory records and extra fields, as .NET writes even for small files. */
  zip64?: boolean;
}

const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
const u64 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
};

/** A zip archive of `entries`, in that order, written here so that tests need no binary fixtures. */
export function zipArchive(
  entries: readonly ZipEntry[],
  { dataDescriptors = false, zip64 = false }: ZipOptions = {},
): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const content = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content);
    const data = entry.stored ? content : deflateRawSync(content);
    const method = entry.stored ? 0 : 8;
    const crc = crc32(content);
    const flags = dataDescriptors ? 0x08 : 0;
    const version = zip64 ? 45 : 20;
    const localExtra = zip64
      ? Buffer.concat([
          u16(1),
          u16(16),
          u64(dataDescriptors ? 0 : content.length),
          u64(dataDescriptors ? 0 : data.length),
        ])
      : Buffer.alloc(0);
    const localSizes = zip64 ? [0xffffffff, 0xffffffff] : dataDescriptors ? [0, 0] : [data.length, content.length];
    const local = Buffer.concat([
      u32(0x04034b50),
      u16(version),
      u16(flags),
      u16(method),
      u32(0),
      u32(dataDescriptors ? 0 : crc),
      u32(localSizes[0] ?? 0),
      u32(localSizes[1] ?? 0),
      u16(name.length),
      u16(localExtra.length),
      name,
      localExtra,
    ]);
    const descriptor = dataDescriptors
      ? Buffer.concat([
          u32(0x08074b50),
          u32(crc),
          ...(zip64 ? [u64(data.length), u64(content.length)] : [u32(data.length), u32(content.length)]),
        ])
      : Buffer.alloc(0);
    const centralExtra = zip64
      ? Buffer.concat([u16(1), u16(24), u64(content.length), u64(data.length), u64(offset)])
      : Buffer.alloc(0);
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(version),
        u16(version),
        u16(flags),
        u16(method),
        u32(0),
        u32(crc),
        u32(zip64 ? 0xffffffff : data.length),
        u32(zip64 ? 0xffffffff : content.length),
        u16(name.length),
        u16(centralExtra.length),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(zip64 ? 0xffffffff : offset),
        name,
        centralExtra,
      ]),
    );
    parts.push(local, data, descriptor);
    offset += local.length + data.length + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const tail: Buffer[] = [];
  if (zip64) {
    const record = Buffer.concat([
      u32(0x06064b50),
      u64(44),
      u16(45),
      u16(45),
      u32(0),
      u32(0),
      u64(entries.length),
      u64(entries.length),
      u64(directory.length),
      u64(offset),
    ]);
    const locator = Buffer.concat([u32(0x07064b50), u32(0), u64(offset + directory.length), u32(1)]);
    tail.push(record, locator);
  }
  const count = zip64 ? 0xffff : entries.length;
  tail.push(
    Buffer.concat([
      u32(0x06054b50),
      u16(0),
      u16(0),
      u16(count),
      u16(count),
      u32(zip64 ? 0xffffffff : directory.length),
      u32(zip64 ? 0xffffffff : offset),
      u16(0),
    ]),
  );
  return Buffer.concat([...parts, directory, ...tail]);
}

export const CONTENT_TYPES_NS = 'http://schemas.openxmlformats.org/package/2006/content-types';
const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
export const WORD_MAIN_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const OFFICE_DOCUMENT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';

/** _rels/.rels naming `mainPart` as the package's office document. */
export const wordRelationships = (mainPart: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${RELATIONSHIPS_NS}"><Relationship Id="rId1" Type="${OFFICE_DOCUMENT}" Target="${mainPart}"/></Relationships>`;

/** The parts of a Word document, in the order Word writes them; each may be left out or changed. */
export function wordDocumentEntries({
  mainPart = 'word/document.xml',
  contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${CONTENT_TYPES_NS}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${mainPart}" ContentType="${WORD_MAIN_CONTENT_TYPE}"/></Types>`,
  relationships = wordRelationships(mainPart),
}: { mainPart?: string; contentTypes?: string | null; relationships?: string | null } = {}): ZipEntry[] {
  return [
    ...(contentTypes === null ? [] : [{ name: '[Content_Types].xml', content: contentTypes }]),
    ...(relationships === null ? [] : [{ name: '_rels/.rels', content: relationships }]),
    {
      name: mainPart,
      content:
        '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Försäkringsbrev</w:t></w:r></w:p></w:body></w:document>',
    },
  ];
}
